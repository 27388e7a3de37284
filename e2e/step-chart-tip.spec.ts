// A training chart's hover read-out never covers its legend: two runs imported (so the Searches
// chart draws a legend right of its plot), the mouse swept across the plot, and at every point the
// read-out's box and the legend's box apart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { expect, test } from './fixtures';

const RUNS = ['grpo-a', 'grpo-b'];
let dir = '';
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hopscope-tip-e2e-'));
  for (const [k, run] of RUNS.entries())
    await writeTrainingRun(join(dir, run), { steps: 6, samplesPerStep: 24, groupSize: 2, seed: 3 + k });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the Searches chart read-out stays clear of its legend wherever the mouse is', async ({ page }) => {
  await page.goto('/#/training');
  await expect(page.getByText('Loading demo set…')).toHaveCount(0, { timeout: 30_000 });
  for (const run of RUNS) {
    await page.getByTestId('training-run-name').fill(run);
    await page.getByTestId('training-folder-input').setInputFiles(join(dir, run));
    await expect(page.getByTestId('training-import-result')).toContainText(`run ${run}`, { timeout: 60_000 });
  }
  const chart = page.getByTestId('training-chart-searches');
  await expect(chart.getByTestId('legend-item')).toHaveCount(2, { timeout: 30_000 });
  const legend = (await chart.getByTestId('legend').boundingBox())!;
  const hit = chart.getByTestId('step-chart-hit');
  const plot = (await hit.boundingBox())!;
  const tip = chart.getByTestId('step-tip');
  for (const f of [0.02, 0.3, 0.5, 0.7, 0.9, 0.99]) {
    await hit.hover({ position: { x: plot.width * f, y: plot.height / 2 } });
    await expect(tip).toBeVisible();
    const t = (await tip.boundingBox())!;
    const apart =
      t.x + t.width <= legend.x ||
      legend.x + legend.width <= t.x ||
      t.y + t.height <= legend.y ||
      legend.y + legend.height <= t.y;
    expect(apart, `read-out ${JSON.stringify(t)} over legend ${JSON.stringify(legend)} at ${f}`).toBe(true);
    // …and inside the plot's width.
    expect(t.x).toBeGreaterThanOrEqual(plot.x - 1);
    expect(t.x + t.width).toBeLessThanOrEqual(plot.x + plot.width + 1);
  }
});
