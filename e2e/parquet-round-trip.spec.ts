// Parquet out of the page and back in (issue 37, item 4): a generated multi-step training run is
// imported, the table (filtered to the run) is exported as Parquet from Export ▾, and the file is
// opened through the Import dialog in a fresh profile: the same rows, the same Training page
// numbers, and a row's page saying its steps are not in the file. HOPSCOPE_E2E_KEEP_PARQUET=PATH
// keeps a copy of the exported file (docs/reference/sql.md reads one with pandas and polars).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { DEMO_ROWS, expect, importFiles, openApp, rowCount, test } from './fixtures';

const STEPS = 4;
const SAMPLES = 24;
const RUN = 'grpo-pq';

let dir = '';
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hopscope-parquet-e2e-'));
  await writeTrainingRun(join(dir, RUN), { steps: STEPS, samplesPerStep: SAMPLES, groupSize: 2, seed: 9 });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The Training page's numbers per step of RUN (its numbers table's data attributes). */
async function plotted(page: Page): Promise<Array<Record<string, string | undefined>>> {
  await page.goto('/#/training');
  await expect(page.getByTestId('training-total')).toContainText(`${STEPS} steps`, { timeout: 30_000 });
  await expect(
    page.getByTestId('training-chart-accuracy').locator(`[data-testid=step-series][data-run="${RUN}"]`),
  ).toHaveCount(1);
  await page.getByTestId('training-numbers').locator('summary').click();
  await expect(page.getByTestId('training-numbers-table')).toBeVisible();
  return page
    .locator(`[data-testid=training-step-row][data-run="${RUN}"]`)
    .evaluateAll((rows) => rows.map((r) => ({ ...(r as HTMLElement).dataset })));
}

async function searchTable(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search trajectories' }).fill(text);
}

test('a run exported from the table as Parquet opens in a fresh profile with the same rows and plots', async ({
  page,
  browser,
}) => {
  await page.goto('/#/training');
  await expect(page.getByText('Loading demo set…')).toHaveCount(0, { timeout: 30_000 });
  await page.getByTestId('training-run-name').fill(RUN);
  await page.getByTestId('training-folder-input').setInputFiles(join(dir, RUN));
  await expect(page.getByTestId('training-import-result')).toContainText(`run ${RUN}`, { timeout: 60_000 });
  const before = await plotted(page);
  expect(before).toHaveLength(STEPS);

  // The table filtered to the run's step files, exported from Export ▾.
  await page.goto('/#/');
  // Training runs are outside the table's default collections: tick this one.
  await page.getByTestId('collection-chooser').locator('summary').click();
  await page.getByLabel(`Show collection Training run ${RUN}`).check();
  await page.getByTestId('collection-chooser').locator('summary').click();
  await searchTable(page, `${RUN}/`);
  const count = await rowCount(page);
  const shown = Number(/^(\d+) of/.exec(count)?.[1]);
  expect(shown).toBeGreaterThan(STEPS * SAMPLES * 0.9);
  await page.getByRole('button', { name: /Export/ }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-table-parquet').click();
  const file = join(dir, 'run.parquet');
  await (await download).saveAs(file);
  if (process.env.HOPSCOPE_E2E_KEEP_PARQUET) copyFileSync(file, process.env.HOPSCOPE_E2E_KEEP_PARQUET);

  // A fresh profile: the demo set, then the Parquet file through the Import dialog.
  const fresh = await (await browser.newContext()).newPage();
  await openApp(fresh);
  expect(await rowCount(fresh)).toBe(`${DEMO_ROWS} trajectories`);
  await importFiles(fresh, file);
  await expect(fresh.getByTestId('import-parquet-report')).toContainText(
    `run.parquet: ${shown} rows opened from a Parquet index`,
    { timeout: 60_000 },
  );
  await expect(fresh.getByTestId('import-parquet-report')).toContainText('run.searches.parquet not picked');
  await fresh.getByRole('button', { name: 'Close (Esc)' }).click();
  expect(await rowCount(fresh)).toBe(`${DEMO_ROWS + shown} trajectories`);
  await searchTable(fresh, `${RUN}/`);
  expect(await rowCount(fresh)).toBe(count);

  // The Training page plots the same numbers from the rows as stored.
  expect(await plotted(fresh)).toEqual(before);

  // A row's page says where its steps are.
  await fresh.goto('/#/');
  await searchTable(fresh, `${RUN}/`);
  await rowCount(fresh);
  await fresh.locator('.tbody .tr').first().click();
  await expect(fresh.getByTestId('indexed-notice')).toContainText('came from a Parquet index (run.parquet)');
  await expect(fresh.getByTestId('indexed-notice')).toContainText(`import ${RUN}/`);
  await fresh.context().close();
});
