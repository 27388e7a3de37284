// The collection chooser after the collections merge (issue 40): it closes when the collections
// panel opens (and the panel closes on Escape), and the choice is one choice everywhere: Calibrate
// and a trajectory's "All runs of this question" read it from the start, not only after the table
// page has been opened.
import type { Page } from '@playwright/test';
import { resolve } from 'node:path';
import { expect, FLASHRAG_LOG, importFiles, openApp, R1_LOG, SHARED, tableSettled, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 720 } });

const chooser = (page: Page) => page.getByTestId('collection-chooser');
const isOpen = (page: Page) => chooser(page).evaluate((d) => (d as HTMLDetailsElement).open);

test('the chooser closes when the collections panel opens; the panel closes on Escape', async ({ page }) => {
  await openApp(page);
  await tableSettled(page);
  await chooser(page).locator('summary').click();
  await expect.poll(() => isOpen(page)).toBe(true);
  await chooser(page).getByRole('button', { name: 'Manage collections…' }).click();
  const panel = page.getByRole('dialog', { name: 'Collections' });
  await expect(panel).toBeVisible();
  expect(await isOpen(page), 'chooser left open behind the panel').toBe(false);
  // Escape in a rename box cancels the rename, not the panel.
  await panel.getByRole('button', { name: 'Rename' }).first().click();
  await panel.getByLabel('New name for Demo').press('Escape');
  await expect(panel.getByLabel('New name for Demo')).toHaveCount(0);
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  // Still on the table (the Escape was the panel's).
  await expect(page.getByTestId('row-count')).toBeVisible();
});

test('Calibrate and "All runs of this question" read the chosen collections from a fresh start', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page);
  await importFiles(page, [R1_LOG, FLASHRAG_LOG]);
  const reports = page.getByTestId('import-report');
  await expect(reports).toHaveCount(2, { timeout: 60_000 });
  for (const r of await reports.all())
    await expect(r).toContainText('125 of 125 records imported', { timeout: 60_000 });
  await page.keyboard.press('Escape');

  // Labels on the R1-Searcher log, measured on Calibrate under the default choice.
  await page.getByTestId('nav-calibrate').click();
  await page.getByLabel('Annotator for imported labels').fill('guideline-annotator');
  await page
    .getByTestId('labels-file')
    .setInputFiles(resolve(SHARED, 'labels/r1searcher_bamboogle_qwen_labels.jsonl'));
  await expect(page.getByTestId('labels-report')).toContainText('Imported 20 of 20 labels');
  await expect(page.getByTestId('calibration-annotator')).toBeVisible();

  // A question both logs ask: two runs of it by default.
  await page.goto('/#/');
  await page.getByLabel('Search trajectories').fill('Citibank was founded');
  await page.keyboard.press('Enter');
  await tableSettled(page);
  await page.getByTestId('trajectory-row').first().click();
  await expect(page.getByTestId('runs-of-question')).toHaveText('All runs of this question (2)');
  const trajectoryHash = new URL(page.url()).hash;

  // Only the demo set, chosen on the table (the search cleared).
  await page.goto('/#/');
  await page.getByLabel('Search trajectories').fill('');
  await page.keyboard.press('Enter');
  await tableSettled(page);
  await chooser(page).locator('summary').click();
  await page.getByRole('button', { name: 'Show only Demo', exact: true }).click();
  await expect(page.getByTestId('row-count')).toHaveText('14 trajectories');

  // A fresh start on Calibrate: the imported labels are outside the choice.
  await page.goto('/#/calibrate');
  await page.reload();
  await expect(page.getByTestId('calibration-empty')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('calibration-annotator')).toHaveCount(0);

  // A fresh start on the trajectory: the other log's run is outside the choice.
  await page.goto(`/${trajectoryHash}`);
  await page.reload();
  await expect(page.getByTestId('runs-of-question')).toHaveText('All runs of this question (1)', {
    timeout: 30_000,
  });

  // And the table opened afterwards shows the same choice.
  await page.goto('/#/');
  await expect(page.getByTestId('row-count')).toHaveText('14 trajectories', { timeout: 30_000 });
  await expect(chooser(page).locator('summary')).toHaveText('Collection: Demo ▾');
});
