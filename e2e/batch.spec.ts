// Batch runs: strategies × questions with progress, pause, a reload mid-batch that loses nothing
// finished, resume to the end, and the comparison (table, scatter, four categories).
import { expect, test } from './fixtures';

test('a batch pauses, survives a reload, resumes and compares strategies', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/#/run');
  await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({
    timeout: 30_000,
  });
  await page.getByTestId('llm-model').fill('hopscope-test/tiny-random-llama');
  await page.getByTestId('llm-model').blur();
  await page.getByTestId('llm-offline').check();
  // Short generations for both strategies (the settings carry over to the batch).
  for (const s of ['direct', 'search-r1']) {
    await page.getByTestId('strategy-select').selectOption(s);
    await page.getByTestId('params-form').getByLabel('maxTokens', { exact: true }).fill('24');
  }

  await page.getByTestId('batch-tab').click();
  await page.getByTestId('batch-n').fill('4');
  await expect(page.getByTestId('batch-start')).toContainText('8 runs');
  await page.getByTestId('batch-start').click();
  const progress = page.getByTestId('batch-progress');
  await expect(progress).toContainText(/[2-7] \/ 8/, { timeout: 120_000 });
  await page.getByTestId('batch-pause').click();
  await expect(progress).toHaveCount(0, { timeout: 30_000 });
  const item = page.getByTestId('batch-item').first();
  await expect(item.getByTestId('batch-status')).toHaveText('paused');
  const doneBefore = Number(/(\d+)\/8/.exec((await item.textContent()) ?? '')?.[1]);
  expect(doneBefore).toBeGreaterThanOrEqual(2);
  expect(doneBefore).toBeLessThan(8);

  await page.reload();
  await page.getByTestId('batch-tab').click();
  await expect(page.getByTestId('batch-item').first()).toContainText(`${doneBefore}/8`);
  await page.getByTestId('batch-resume').click();
  await expect(page.getByTestId('batch-item').first().getByTestId('batch-status')).toHaveText('done', {
    timeout: 180_000,
  });
  await expect(page.getByTestId('batch-item').first()).toContainText('8/8');

  const summary = page.getByTestId('strategy-summary');
  await expect(summary.locator('tbody tr')).toHaveCount(2);
  await expect(summary).toContainText('direct');
  await expect(summary).toContainText('search-r1');
  const scatter = page.getByTestId('scatter');
  await expect(scatter.getByTestId('scatter-point')).toHaveCount(2);
  await expect(scatter.getByTestId('legend-item')).toHaveText(['direct', 'search-r1', 'area ∝ mean RC']);
  const cats = page.getByTestId('four-categories');
  await expect(cats.locator('tbody tr')).toHaveCount(1);
  await expect(cats.locator('tbody tr td').last()).toHaveText('4');

  // Each question ran once per strategy, never twice.
  await page.goto('/#/');
  // The filter's choices come with the table's view (computed in the table worker).
  await expect(page.getByLabel('Source file').locator('option', { hasText: /^batch: / })).toHaveCount(1);
  const file = await page
    .getByLabel('Source file')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v.startsWith('batch: ')));
  await page.getByLabel('Source file').selectOption(file!);
  await expect(page.getByTestId('trajectory-row')).toHaveCount(8);
});
