// Live agents in the browser: the real LLM worker (transformers.js on WASM) with the random-weight
// test model against the demo world's BM25 index. Its text is word salad, so this checks what can
// be checked: steps appear while the run goes, tokens stream, the plan tree grows, the run's flags
// show as its page shows them, Stop cancels mid-generation, and finished runs are stored like
// imported ones and survive a reload.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TEST_LLM = 'hopscope-test/tiny-random-llama';

async function setUp(page: Page): Promise<void> {
  await page.goto('/#/run');
  await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({
    timeout: 30_000,
  });
  await page.getByTestId('llm-model').fill(TEST_LLM);
  await page.getByTestId('llm-model').blur();
  await page.getByTestId('llm-device').selectOption('wasm');
  await page.getByTestId('llm-offline').check();
}

/** Each flag on a timeline, as "<step index> <flag>". */
function flagsOn(scope: Locator): Promise<string[]> {
  return scope
    .getByTestId('step')
    .evaluateAll((els) =>
      els.flatMap((e) =>
        [...e.querySelectorAll('.flag')].map((f) => `${e.getAttribute('data-index')} ${f.textContent}`),
      ),
    );
}

async function param(page: Page, name: string, value: string): Promise<void> {
  await page.getByTestId('params-form').getByLabel(name, { exact: true }).fill(value);
}

test('Search-R1 and APEX run live on the demo world; Stop cancels; runs are stored', async ({ page }) => {
  test.setTimeout(240_000);
  await setUp(page);
  const live = page.getByTestId('live-view');

  // Search-R1: steps appear while it runs.
  await page.getByTestId('strategy-select').selectOption('search-r1');
  await page.getByTestId('question-select').selectOption({ index: 10 });
  await param(page, 'maxTokens', '40');
  await page.getByTestId('run-button').click();
  await expect
    .poll(
      async () =>
        (await live.getAttribute('data-status')) === 'running' &&
        (await live.getByTestId('step').count()) > 0,
      { timeout: 60_000, intervals: [50] },
    )
    .toBe(true);
  await expect(live).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(page.getByTestId('llm-info')).toContainText('q8 on WASM');
  // Search-R1's protocol: turns of think (+ search / docs, or an invalid action).
  const kinds = await live
    .getByTestId('step')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
  expect(kinds[0]).toBe('think');
  expect(kinds.every((k) => ['think', 'search', 'retrieve', 'invalid', 'answer'].includes(k ?? ''))).toBe(
    true,
  );
  await expect(page.getByTestId('rewards-panel').getByTestId('reward').first()).toBeVisible();
  // The live view shows the run's flags (it showed none), the same its trajectory page shows.
  const liveFlags = await flagsOn(live);
  expect(liveFlags.length).toBeGreaterThan(0);
  await page.getByTestId('open-saved').click();
  await expect.poll(() => flagsOn(page.getByTestId('timeline')), { timeout: 30_000 }).toEqual(liveFlags);
  await page.goBack();
  await expect(live).toHaveAttribute('data-status', 'done');

  // APEX: the plan tree appears, then sub-question hops.
  await page.getByTestId('strategy-select').selectOption('apex');
  await param(page, 'maxTokens', '24');
  await param(page, 'queryMaxTokens', '24');
  await param(page, 'planMaxTokens', '48');
  await page.getByTestId('run-button').click();
  await expect(live).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(live.getByTestId('plan-tree')).toBeVisible();
  await expect(live.locator('.step[data-kind="sub_answer"]').first()).toBeVisible();

  // A long Search-R1 generation, stopped while tokens stream.
  await page.getByTestId('strategy-select').selectOption('search-r1');
  await param(page, 'maxTokens', '2000');
  await page.getByTestId('run-button').click();
  await expect(live.getByTestId('streaming-text')).toBeVisible({ timeout: 60_000 });
  const stoppedAt = Date.now();
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('live-status')).toHaveText('Stopped', { timeout: 10_000 });
  expect(Date.now() - stoppedAt).toBeLessThan(5_000);
  await expect(live).toContainText('finish: cancelled');

  // After a reload, the runs are in the trajectory table as live runs (the stopped one too).
  await page.goto('/#/');
  await page.reload();
  await expect(page.getByTestId('row-count')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Source file').selectOption('live runs');
  const rows = page.getByTestId('trajectory-row');
  await expect(rows).toHaveCount(3);
  const text = (await rows.allTextContents()).join('\n');
  expect(text).toContain('search-r1');
  expect(text).toContain('apex');
});

test('the LLM worker on WebGPU (SwiftShader) writes the same greedy tokens as on WASM', async ({ page }) => {
  test.setTimeout(240_000);
  await setUp(page);
  await page.getByTestId('strategy-select').selectOption('direct');
  await page.getByTestId('question-select').selectOption({ index: 3 });
  await param(page, 'maxTokens', '12');
  // fp32 on both devices: quantized kernels round differently per backend.
  await page.getByRole('combobox', { name: 'Precision' }).last().selectOption('fp32');
  const live = page.getByTestId('live-view');
  const answers: string[] = [];
  for (const device of ['wasm', 'webgpu'] as const) {
    await page.getByTestId('llm-device').selectOption(device);
    await page.getByTestId('run-button').click();
    await expect(live).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
    await expect(page.getByTestId('llm-info')).toContainText(
      device === 'wasm' ? 'fp32 on WASM' : 'fp32 on WebGPU',
    );
    answers.push((await page.getByTestId('live-answer').textContent()) ?? '');
  }
  expect(answers[0]!.length).toBeGreaterThan(0);
  expect(answers[1]).toBe(answers[0]);
  await expect(page.getByTestId('llm-info')).toContainText('software fallback');
});
