// The docs' screenshots, each made by the steps a reader of that page takes, at 1440×900. Run with
// `npm run docs:shots`, then look at each picture before committing it.
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  FLASHRAG_LOG,
  importAndClose,
  importFiles,
  openApp,
  openFirstMatch,
  R1_LOG,
  SHARED,
  test,
} from '../../fixtures';

const DOCS = resolve(import.meta.dirname, '../../../docs');
/** A screenshot without the transient toast (an import's "imported N records" would cover it). */
async function shot(page: Page, name: string): Promise<void> {
  await page.addStyleTag({ content: '.toast { display: none !important; }' });
  await page.screenshot({ path: resolve(DOCS, name) });
}

test('trajectory view of the demo APEX plan (docs/screenshot.png)', async ({ page }) => {
  await openApp(page);
  await openFirstMatch(page, 'Which river flows through the birthplace of the first president');
  await expect(page.getByTestId('timeline')).toBeVisible();
  await shot(page, 'screenshot.png');
});

test('the Diagnose tab on the demo under-search (docs/diagnose-tab.png)', async ({ page }) => {
  await openApp(page);
  await openFirstMatch(page, 'In which town did the founder of the Ambrel Railway Company');
  await page.keyboard.press('d');
  await expect(page.getByTestId('diagnosis-panel')).toBeVisible();
  await shot(page, 'diagnose-tab.png');
});

test('Calibrate against the shared labels (docs/calibration.png)', async ({ page }) => {
  await openApp(page);
  await importAndClose(page, R1_LOG);
  await page.getByTestId('nav-calibrate').click();
  await page.getByLabel('Annotator for imported labels').fill('guideline-annotator');
  await page
    .getByTestId('labels-file')
    .setInputFiles(resolve(SHARED, 'labels/r1searcher_bamboogle_qwen_labels.jsonl'));
  await expect(page.getByTestId('labels-report')).toContainText('Imported 20 of 20 labels');
  await expect(page.getByTestId('calibration-annotator')).toBeVisible();
  await expect(page.getByTestId('calibration-between')).toBeVisible();
  await shot(page, 'calibration.png');
});

test('the Corpus page on a demo question (docs/corpus.png)', async ({ page }) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('question').filter({ hasText: 'Treaty of Merrowick signed' }).click();
  await expect(page.getByTestId('results-bm25')).toContainText('gold 1/1');
  await shot(page, 'corpus.png');
});

test('two real runs of one question aligned (docs/compare.png)', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [R1_LOG, FLASHRAG_LOG]);
  const reports = page.getByTestId('import-report');
  await expect(reports).toHaveCount(2, { timeout: 60_000 });
  for (const r of await reports.all())
    await expect(r).toContainText('125 of 125 records imported', { timeout: 60_000 });
  await page.keyboard.press('Escape');
  await page.getByLabel('Search trajectories').fill('Citibank was founded');
  await page.keyboard.press('Enter');
  await page.getByTestId('compare-select').nth(0).check();
  await page.getByTestId('compare-select').nth(1).check();
  await page.getByTestId('compare-button').click();
  await expect(page.getByTestId('divergence-banner')).toBeVisible();
  await shot(page, 'compare.png');
});
