// Honest model messages: a model that cannot load says why and what to do, and output of the
// random-weight test models (hopscope-test/*) carries a warning wherever it is shown.
//
// The config-only models used here are real folders in ../shared/models: HuggingFaceTB/SmolLM-360M-
// Instruct and Xenova/all-MiniLM-L6-v2 hold config.json and a tokenizer but no ONNX weights (no
// route interception). The "hub unreachable" message cannot be produced here without a request
// leaving the machine; load-failure.test.ts covers it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TEST_LLM = 'hopscope-test/tiny-random-llama';
const TEST_EMBEDDER = 'hopscope-test/tiny-random-bert';
const WARNING = 'random-weight test model: output is meaningless by design';

async function llm(page: Page, model: string): Promise<void> {
  await page.goto('/#/run');
  await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({
    timeout: 30_000,
  });
  await page.getByTestId('llm-model').fill(model);
  await page.getByTestId('llm-model').blur();
  await page.getByTestId('llm-device').selectOption('wasm');
  await page.getByTestId('llm-offline').check();
}

async function embedder(page: Page, model: string): Promise<void> {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toContainText('Built', { timeout: 30_000 });
  await page.getByTestId('embed-model').fill(model);
  await page.getByTestId('embed-model').blur();
  await page.getByTestId('embed-device').selectOption('wasm');
  await page.getByTestId('embed-offline').check();
}

test('an LLM folder with a config and no ONNX weights: the message lists what is missing and the ways out', async ({
  page,
}) => {
  await llm(page, 'HuggingFaceTB/SmolLM-360M-Instruct');
  await page.getByTestId('load-llm').click();
  const err = page.getByTestId('llm-error');
  await expect(err).toContainText(
    '/models/HuggingFaceTB/SmolLM-360M-Instruct/ holds config.json but no ONNX weights',
    { timeout: 60_000 },
  );
  for (const file of ['onnx/model.onnx', 'onnx/model_quantized.onnx', 'onnx/model_q4f16.onnx'])
    await expect(err).toContainText(file);
  await expect(err).toContainText('Ways out');
  await expect(err).toContainText('untick offline');
  await expect(err).toContainText('OpenAI-compatible server');
  // One way out per line, not one run-on paragraph.
  expect((await err.innerText()).split('\n').length).toBeGreaterThanOrEqual(4);
});

test('an embedding model without weights, and one not there at all, say which and what to do', async ({
  page,
}) => {
  await embedder(page, 'Xenova/all-MiniLM-L6-v2');
  await page.getByTestId('build-dense').click();
  const err = page.getByTestId('dense-error');
  await expect(err).toContainText('/models/Xenova/all-MiniLM-L6-v2/ holds config.json but no ONNX weights', {
    timeout: 60_000,
  });
  await expect(err).toContainText('onnx/model_quantized.onnx');

  await page.getByTestId('embed-model').fill('hopscope-test/no-such-model');
  await page.getByTestId('embed-model').blur();
  await page.getByTestId('build-dense').click();
  await expect(err).toContainText('offline mode reads only /models/hopscope-test/no-such-model/', {
    timeout: 60_000,
  });
  await expect(err).toContainText('untick offline to download it from the hub');
  await expect(err).toContainText('a transformers.js model folder');
});

test('dense and hybrid results and embedder rewards from a test embedder carry the warning', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await embedder(page, TEST_EMBEDDER);
  await page.getByTestId('build-dense').click();
  await expect(page.getByTestId('dense-status')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('dense-card').getByTestId('test-model-warning')).toContainText(WARNING);
  await page.getByTestId('question').first().click();
  for (const mode of ['dense', 'hybrid'])
    await expect(page.getByTestId(`results-${mode}`).getByTestId('test-model-warning')).toContainText(
      WARNING,
      {
        timeout: 30_000,
      },
    );
  await expect(page.getByTestId('results-bm25').getByTestId('test-model-warning')).toHaveCount(0);

  // Rewards over embeddings use the loaded embedder: the trajectory view's rewards say so too.
  await page.goto('/#/');
  await page.getByTestId('trajectory-row').first().click();
  await page.keyboard.press('r');
  const rewards = page.getByTestId('rewards-panel');
  await expect(rewards).toBeVisible();
  const load = rewards.getByRole('button', { name: `load ${TEST_EMBEDDER}` });
  if (await load.count()) await load.click();
  await expect(rewards.getByTestId('test-model-warning')).toContainText(WARNING, { timeout: 60_000 });
});

test('a live run on a test LLM carries the warning, in the live view and once stored', async ({ page }) => {
  test.setTimeout(180_000);
  await llm(page, TEST_LLM);
  await page.getByTestId('strategy-select').selectOption('direct');
  await page.getByTestId('question-select').selectOption({ index: 3 });
  await page.getByTestId('params-form').getByLabel('maxTokens', { exact: true }).fill('6');
  await page.getByTestId('run-button').click();
  const live = page.getByTestId('live-view');
  await expect(live.getByTestId('test-model-warning').first()).toContainText(`${TEST_LLM}: ${WARNING}`, {
    timeout: 60_000,
  });
  await expect(live).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(page.locator('.model-config').getByTestId('test-model-warning')).toContainText(WARNING);
  await page.getByTestId('open-saved').click();
  await expect(page.locator('.traj-head').getByTestId('test-model-warning')).toContainText(WARNING);
});

test('batch results from a test LLM carry the warning', async ({ page }) => {
  test.setTimeout(180_000);
  await llm(page, TEST_LLM);
  await page.getByTestId('strategy-select').selectOption('direct');
  await page.getByTestId('params-form').getByLabel('maxTokens', { exact: true }).fill('6');
  await page.getByTestId('batch-tab').click();
  await page.getByTestId('batch-strategy-search-r1').uncheck();
  await page.getByTestId('batch-n').fill('1');
  await expect(page.getByTestId('batch-start')).toHaveText('Start batch (1 run)');
  await page.getByTestId('batch-start').click();
  await expect(page.getByTestId('batch-item').first().getByTestId('batch-status')).toHaveText('done', {
    timeout: 120_000,
  });
  await expect(page.locator('.batch-title ~ [data-testid=test-model-warning]')).toContainText(
    `${TEST_LLM}: ${WARNING}`,
  );
});
