// The aligned comparison of runs of one question. The bundled demo asks each question once, so
// the runs come from two real logs of the same Bamboogle questions: R1-Searcher and Search-R1
// (FlashRAG). On the Citibank question their first queries differ and their second agree.
import type { Page } from '@playwright/test';
import { DEMO_ROWS, FLASHRAG_LOG, R1_LOG, expect, importFiles, openApp, test } from './fixtures';

const CITIBANK = 'Citibank was founded';

async function importBoth(page: Page): Promise<void> {
  await openApp(page);
  await importFiles(page, [R1_LOG, FLASHRAG_LOG]);
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('125 of 125 records imported', { timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 250} trajectories`, {
    timeout: 60_000,
  });
}

const current = (page: Page) => page.locator('[data-testid="aligned-row"][aria-current="true"]');

test('select two runs of one question in the table and compare them aligned', async ({ page }) => {
  await importBoth(page);
  await page.getByLabel('Search trajectories').fill(CITIBANK);
  await expect(page.getByTestId('row-count')).toHaveText(`2 of ${DEMO_ROWS + 250} trajectories`);

  // x selects the current row; j moves; the checkbox works too.
  await page.keyboard.press('x');
  await expect(page.getByTestId('compare-button')).toHaveText('Compare (1)');
  await expect(page.getByTestId('compare-button')).toBeDisabled();
  await page.getByTestId('compare-select').nth(1).check();
  await expect(page.getByTestId('compare-button')).toHaveText('Compare (2)');
  await page.screenshot({ path: '/tmp/aligned-table.png' });
  await page.getByTestId('compare-button').click();

  await expect(page).toHaveURL(/#\/compare\/[^/]+\/[^/]+$/);
  const runs = page.getByTestId('compare-run');
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0)).toContainText('r1searcher_bamboogle_qwen.jsonl');
  await expect(runs.nth(1)).toContainText('searchr1_flashrag_bamboogle');
  await expect(page.getByTestId('compare-answer')).toHaveText(['James Madison', 'James Madison']);
  const banner = page.getByTestId('divergence-banner');
  await expect(banner).toContainText('Runs part at hop 1: different query');
  await expect(banner).toContainText('“Citibank founding year” (run 1) vs “Citibank was founded” (run 2)');

  // The rows: hop 1, hop 2, the answer. Hop 2's query is the same on both sides; shared
  // documents sit on one line.
  const rows = page.getByTestId('aligned-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByTestId('compare-query')).toHaveText([
    'president of the United States in 1812',
    'president of the United States in 1812',
  ]);
  await expect(rows.nth(1).locator('[data-testid="doc-line"][data-shared="2"]').first()).toBeVisible();
  await expect(rows.nth(0).getByTestId('divergence-mark')).toHaveText('runs part: different query');
  await expect(page.getByTestId('sufficiency')).toHaveText(['after search 2', 'after search 2']);

  // j/k move one current row across both runs; d returns to the divergence.
  await expect(current(page)).toHaveAttribute('data-row', '0');
  await page.keyboard.press('j');
  await expect(current(page)).toHaveAttribute('data-row', '1');
  await page.keyboard.press('j');
  await expect(current(page)).toHaveAttribute('data-row', '2');
  await page.keyboard.press('j');
  await expect(current(page)).toHaveAttribute('data-row', '2');
  await page.keyboard.press('k');
  await expect(current(page)).toHaveAttribute('data-row', '1');
  await page.screenshot({ path: '/tmp/aligned-compare.png' });
  await page.keyboard.press('d');
  await expect(current(page)).toHaveAttribute('data-row', '0');

  // 2 picks run 2; Enter opens it at the current row's first step.
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/t\/[^/]+\/[^/]+$/);
  await expect(page.getByTestId('question')).toContainText(CITIBANK);
  await page.goBack();
  await expect(page.getByTestId('divergence-banner')).toBeVisible();

  // Esc returns to the table it was opened from.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toBeVisible();
});

test('opens "All runs of this question" from a trajectory', async ({ page }) => {
  await importBoth(page);
  await page.getByLabel('Search trajectories').fill(CITIBANK);
  await page.getByTestId('trajectory-row').first().click();
  const all = page.getByTestId('runs-of-question');
  await expect(all).toHaveText('All runs of this question (2)');
  await all.click();
  await expect(page).toHaveURL(/#\/compare\//);
  await expect(page.getByTestId('compare-run')).toHaveCount(2);
  await expect(page.getByTestId('divergence-banner')).toContainText('Runs part at hop 1');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('question')).toContainText(CITIBANK);

  // A demo run has no other run of its question: the button says so and stays disabled.
  await page.goto('/#/');
  await page.getByLabel('Search trajectories').fill('first president of the Velorian Academy of Sciences');
  await page.getByTestId('trajectory-row').first().click();
  await expect(page.getByTestId('runs-of-question')).toHaveText('All runs of this question (1)');
  await expect(page.getByTestId('runs-of-question')).toBeDisabled();
});

test('a link naming a missing run says which, and a malformed escape does not break the page', async ({
  page,
}) => {
  await page.goto('/#/compare/no-such-run/bad%E0%A4%A');
  await expect(page.getByText('at least two stored runs are needed')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('code', { hasText: 'no-such-run' })).toBeVisible();
  await expect(page.locator('code', { hasText: 'bad%E0%A4%A' })).toBeVisible();
});
