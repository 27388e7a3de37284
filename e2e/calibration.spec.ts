// Diagnosing over/under-search in the browser: the shared labels imported on the Calibrate page
// give the figures the CLI prints for the same files (the same functions, run in Node here), a
// disagreement opens its step with the detector's marks on the timeline, and labelling with the
// keyboard (sufficiency point 0, the queue Q) lands in the calibration.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { agreementSummary, diagnoseFile, labelsFor } from '../app/cli/diagnose';
import { annotatorAgreement } from '../app/core/diagnose/agreement';
import { parseSearchLabels } from '../app/core/diagnose/search-labels';
import {
  expect,
  importAndClose,
  importFiles,
  openApp,
  openOnlyMatch,
  R1_LOG,
  SHARED,
  test,
} from './fixtures';

const LABELS = resolve(SHARED, 'labels/r1searcher_bamboogle_qwen_labels.jsonl');
const fmt = (v: number | null) => (v === null ? '–' : v.toFixed(3));

test('calibration: shared labels give the CLI’s figures; disagreements open their step with the marks', async ({
  page,
}) => {
  const { records } = await diagnoseFile(R1_LOG);
  const labels = parseSearchLabels(readFileSync(LABELS, 'utf8'), 'labels').labels;
  const cli = agreementSummary(R1_LOG, records, labelsFor(R1_LOG, labels).labels);

  await openApp(page);
  await importAndClose(page, R1_LOG);

  await page.getByTestId('nav-calibrate').click();
  await expect(page).toHaveURL(/#\/calibrate$/);
  await expect(page.getByTestId('calibration-empty')).toBeVisible();
  await page.getByLabel('Annotator for imported labels').fill('guideline-annotator');
  await page.getByTestId('labels-file').setInputFiles(LABELS);
  await expect(page.getByTestId('labels-report')).toContainText('Imported 20 of 20 labels');

  const card = page.getByTestId('calibration-annotator');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-annotator', 'guideline-annotator');
  const over = card.locator('table.scores tbody tr').nth(0);
  const under = card.locator('table.scores tbody tr').nth(1);
  await expect(over.getByTestId('f1')).toHaveText(fmt(cli.overSearch.f1));
  await expect(over.getByTestId('precision')).toHaveText(fmt(cli.overSearch.precision));
  await expect(over.getByTestId('recall')).toHaveText(fmt(cli.overSearch.recall));
  await expect(under.getByTestId('f1')).toHaveText(fmt(cli.underSearch.f1));
  await expect(card.getByTestId('sufficiency-exact')).toContainText(
    `${cli.sufficiency.exact} / ${cli.sufficiency.total}`,
  );
  await card.locator('summary').click();
  const items = card.getByTestId('disagreements').locator('li');
  await expect(items).toHaveCount(cli.disagreements.length);
  if (process.env.HOPSCOPE_SHOTS) await page.screenshot({ path: '/tmp/calibration.png', fullPage: true });

  // A disagreement (the detector now meets these labels on under-search: an over-search one) opens
  // the trajectory; the Diagnose tab quotes the evidence.
  expect(cli.disagreements.length).toBeGreaterThan(0);
  await items.first().getByRole('button').click();
  await expect(page).toHaveURL(/#\/t\/[^/]+\/\d+$/);
  await page.keyboard.press('d');
  await expect(page.getByTestId('diagnosis-panel')).toBeVisible();
  await expect(page.getByTestId('diag-searches').locator('li').first()).toContainText('"');
  if (process.env.HOPSCOPE_SHOTS) await page.screenshot({ path: '/tmp/diagnose-tab.png' });
});

test('timeline marks, the sufficiency key and the label queue', async ({ page }) => {
  await openApp(page);
  await importAndClose(page, R1_LOG);
  // Record 51 (line 52): sufficient at search 1, search 2 redundant (the shared labels agree).
  await openOnlyMatch(page, 'r1searcher_bamboogle_qwen.jsonl:52');
  await expect(page.getByTestId('sufficiency-line')).toContainText('search 1');
  await expect(page.locator('.step.redundant')).toHaveCount(1);
  await expect(page.getByTestId('missing-hop')).toHaveCount(0);

  // Name, then mark the sufficiency point on the first search with 0.
  await page.getByRole('button', { name: 'Set annotator…' }).click();
  await page.getByLabel('Annotator name').fill('ada');
  await page.keyboard.press('Enter');
  await page.locator('.step[data-kind="search"]').first().click();
  await page.keyboard.press('1');
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  await page.locator('.step[data-kind="search"]').nth(1).click();
  await page.keyboard.press('2');
  await page.locator('.step[data-kind="search"]').first().click();
  await page.keyboard.press('0');
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  await page.keyboard.press('d');
  await expect(page.getByTestId('diag-sufficiency')).toContainText('you: search 1');

  await page.getByTestId('nav-calibrate').click();
  const card = page.getByTestId('calibration-annotator');
  await expect(card).toHaveAttribute('data-annotator', 'ada');
  await expect(card.getByTestId('sufficiency-exact')).toContainText('1 / 1');
  await expect(card.locator('table.scores tbody tr').nth(0).getByTestId('f1')).toHaveText('1.000');
  await expect(page.getByTestId('queue-progress')).toContainText('ada: 1 of');

  // Q opens the next trajectory to label, not the one just labelled.
  const here = page.url();
  await page.keyboard.press('Q');
  await expect(page).toHaveURL(/#\/t\//);
  expect(page.url()).not.toBe(here);
});

test('a third annotator leaves the first two measured; any two raters and a kappa matrix', async ({
  page,
}) => {
  const hotpot = resolve(SHARED, 'data/trajectories/r1searcher_hotpotqa_llama_30.jsonl');
  const files = {
    first: resolve(SHARED, 'labels/r1searcher_hotpotqa_llama_30_labels.jsonl'),
    second: resolve(SHARED, 'labels/r1searcher_hotpotqa_llama_30_labels_second_annotator.jsonl'),
  };
  const read = (f: string) => parseSearchLabels(readFileSync(f, 'utf8'), f).labels;
  const both = annotatorAgreement(
    new Map([
      ['first', read(files.first)],
      ['second', read(files.second)],
    ]),
  );
  expect(both.searches.items).toBeGreaterThan(0);

  await openApp(page);
  await importAndClose(page, hotpot, '30 of 30 records imported');
  await page.getByTestId('nav-calibrate').click();
  for (const [who, f] of Object.entries(files)) {
    await page.getByLabel('Annotator for imported labels').fill(who);
    await page.getByTestId('labels-file').setInputFiles(f);
    await expect(page.getByTestId('labels-report')).toContainText('Imported 30 of 30 labels');
  }

  // A third annotator labels one search of a trajectory: the first two keep their figures.
  await page.getByRole('button', { name: 'Trajectories', exact: true }).click();
  await openOnlyMatch(page, 'r1searcher_hotpotqa_llama_30.jsonl:5');
  await page.getByRole('button', { name: 'Set annotator…' }).click();
  await page.getByLabel('Annotator name').fill('you');
  await page.keyboard.press('Enter');
  await page.locator('.step[data-kind="search"]').first().click();
  await page.keyboard.press('1');
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  await page.getByTestId('nav-calibrate').click();

  const between = page.getByTestId('calibration-between');
  await expect(between.getByLabel('First rater')).toHaveValue('first');
  await expect(between.getByLabel('Second rater')).toHaveValue('second');
  await expect(between.getByTestId('pair-figures')).toContainText(
    `Search labels: ${both.searches.agreed} of ${both.searches.items} agree, Cohen's κ ${fmt(both.searches.kappa)}`,
  );
  // Any two: the new annotator against the second one, on the one search both labelled.
  await between.getByLabel('First rater').selectOption('you');
  await expect(between.getByTestId('pair-figures')).toContainText('of 1 agree');
  // The matrix has a row and a column for each person and the detector.
  await expect(between.locator('table.kappa-matrix tbody tr')).toHaveCount(4);
});

test('one reader for labels: the Import dialog and Export ▾ → Import annotations take the shared label files', async ({
  page,
}) => {
  await openApp(page);
  await importAndClose(page, R1_LOG);
  // The main Import dialog recognises a label file and imports it as labels, not as a log.
  await importFiles(page, LABELS);
  const report = page.getByTestId('import-labels-report');
  await expect(report).toContainText('Imported');
  await expect(report).toContainText('(over/under-search labels)');
  await expect(report).not.toContainText('not imported');
  await page.keyboard.press('Escape');
  // Export ▾ → Import annotations reads the same file (the same ids: nothing is doubled).
  await page.getByTestId('annotation-file').setInputFiles(LABELS);
  await expect(page.locator('.toast')).toContainText('(over/under-search labels)');
  await expect(page.locator('.toast')).not.toContainText('not imported');
  await page.getByTestId('nav-calibrate').click();
  const card = page.getByTestId('calibration-annotator');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('sufficiency-exact')).toContainText('/ 20');
});
