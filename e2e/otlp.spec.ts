// OpenInference/OTLP in and out, and copying a trajectory: the CLI converts the real R1-Searcher
// log to OTLP/JSON and the browser imports it back with the same aggregates; the Export menu
// writes a trace per trajectory; Shift+M copies a trajectory as Markdown.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_ROWS, R1_LOG, expect, importFiles, openApp, test } from './fixtures';

const ROOT = resolve(import.meta.dirname, '..');

test('a log converted to OTLP imports back with the same aggregates', async ({ page }) => {
  const out = join(mkdtempSync(join(tmpdir(), 'hopscope-otlp-')), 'r1.otlp.json');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'app/cli/main.ts', 'convert', R1_LOG, '--to', 'otlp', '--out', out],
    {
      cwd: ROOT,
    },
  );
  await openApp(page);
  const imports: Array<[string, string]> = [
    [R1_LOG, 'search-r1'],
    [out, 'otlp'],
  ];
  for (const [file, format] of imports) {
    await importFiles(page, file);
    // Reports of earlier imports stay listed; this file's is the one naming its format.
    const report = page.getByTestId('import-report').filter({ hasText: `Format ${format}:` });
    await expect(report).toContainText('125 of 125 records imported', { timeout: 60_000 });
    await page.keyboard.press('Escape');
  }
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 250} trajectories`);
  const agg = page.getByTestId('aggregates');
  for (const metric of ['em', 'f1', 'acc', 'judge', 'rc']) {
    const original = agg.locator(`[data-file="r1searcher_bamboogle_qwen.jsonl"] [data-metric="${metric}"]`);
    const back = agg.locator(`[data-file="r1.otlp.json"] [data-metric="${metric}"]`);
    await expect(back).toHaveText((await original.textContent()) ?? 'missing');
  }
});

test('Export → Traces (OTLP/JSON) writes a trace per trajectory', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: /Export/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Traces (OTLP/JSON, OpenInference)' }).click();
  let text = '';
  for await (const chunk of await (await download).createReadStream()) text += chunk;
  const spans = JSON.parse(text).resourceSpans[0].scopeSpans[0].spans as Array<{
    traceId: string;
    parentSpanId?: string;
    attributes: Array<{ key: string; value: { stringValue?: string } }>;
  }>;
  const roots = spans.filter((s) => !s.parentSpanId);
  expect(roots).toHaveLength(DEMO_ROWS);
  expect(new Set(spans.map((s) => s.traceId)).size).toBe(DEMO_ROWS);
  const kind = (s: (typeof spans)[number]) =>
    s.attributes.find((a) => a.key === 'openinference.span.kind')?.value.stringValue;
  expect(roots.every((r) => kind(r) === 'AGENT')).toBe(true);
  expect(spans.some((s) => kind(s) === 'RETRIEVER')).toBe(true);
});

test('Shift+M copies the open trajectory as Markdown', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await page.getByTestId('trajectory-row').first().click();
  const question = (await page.getByTestId('question').textContent()) ?? '';
  await page.keyboard.press('Shift+M');
  await expect(page.getByText(/Copied the trajectory as Markdown/)).toBeVisible();
  const md = await page.evaluate(() => navigator.clipboard.readText());
  expect(md.startsWith('### ')).toBe(true);
  expect(md.replace(/\\/g, '')).toContain(question.slice(0, 12));
  expect(md).toContain('**Steps**');
  await page.screenshot({ path: '/tmp/otlp13-trajectory.png' });

  // The hop timeline as a standalone SVG figure.
  const svgDownload = page.waitForEvent('download');
  await page.locator('[data-testid^="timeline-"][data-testid$="-svg"]').click();
  let svg = '';
  for await (const chunk of await (await svgDownload).createReadStream()) svg += chunk;
  expect(svg).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg).toContain('answer');
});

test('Table CSV holds the filtered rows and their means', async ({ page }) => {
  await openApp(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Table CSV' }).click();
  let csv = '';
  for await (const chunk of await (await download).createReadStream()) csv += chunk;
  const lines = csv.trim().split('\r\n');
  expect(lines[0]?.startsWith('row,n,id,question')).toBe(true);
  expect(lines.filter((l) => l.startsWith('trajectory,'))).toHaveLength(DEMO_ROWS);
  expect(lines.some((l) => l.startsWith(`mean em (all shown),`))).toBe(true);
});
