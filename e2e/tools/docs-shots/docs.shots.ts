// The docs' screenshots, all eight, each made by the steps a reader of that page takes, at a
// laptop's 1280×720. The live run and the fork continue on the scripted OpenAI-compatible server
// the e2e suite uses (app/testing), so no model is needed. Run with `npm run docs:shots`, then
// look at each picture before committing it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { chatStream, startFakeOpenAiServer } from '../../../app/testing/fake-openai-server';
import { writeTrainingRun } from '../../../app/testing/training-run-generator';
import {
  chooseServer,
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
test.use({ viewport: { width: 1280, height: 720 } });
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

const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

test('two generated training runs on one set of plots (docs/training.png)', async ({ page }) => {
  // Two 3,840-sample imports: minutes each on a busy 2-core machine.
  test.setTimeout(900_000);
  // The generator the training e2e uses: seeds 11 and 12, 60 steps of 64 samples each.
  const dir = mkdtempSync(join(tmpdir(), 'hopscope-shots-training-'));
  try {
    await page.goto('/#/training');
    await expect(page.getByTestId('training-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Loading demo set…')).toHaveCount(0, { timeout: 30_000 });
    for (const seed of [11, 12]) {
      const run = `grpo-seed${seed}`;
      await writeTrainingRun(join(dir, run), { steps: 60, samplesPerStep: 64, seed });
      await page.getByTestId('training-run-name').fill(run);
      await page.getByTestId('training-folder-input').setInputFiles(join(dir, run));
      await expect(page.getByTestId('training-import-result')).toContainText(`run ${run}`, {
        timeout: 400_000,
      });
    }
    await expect(page.getByTestId('training-total')).toContainText('120 steps', { timeout: 60_000 });
    // The read-out of step 28 of the first run on the searches plot, as the keyboard gives it.
    const chart = page.getByTestId('training-chart-searches');
    await chart.locator('svg').first().focus();
    await page.keyboard.press('Home');
    for (let i = 1; i < 28; i++) await page.keyboard.press('ArrowRight');
    await expect(chart.getByTestId('step-tip')).toContainText('grpo-seed11 · step 28');
    // At 1280×720: the mean reward plot above it in view too.
    await chart.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await shot(page, 'training.png');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a live Search-R1 run streaming its second turn (docs/live-run.png)', async ({ page }) => {
  // The scripted OpenAI-compatible server of the e2e suite (app/testing): a readable run where a
  // random-weight model writes word salad. Its second turn streams slowly, so it is caught mid-way.
  const turns = [
    '<think>I need to find who founded the Casmere Botanical Institute first, then where that person was born.</think>\n<search> founder of the Casmere Botanical Institute </search>',
    '<think>The institute was founded in 1879 by the botanist Ilse Varnholt. Now I need where she was born; the passage says Tavish.</think>\n<answer> Tavish </answer>',
  ];
  let posts = 0;
  const server = await startFakeOpenAiServer((req) => {
    if (req.path.endsWith('/models')) return { json: { data: [{ id: 'search-r1-qwen2.5-7b' }] } };
    const turn = Math.min(posts++, turns.length - 1);
    return {
      stream: chatStream(words(turns[turn] ?? ''), { finishReason: 'stop' }),
      eventGapMs: turn === 0 ? 15 : 250,
    };
  });
  try {
    await page.goto('/#/run');
    await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({
      timeout: 30_000,
    });
    await page.getByTestId('strategy-select').selectOption('search-r1');
    await page.getByTestId('question-select').selectOption({
      label: '[2-hop] In which city was the founder of the Casmere Botanical Institute born?',
    });
    await chooseServer(page, server.url, 'search-r1-qwen2.5-7b', { blur: true });
    await page.getByTestId('run-button').click();
    const live = page.getByTestId('live-view');
    // Turn 1 done (think, search, its documents), turn 2 streaming.
    await expect(live.getByTestId('step')).toHaveCount(4, { timeout: 30_000 });
    await expect(live.getByTestId('streaming-text')).toContainText('botanist', { timeout: 30_000 });
    await shot(page, 'live-run.png');
    await expect(live).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  } finally {
    await server.close();
  }
});

test('the fork panel with a replaced document (docs/fork-panel.png)', async ({ page }) => {
  // As e2e/fork.spec.ts: an imported R1-Searcher trajectory forked at its second search, one
  // document replaced by a demo-world passage, Search-R1 to continue on a scripted server.
  const server = await startFakeOpenAiServer(() => ({
    stream: chatStream(words('<answer> James Madison </answer>'), { finishReason: 'stop' }),
  }));
  try {
    await openApp(page);
    await importAndClose(page, R1_LOG);
    await page.keyboard.press('/');
    await page.keyboard.type('the year that Citibank was founded');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('timeline')).toBeVisible({ timeout: 30_000 });
    await page.locator('[data-testid=step][data-kind=search]').nth(1).click();
    await page.keyboard.press('Shift+F');
    const panel = page.getByTestId('fork-panel');
    await expect(panel).toBeVisible();
    const docs = panel.getByTestId('fork-doc');
    await expect(docs).toHaveCount(5);
    await docs.nth(1).getByTestId('fork-replace').click();
    await panel.getByTestId('fork-replace-query').fill('Casmere Botanical Institute founder');
    await panel.getByTestId('fork-replace-query').press('Enter');
    const hit = panel.getByTestId('fork-hit').first();
    await expect(hit).toBeVisible({ timeout: 30_000 });
    await hit.click();
    await expect(docs.nth(1).getByTestId('fork-picked')).toBeVisible();
    await panel.getByTestId('fork-strategy').selectOption('search-r1');
    await chooseServer(panel, server.url, 'fake-r1');
    await panel.getByTestId('http-model').blur();
    await expect(panel.getByTestId('reconstruction')).toContainText('Approximate prompt');
    // The panel scrolled to its end: the replaced document, the strategy and the server.
    await docs.nth(1).evaluate((el) => {
      let box = el.parentElement;
      while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
      if (box) box.scrollTop = box.scrollHeight;
    });
    await shot(page, 'fork-panel.png');
  } finally {
    await server.close();
  }
});
