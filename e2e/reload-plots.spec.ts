// After a reload the Training page plots from the last session's stored step summaries before the
// table worker has read a row (issue 37): the worker is started only once those plots are drawn
// (so its read of every row does not compete with the page's start), and its script is held back
// until the test has seen the plots, their hover read-out and the picker saying it waits; then the
// live summaries replace them with the same numbers. After the run's collection is deleted, a
// reload never plots it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { expect, test } from './fixtures';

const RUN = 'reload-run';
let dir = '';
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hopscope-reload-plots-e2e-'));
  await writeTrainingRun(join(dir, RUN), { steps: 4, samplesPerStep: 12, groupSize: 2, seed: 9 });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Routes the table worker's script through a gate: `hold()` closes it (the worker reads no row, it
 * has not started) and returns the function that opens it again.
 */
async function tableWorkerGate(context: BrowserContext): Promise<{ hold(): () => void }> {
  let gate: Promise<void> = Promise.resolve();
  await context.route(/table\.worker[^/]*\.js/, async (route) => {
    await gate;
    await route.continue();
  });
  return {
    hold() {
      let open = () => {};
      gate = new Promise<void>((r) => (open = r));
      return open;
    },
  };
}

/** The steps of `run` in the summaries the page stored for the next session (none: 0). */
function storedSteps(page: Page, run: string): Promise<number> {
  return page.evaluate(
    (run) =>
      new Promise<number>((done, fail) => {
        const open = indexedDB.open('hopscope');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get('step-summaries');
          get.onsuccess = () => {
            const v = get.result as { steps: Array<{ run: string }> } | undefined;
            open.result.close();
            done(v ? v.steps.filter((s) => s.run === run).length : 0);
          };
        };
      }),
    run,
  );
}

/** Records, when the page starts the table worker, whether the plots were on the page then. */
async function watchTableWorkerStart(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        if (options?.name === 'hopscope-table') {
          const charts = document.querySelector('[data-testid="training-charts"]') !== null;
          (window as unknown as { tableWorkerStart: unknown }).tableWorkerStart = { charts };
        }
        super(url, options);
      }
    };
  });
}

const tableWorkerStart = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { tableWorkerStart?: { charts: boolean } }).tableWorkerStart ?? null,
  );

const chip = (page: Page) => page.locator('.training-run-chip', { hasText: RUN });

test('a reload plots from the stored summary first, and a deleted run is never plotted', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await page.goto('/#/training');
  await expect(page.getByText('Loading demo set…')).toHaveCount(0, { timeout: 30_000 });
  await page.getByTestId('training-run-name').fill(RUN);
  await page.getByTestId('training-folder-input').setInputFiles(join(dir, RUN));
  await expect(page.getByTestId('training-import-result')).toContainText(`run ${RUN}`, { timeout: 60_000 });
  await expect(chip(page)).toHaveCount(1, { timeout: 30_000 });
  const total = (await page.getByTestId('training-total').textContent()) ?? '';
  // The table worker stores the summaries a few seconds after its last read.
  await expect.poll(() => storedSteps(page, RUN), { timeout: 30_000 }).toBe(4);

  const gate = await tableWorkerGate(context);
  await watchTableWorkerStart(context);
  let release = gate.hold();
  await page.reload();
  const source = page.getByTestId('training-source');
  await expect(source).toHaveAttribute('data-source', 'stored', { timeout: 30_000 });
  await expect(source).toContainText('last session');
  await expect(page.getByTestId('training-total')).toHaveText(total);
  // Hover read-outs work from the stored summaries; the question picker says it waits for the rows.
  const chart = page.getByTestId('training-chart-searches');
  const hit = chart.getByTestId('step-chart-hit');
  // The plots draw in slices (DeferredPlots): hover once the hit area has settled.
  await expect(async () => {
    const box = (await hit.boundingBox())!;
    await hit.hover({ position: { x: box.width * 0.5, y: box.height / 2 } });
    await expect(chart.getByTestId('step-tip')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('trail-waiting')).toBeVisible();
  // The table worker was started after the stored plots were drawn, not beside the page's start.
  await expect.poll(() => tableWorkerStart(page), { timeout: 30_000 }).toEqual({ charts: true });
  // Still held: nothing above came from the table worker.
  await expect(source).toHaveAttribute('data-source', 'stored');
  release();
  await expect(source).not.toHaveAttribute('data-source', 'stored', { timeout: 60_000 });
  await expect(page.getByTestId('training-total')).toHaveText(total);
  await expect(page.getByTestId('trail-waiting')).toHaveCount(0, { timeout: 30_000 });

  // Delete the run's collection, then reload with the table worker held again.
  await page.goto('/#/');
  const chooser = page.getByTestId('collection-chooser');
  if (!(await chooser.evaluate((d) => (d as HTMLDetailsElement).open)))
    await chooser.locator('summary').click();
  await page.getByRole('button', { name: 'Manage collections…' }).click();
  const panel = page.getByRole('dialog', { name: 'Collections' });
  await panel.getByRole('button', { name: `Delete collection Training run ${RUN}` }).click();
  await expect(panel.getByTestId('deleted-list')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();

  release = gate.hold();
  await page.goto('/#/training');
  await page.reload();
  // Whatever shows while no row is read (a stored summary without the run, or the wait), never it.
  await expect(
    page.getByText('Reading the stored rollouts…').or(source).or(page.getByTestId('training-empty')),
  ).toBeVisible({ timeout: 30_000 });
  await expect(chip(page)).toHaveCount(0);
  release();
  await expect(page.getByText('Reading the stored rollouts…')).toHaveCount(0, { timeout: 60_000 });
  await expect(chip(page)).toHaveCount(0);
});
