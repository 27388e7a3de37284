// Collections (issue 40), at a laptop's 1280x720: two training runs and one log imported become
// three collections beside Demo; each is shown alone with its own row count; deleting one removes
// it and nothing else; Undo brings it back with its labels.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { DEMO_ROWS, expect, importAndClose, openApp, R1_LOG, rowCount, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 720 } });

const STEPS = 2;
const SAMPLES = 8;
const LOG = 'r1searcher_bamboogle_qwen.jsonl';
const LOG_ROWS = 125;
/** Screenshots for a person to look at, when asked for (HOPSCOPE_E2E_SHOTS=dir). */
const SHOTS = process.env.HOPSCOPE_E2E_SHOTS;

let dir = '';
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hopscope-collections-e2e-'));
  await writeTrainingRun(join(dir, 'run-a'), {
    steps: STEPS,
    samplesPerStep: SAMPLES,
    groupSize: 2,
    seed: 3,
  });
  await writeTrainingRun(join(dir, 'run-b'), {
    steps: STEPS,
    samplesPerStep: SAMPLES,
    groupSize: 2,
    seed: 5,
  });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function importRun(page: Page, run: string): Promise<void> {
  await page.getByTestId('training-run-name').fill(run);
  await page.getByTestId('training-folder-input').setInputFiles(join(dir, run));
  await expect(page.getByTestId('training-import-result')).toContainText(`run ${run}`, { timeout: 60_000 });
}

const chooser = (page: Page) => page.getByTestId('collection-chooser');

async function openChooser(page: Page): Promise<void> {
  if (!(await chooser(page).evaluate((d) => (d as HTMLDetailsElement).open)))
    await chooser(page).locator('summary').click();
}

/** Shows only collection `name` and returns the table's row count. */
async function only(page: Page, name: string): Promise<string> {
  await openChooser(page);
  await shot(page, `only-${name}`);
  await page.getByRole('button', { name: `Show only ${name}`, exact: true }).click();
  return rowCount(page);
}

test('imports become collections, each shown alone; a deletion takes only its own and undoes with its labels', async ({
  page,
}) => {
  await openApp(page);
  await page.goto('/#/training');
  await expect(page.getByTestId('training-page')).toBeVisible({ timeout: 30_000 });
  await importRun(page, 'run-a');
  await importRun(page, 'run-b');
  await page.goto('/#/');
  await importAndClose(page, R1_LOG);

  // By default, every collection but the training runs.
  expect(await rowCount(page)).toBe(`${DEMO_ROWS + LOG_ROWS} trajectories`);
  await openChooser(page);
  const names = chooser(page).getByRole('checkbox');
  await expect(names).toHaveCount(4);
  await expect(chooser(page)).toContainText('Training run run-a');
  await expect(chooser(page)).toContainText('Training run run-b');
  await expect(chooser(page)).toContainText(LOG);
  await expect(chooser(page)).toContainText('Demo');
  await shot(page, '1-chooser');

  expect(await only(page, 'Demo')).toBe(`${DEMO_ROWS} trajectories`);
  expect(await only(page, LOG)).toBe(`${LOG_ROWS} trajectories`);
  expect(await only(page, 'Training run run-a')).toBe(`${STEPS * SAMPLES} trajectories`);
  expect(await only(page, 'Training run run-b')).toBe(`${STEPS * SAMPLES} trajectories`);

  // A label on one of the log's trajectories.
  expect(await only(page, LOG)).toBe(`${LOG_ROWS} trajectories`);
  await page.keyboard.press('Escape');
  await page.getByTestId('trajectory-row').first().click();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await page.keyboard.press('2');
  await expect(page.locator('#annotator-name')).toBeFocused();
  await page.keyboard.type('ada');
  await page.keyboard.press('Enter');
  await page.keyboard.press('j');
  await page.keyboard.press('1');
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  await page.goBack();
  await expect(page.getByTestId('row-count')).toBeVisible();

  await openChooser(page);
  await page.getByRole('button', { name: 'Manage collections…' }).click();
  const panel = page.getByRole('dialog', { name: 'Collections' });
  const item = (name: string) => panel.locator(`[data-testid=collection-item][data-collection="${name}"]`);
  await expect(panel.getByTestId('collection-item')).toHaveCount(4);
  await expect(item(LOG).getByTestId('collection-counts')).toHaveText(
    `${LOG_ROWS} trajectories · 1 label · 1 file`,
  );
  await shot(page, '2-panel');

  await panel.getByRole('button', { name: `Delete collection ${LOG}` }).click();
  await expect(panel.getByTestId('collection-item')).toHaveCount(3);
  await expect(item('Demo').getByTestId('collection-counts')).toContainText(`${DEMO_ROWS} trajector`);
  await expect(item('Training run run-a').getByTestId('collection-counts')).toContainText(
    `${STEPS * SAMPLES} trajectories`,
  );
  await expect(item('Training run run-b').getByTestId('collection-counts')).toContainText(
    `${STEPS * SAMPLES} trajectories`,
  );
  await expect(panel.getByTestId('deleted-list')).toContainText(`${LOG_ROWS} trajectories, 1 label`);
  await expect(page.getByTestId('undo-toast')).toContainText(`${LOG_ROWS} trajectories, 1 label`);
  await shot(page, '3-deleted');
  await panel.getByRole('button', { name: 'Close' }).click();
  // The table shows what is left in the chosen collection: nothing.
  expect(await rowCount(page)).toBe('0 trajectories');
  await shot(page, '4-table-after-delete');

  await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();
  // The undo is written, then the table reads the rows again.
  await expect.poll(() => rowCount(page), { timeout: 30_000 }).toBe(`${LOG_ROWS} trajectories`);
  await openChooser(page);
  await page.getByRole('button', { name: 'Default' }).click();
  await expect.poll(() => rowCount(page)).toBe(`${DEMO_ROWS + LOG_ROWS} trajectories`);
  await openChooser(page);
  await page.getByRole('button', { name: 'Manage collections…' }).click();
  await expect(panel.getByTestId('collection-item')).toHaveCount(4);
  await expect(item(LOG).getByTestId('collection-counts')).toHaveText(
    `${LOG_ROWS} trajectories · 1 label · 1 file`,
  );
  await expect(panel.getByTestId('deleted-list')).toHaveCount(0);
  await shot(page, '5-undone');
});
