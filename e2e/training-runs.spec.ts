// Training runs (issue 31), as a researcher watching an RL run uses them: drop a folder of veRL
// step dumps (the generator's output) and see the over-steps plots, hover and open a step's
// trajectories, follow one question through training into the aligned compare view, follow a folder
// that grows during the test (a real directory handle from OPFS in place of the folder picker, so
// the real polling code reads it), reload and resume without importing twice; and run-summary's
// numbers equal the plotted ones, which come from SQL aggregates (DuckDB in a worker).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { expect, rowCount, test } from './fixtures';

const STEPS = 8;
/** 28 prompts of 2 rollouts a step: each of the demo world's 55 questions comes back about every other step. */
const SAMPLES = 56;
const GROUP = 2;
/** The question set the app has loaded (the demo world's), whose gold joins onto the samples. */
const QUESTIONS = resolve(import.meta.dirname, '..', 'public', 'demo', 'world', 'questions.jsonl');

/** Opens the Training page on a fresh profile once the bundled demo set is stored. */
async function openTraining(page: Page): Promise<void> {
  await page.goto('/#/training');
  await expect(page.getByTestId('training-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading demo set…')).toHaveCount(0, { timeout: 30_000 });
}

let dir = '';
let runDir = '';
let liveDir = '';
let bigDir = '';

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hopscope-training-e2e-'));
  runDir = join(dir, 'grpo-a');
  await writeTrainingRun(runDir, { steps: STEPS, samplesPerStep: SAMPLES, groupSize: GROUP, seed: 3 });
  liveDir = join(dir, 'grpo-live');
  await writeTrainingRun(liveDir, { steps: 4, samplesPerStep: SAMPLES, groupSize: GROUP, seed: 5 });
  // Step files of 512 samples (over 1 MB each, so each imports alone and takes a while): to cancel.
  bigDir = join(dir, 'grpo-cancel');
  await writeTrainingRun(bigDir, { steps: 6, samplesPerStep: 512, seed: 9, malformedRate: 0 });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `run-summary DIR --questions <the app's question set> --json`: one object per step. */
