// The self-contained HTML report (CLI and Export menu), opened from disk with the network
// blocked, and presenter mode replaying a demo trajectory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO_ROWS, expect, openApp, R1_LOG, test } from './fixtures';

const ROOT = resolve(import.meta.dirname, '..');
const XSS = '<img src=x onerror="window.__xss=1">';

/** The demo's APEX trajectory with hostile text in its question, a step and a document. */
function hostileFiles(dir: string): { log: string; annotations: string } {
  const line = readFileSync(join(ROOT, 'public/demo/veloria-hopscope.jsonl'), 'utf8')
    .split('\n')
    .find((l) => l.includes('"id":"demo-apex-plan"'));
  if (!line) throw new Error('demo-apex-plan missing from the demo set');
  const t = JSON.parse(line);
  t.id = 'hostile';
  t.question = `Who wrote ${XSS}?`;
  t.steps[0].text = '</script><script>window.__xss=2</script> planning';
  const docStep = t.steps.find((s: { docs?: unknown[] }) => s.docs?.length);
  docStep.docs[0].text = '<b>bold</b><script>window.__xss=3</script>';
  const log = join(dir, 'hostile.jsonl');
  writeFileSync(log, `${JSON.stringify(t)}\n`);
  const note = {
    id: 'n1',
    trajectoryId: 'hostile',
    stepId: t.steps[2].id,
    label: 'note',
    note: `watch this ${XSS}`,
    annotator: 'ada',
    createdAt: '2026-01-01T00:00:00Z',
  };
  const verdict = { ...note, id: 'v1', label: 'verdict:good', note: undefined, stepId: undefined };
  const annotations = join(dir, 'labels.jsonl');
  writeFileSync(annotations, `${JSON.stringify(note)}\n${JSON.stringify(verdict)}\n`);
  return { log, annotations };
}

/** Opens a file from disk with every non-file request refused. */
async function openOffline(page: Page, file: string, hash = ''): Promise<void> {
  await page.context().route('**', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
  await page.goto(pathToFileURL(file).href + hash);
}

test('the CLI report opens from disk offline: table, trajectories, deep links, presenter; text stays text', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'hopscope-report-'));
  const { log, annotations } = hostileFiles(dir);
  const out = join(dir, 'report.html');
  execFileSync(
    'npx',
    ['tsx', 'app/cli/main.ts', 'report', R1_LOG, log, '--annotations', annotations, '--out', out],
    {
      cwd: ROOT,
      stdio: 'pipe',
    },
  );
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  await openOffline(page, out);
  await expect(page.getByTestId('row-count')).toHaveText('126 trajectories');
  await expect(page.getByTestId('agg-row')).toHaveCount(3);
  await expect(page.getByTestId('agg-row').first().locator('[data-metric=em]')).toContainText('n=126');

  // Keyboard: the first row opens, then the next trajectory.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('timeline')).toBeVisible();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/#\/t\/[^/]+$/);

  // A deep link to a step of the hostile trajectory, opened fresh.
  await page.goto(`${pathToFileURL(out).href}#/t/hostile/3`);
  await expect(page.getByTestId('question')).toHaveText(`Who wrote ${XSS}?`);
  await expect(page.locator('[data-testid=step].selected')).toHaveAttribute('data-index', '2');
  await expect(page.getByTestId('step-annotations')).toContainText(`watch this ${XSS}`);
  await expect(page.getByTestId('verdict')).toHaveText('ada: good');
  await expect(page.getByTestId('plan-tree')).toBeVisible();
  await expect(page.getByText('</script><script>window.__xss=2</script> planning')).toBeVisible();
  await page.getByRole('tab', { name: /Rewards/ }).click();
  await expect(page.getByTestId('reward').first()).toBeVisible();

  // Presenter mode inside the report.
  await page.keyboard.press('Shift+P');
  await expect(page.getByTestId('presenter')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByTestId('presenter')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('present-answer')).toHaveText('Ambrel River');
  await expect(page.getByTestId('speaker-note').first()).toContainText('verdict: good');

  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src=x], b:text("bold")').count()).toBe(0);
  expect(errors).toEqual([]);
  await page.screenshot({ path: '/tmp/report13-e2e-report.png' });
});

test('Export → HTML report saves the table as one file that opens offline', async ({ page, context }) => {
  await openApp(page);
  // The table's aggregates, gold joined from the demo world's question set, as the report must count.
  const aggregates = (p: Page) => p.getByTestId('agg-row').allInnerTexts();
  const inApp = await aggregates(page);
  await page.getByRole('button', { name: /Export/ }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-html-report').click();
  const file = join(mkdtempSync(join(tmpdir(), 'hopscope-report-')), 'report.html');
  await (await download).saveAs(file);
  const html = readFileSync(file, 'utf8');
  expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);

  const offline = await context.newPage();
  await openOffline(offline, file, '#/t/demo-apex-plan');
  await expect(offline.getByTestId('answer')).toHaveText('Ambrel River');
  await offline.getByRole('button', { name: '← Table' }).click();
  await expect(offline.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);
  expect(await aggregates(offline)).toEqual(inApp);
});

test('presenter mode replays a demo trajectory end to end', async ({ page }) => {
  await openApp(page, '#/t/demo-apex-plan');
  await page.keyboard.press('Shift+P');
  await expect(page).toHaveURL(/#\/present\/demo-apex-plan$/);
  const presenter = page.getByTestId('presenter');
  const steps = presenter.getByTestId('step');
  const nodes = presenter.getByTestId('plan-node');
  await expect(presenter).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('present-gold')).toHaveCount(0);

  // Step through with the keyboard: the plan appears pending, steps arrive one at a time.
  let seen = await steps.count();
  let sawPending = false;
  for (let i = 0; i < 80 && (await presenter.getAttribute('data-done')) !== 'true'; i++) {
    await page.keyboard.press('ArrowRight');
    const n = await steps.count();
    expect(n - seen).toBeLessThanOrEqual(1);
    seen = n;
    if ((await presenter.locator('.plan-node.status-pending').count()) > 0) sawPending = true;
  }
  expect(sawPending).toBe(true);
  await expect(presenter).toHaveAttribute('data-done', 'true');
  await expect(steps).toHaveCount(20);
  await expect(nodes).toHaveCount(3);
  await expect(presenter.locator('.plan-node.status-done')).toHaveCount(3);
  await expect(page.getByTestId('present-answer')).toHaveText('Ambrel River');

  // Gold and flags on demand.
  await page.keyboard.press('g');
  await expect(page.getByTestId('present-gold')).toContainText('Ambrel');

  // Back, beat by beat (finish, answer, the node's close, the last step): the answer goes first.
  for (let i = 0; i < 6 && (await steps.count()) === 20; i++) await page.keyboard.press('ArrowLeft');
  await expect(steps).toHaveCount(19);
  await expect(page.getByTestId('present-answer')).toHaveText('…');

  // Play from the start: text streams in.
  await page.keyboard.press('Home');
  await page.getByLabel('Tokens per second').selectOption('40');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('streaming-text')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => steps.count(), { timeout: 15_000 }).toBeGreaterThan(2);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('present-play')).toHaveText(/Play/);
  await page.screenshot({ path: '/tmp/report13-e2e-present.png' });

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/t\/demo-apex-plan$/);
});