function runSummary(path: string): Array<Record<string, number | null>> {
  const args = ['tsx', 'app/cli/main.ts', 'run-summary', path, '--questions', QUESTIONS, '--json'];
  const out = execFileSync('npx', args, {
    cwd: resolve(import.meta.dirname, '..'),
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  return out
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

async function importFolder(page: Page, path: string, run: string): Promise<void> {
  await page.getByTestId('training-run-name').fill(run);
  await page.getByTestId('training-folder-input').setInputFiles(path);
  await expect(page.getByTestId('training-import-result')).toContainText(`run ${run}`, { timeout: 60_000 });
}

/** The page's numbers per step of `run`, from the numbers table's data attributes. */
async function plottedNumbers(page: Page, run: string) {
  const numbers = page.getByTestId('training-numbers');
  if (!(await numbers.evaluate((d) => (d as HTMLDetailsElement).open)))
    await numbers.locator('summary').click();
  // The table renders once React has heard the toggle, not with the click.
  await expect(page.getByTestId('training-numbers-table')).toBeVisible();
  return page.locator(`[data-testid=training-step-row][data-run="${run}"]`).evaluateAll((rows) =>
    rows.map((r) => {
      const d = (r as HTMLElement).dataset;
      const n = (v: string | undefined) => (v === undefined || v === 'null' ? null : Number(v));
      return {
        step: n(d.step),
        samples: n(d.samples),
        accuracy: n(d.accuracy),
        mean_score: n(d.meanScore),
        searches_mean: n(d.searchesMean),
        over_search_rate: n(d.overSearchRate),
        under_search_rate: n(d.underSearchRate),
        format_error_rate: n(d.formatErrorRate),
      };
    }),
  );
}

test('a dropped folder of step files is plotted over steps; a point opens its trajectories; numbers equal run-summary', async ({
  page,
}) => {
  // DuckDB starts in the page (compiling its .wasm: 15 s and more on the loaded test machine).
  test.setTimeout(300_000);
  await openTraining(page);
  await expect(page.getByTestId('training-empty')).toBeVisible();
  await importFolder(page, runDir, 'grpo-a');
  await expect(page.getByTestId('training-total')).toContainText(`${STEPS} steps`, { timeout: 30_000 });
  const files = readdirSync(runDir).length;
  expect(files).toBe(STEPS);
  for (const id of [
    'accuracy',
    'mean_score',
    'searches',
    'over_search_rate',
    'under_search_rate',
    'format_error_rate',
    'response_chars_mean',
    'duplicate_doc_rate',
  ])
    await expect(
      page.getByTestId(`training-chart-${id}`).locator('[data-testid=step-series][data-run="grpo-a"]'),
    ).toHaveCount(1);

  // The plots come from SQL once DuckDB holds the rows: GROUP BY step over every sample imported.
  const cli = runSummary(runDir);
  const imported = cli.reduce((n, s) => n + (s.samples ?? 0), 0);
  await expect(page.getByTestId('training-source')).toHaveAttribute('data-source', 'sql', {
    timeout: 90_000,
  });
  await expect(page.getByTestId('training-source')).toContainText(
    `Plotted from SQL: GROUP BY step over ${imported.toLocaleString('en-US')} samples`,
    { timeout: 30_000 },
  );
  // run-summary prints the numbers the plots draw.
  const shown = await plottedNumbers(page, 'grpo-a');
  expect(shown).toHaveLength(cli.length);
  expect(cli.length).toBe(STEPS);
  for (const [k, row] of shown.entries())
    for (const key of Object.keys(row) as Array<keyof typeof row>) {
      const want = cli[k]![key];
      if (want === null || want === undefined) expect(row[key], `${key} at step ${row.step}`).toBeNull();
      else expect(row[key], `${key} at step ${row.step}`).toBeCloseTo(want, 9);
    }

  // Hovering a point reads its numbers out as text.
  const chart = page.getByTestId('training-chart-accuracy');
  const hit = chart.getByTestId('step-chart-hit');
  const box = (await hit.boundingBox())!;
  const right = { x: box.width - 2, y: box.height / 2 };
  await hit.hover({ position: right });
  const tip = chart.getByTestId('step-tip');
  await expect(tip).toBeVisible();
  const last = cli[cli.length - 1]!;
  await expect(tip).toContainText(`grpo-a · step ${last.step}`);
  await expect(tip).toContainText(`${(last.accuracy! * 100).toFixed(1)}%`);
  // …and the keyboard does the same: the first step, then Enter opens its trajectories.
  await chart.locator('svg').first().focus();
  await page.keyboard.press('Home');
  await expect(tip).toContainText(`step ${cli[0]!.step}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/\\?run=grpo-a&step=${cli[0]!.step}$`));
  await expect(page.getByTestId('training-step-filter')).toContainText(`step ${cli[0]!.step}`);
  expect(await rowCount(page)).toContain(`${cli[0]!.samples} of`);
  // A click on a plot does the same for the step under the mouse.
  await page.getByRole('button', { name: 'Back to the training plots' }).click();
  await hit.click({ position: right });
  await expect(page).toHaveURL(new RegExp(`#/\\?run=grpo-a&step=${last.step}$`));
  expect(await rowCount(page)).toContain(`${last.samples} of`);
  await page.getByRole('button', { name: 'Show every trajectory' }).click();
  await expect(page.getByTestId('training-step-filter')).toHaveCount(0);
});

test('one question through training: its samples at each step, compared side by side', async ({ page }) => {
  await openTraining(page);
  await importFolder(page, runDir, 'grpo-a');
  await expect(page.getByTestId('training-total')).toContainText(`${STEPS} steps`, { timeout: 30_000 });
  const trail = page.getByTestId('question-trail');
  const first = trail.getByTestId('trail-questions').getByRole('button').first();
  const question = (await first.textContent())!;
  // Its samples at every step it was asked, as the picker said.
  const steps = Number((await first.locator('xpath=..').textContent())!.match(/at (\d+) steps/)![1]);
  await first.click();
  await expect(trail.getByTestId('trail-question')).toHaveText(question);
  expect(steps).toBeGreaterThanOrEqual(4);
  await expect(trail.getByTestId('trail-table').locator('tbody tr')).toHaveCount(steps);
  // A sample's trajectory links back to its question through training.
  await trail.getByTestId('trail-table').locator('tbody tr').last().getByRole('link').first().click();
  await expect(page).toHaveURL(/#\/t\//);
  await page.getByTestId('question-through-training').click();
  await expect(page).toHaveURL(/#\/training\/q\//);
  await expect(trail.getByTestId('trail-question')).toHaveText(question, { timeout: 30_000 });
  await expect(trail.getByTestId('trail-table').locator('tbody tr')).toHaveCount(steps);
  await expect(trail.getByTestId('trail-chart-searches').locator('[data-testid=step-series]')).toHaveCount(1);
  // Four steps from the first to the last are ticked to compare.
  const ticked = await trail
    .locator('[data-testid=trail-table] tbody tr:has(input:checked)')
    .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.step)));
  const all = await trail
    .locator('[data-testid=trail-table] tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.step)));
  expect(ticked).toHaveLength(4);
  expect(ticked[0]).toBe(all[0]);
  expect(ticked[3]).toBe(all.at(-1));
  await trail.getByTestId('trail-compare').click();
  await expect(page).toHaveURL(/#\/compare\//);
  const runs = page.getByTestId('compare-run');
  await expect(runs).toHaveCount(4, { timeout: 30_000 });
  // Every column is a sample of that question, at those steps, in order.
  await expect(page.getByTestId('compare-run-step')).toHaveText(ticked.map((s) => `· step ${s}`));
  await expect(page.getByTestId('compare-question')).toContainText(question);
  await expect(page.getByText('These runs ask different questions')).toHaveCount(0);
});

/** Writes a step file of the live run into the OPFS folder the page follows. */
async function writeStep(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(
    async ([name, text]) => {
      const root = await navigator.storage.getDirectory();
      const dir = await root.getDirectoryHandle('grpo-live', { create: true });
      const w = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await w.write(text);
      await w.close();
    },
    [name, text] as const,
  );
}

test('a followed folder that grows during the test extends the plots, and a reload resumes without importing again', async ({
  page,
}) => {
  const steps = readdirSync(liveDir).sort((a, b) => parseInt(a) - parseInt(b));
  await openTraining(page);
  // The folder picker hands over a real directory handle (OPFS), read by the real polling code.
  await page.evaluate(() => {
    window.showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('grpo-live', { create: true });
  });
  for (const name of steps.slice(0, 2))
    await writeStep(page, name, readFileSync(join(liveDir, name), 'utf8'));
  await page.getByTestId('training-run-name').fill('grpo-live');
  await page.getByTestId('training-follow-folder').click();
  const follow = page.getByTestId('training-follow');
  await expect(follow).toHaveAttribute('data-files', '2', { timeout: 30_000 });
  const series = page
    .getByTestId('training-chart-searches')
    .locator('[data-testid=step-series][data-run="grpo-live"]');
  await expect(series).toHaveCount(1);
  const rows = () => page.locator('[data-testid=training-step-row][data-run="grpo-live"]');
  await page.getByTestId('training-numbers').locator('summary').click();
  await expect(rows()).toHaveCount(2);

  // The trainer writes the next step while the page watches.
  await writeStep(page, steps[2]!, readFileSync(join(liveDir, steps[2]!), 'utf8'));
  await expect(follow).toHaveAttribute('data-files', '3', { timeout: 30_000 });
  await expect(rows()).toHaveCount(3, { timeout: 30_000 });

  // After the reload the plots are first drawn in a deferred render of their own (the page commits
  // "Drawing the plots…" first): drawing them in the same task as the data's arrival was the
  // longest main-thread task after a reload (issue 37). Recorded from the document's first node on.
  await page.addInitScript(() => {
    const w = window as unknown as { __drawOrder: string[] };
    w.__drawOrder = [];
    new MutationObserver(() => {
      for (const id of ['training-drawing', 'training-charts'])
        if (!w.__drawOrder.includes(id) && document.querySelector(`[data-testid="${id}"]`))
          w.__drawOrder.push(id);
    }).observe(document, { subtree: true, childList: true });
  });
  // A reload resumes following (OPFS needs no permission prompt) and imports only the new step.
  await page.reload();
  await expect(page.getByTestId('training-follow')).toHaveAttribute('data-state', 'following', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('training-follow')).toHaveAttribute('data-imported-now', '0');
  await writeStep(page, steps[3]!, readFileSync(join(liveDir, steps[3]!), 'utf8'));
  await expect(page.getByTestId('training-follow')).toHaveAttribute('data-files', '4', { timeout: 30_000 });
  await expect(page.getByTestId('training-follow')).toHaveAttribute('data-imported-now', '1');
  await page.getByTestId('training-numbers').locator('summary').click();
  await expect(rows()).toHaveCount(4, { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { __drawOrder: string[] }).__drawOrder)).toEqual([
    'training-drawing',
    'training-charts',
  ]);
  // The run-summary of the same four files equals what was plotted live.
  const cli = runSummary(liveDir);
  const total = cli.reduce((n, s) => n + s.samples!, 0);
  await expect(page.getByTestId('training-total')).toContainText(`${total} samples`);
  const shown = await plottedNumbers(page, 'grpo-live');
  expect(shown.map((s) => [s.step, s.samples, s.searches_mean])).toEqual(
    cli.map((s) => [s.step, s.samples, expect.closeTo(s.searches_mean!, 9)]),
  );
});

test('a browser without the File System Access API says so and offers the file picker', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  await openTraining(page);
  await expect(page.getByTestId('training-no-follow')).toContainText('cannot watch a folder');
  await expect(page.getByTestId('training-follow-folder')).toHaveCount(0);
  await page
    .getByTestId('training-files-input')
    .setInputFiles(readdirSync(liveDir).map((f) => join(liveDir, f)));
  const total = runSummary(liveDir).reduce((n, s) => n + s.samples!, 0);
  expect(total).toBeLessThan(4 * SAMPLES); // the generator's malformed lines are reported, not imported
  await expect(page.getByTestId('training-import-result')).toContainText(`${total} samples imported`, {
    timeout: 60_000,
  });
});

test('a long run import shows the share of the run read and an estimate of the time left', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const big = join(dir, 'grpo-big');
  await writeTrainingRun(big, {
    steps: 60,
    samplesPerStep: 128,
    groupSize: GROUP,
    seed: 9,
    malformedRate: 0,
  });
  await openTraining(page);
  await page.getByTestId('training-folder-input').setInputFiles(big);
  const busy = page.getByTestId('training-import-busy');
  await expect(busy).toContainText(/Importing grpo-big\/\d+\.jsonl \(\d+ of 60\)/, { timeout: 60_000 });
  await expect(page.getByTestId('training-import-share')).toHaveText(/^\d+%$/, { timeout: 30_000 });
  // Once a few seconds and a little of the run are read, the time left at the rate so far.
  await expect(page.getByTestId('training-import-eta')).toHaveText(/^ · about \d+ (s|min) left$/, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('training-import-result')).toContainText('7680 samples imported', {
    timeout: 240_000,
  });
  await expect(busy).toHaveCount(0);
});

test("Cancel stops a run's import: what was stored is kept, and the page counts exactly that", async ({
  page,
}) => {
  await openTraining(page);
  await page.getByTestId('training-run-name').fill('grpo-cancel');
  await page.getByTestId('training-folder-input').setInputFiles(bigDir);
  await page.getByTestId('training-import-cancel').click();
  const said = page.getByTestId('training-import-cancelled');
  await expect(said).toContainText(/^Import cancelled after \d of 6 step files: /, { timeout: 60_000 });
  await expect(page.getByTestId('training-import-busy')).toHaveCount(0);
  await expect(page.getByTestId('training-import-result')).toHaveCount(0);
  const text = (await said.textContent()) ?? '';
  const stored = Number(text.match(/([\d,]+) samples? stored/)?.[1]?.replace(/,/g, '') ?? '0');
  if (stored === 0) {
    expect(text).toContain('nothing was stored');
    await expect(page.getByTestId('training-empty')).toBeVisible();
  } else
    await expect(page.getByTestId('training-total')).toContainText(
      `${stored.toLocaleString('en-US')} samples`,
    );
});
