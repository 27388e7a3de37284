// `npm start` runs the Vite dev server, not the production build: the page must render the demo
// set there too. (A models middleware that answered the app's own models/registry.ts once left
// the dev server on a blank page while every production-build test passed.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO_ROWS, expect, openApp, test } from './fixtures';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Opens a report from disk with every non-file request refused, and checks it renders: the
 * demo's APEX trajectory (its answer and plan), then the table. Returns the page errors seen.
 */
async function expectReportRenders(page: Page, file: string, rows: number): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.context().route('**', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
  await page.goto(`${pathToFileURL(file).href}#/t/demo-apex-plan`);
  await expect(page.getByTestId('answer')).toHaveText('Ambrel River', { timeout: 15_000 });
  await expect(page.getByTestId('plan-tree')).toBeVisible();
  await expect(page.getByText('Opening the report…')).toHaveCount(0);
  await page.getByRole('button', { name: '← Table' }).click();
  await expect(page.getByTestId('row-count')).toHaveText(`${rows} trajectories`);
  return errors;
}

test('the dev server renders the bundled demo set', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openApp(page);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`, { timeout: 60_000 });
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  // The Run page imports models/registry.ts: it must load as a module, not as a model file.
  await page.getByTestId('nav-run').click();
  await expect(page.getByTestId('run-button')).toBeVisible();
  expect(errors).toEqual([]);
});

// DuckDB's .wasm and worker files are `?url` assets: the dev server must serve them (under the
// COOP/COEP headers) as the build does, and the SQL worker start there.
test('the dev server starts the SQL worker and runs a query from a link', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openApp(page, `#/?sql=${encodeURIComponent('SELECT count(*) AS n FROM trajectories')}`);
  await expect(page.getByTestId('sql-row').first()).toHaveText(String(DEMO_ROWS), { timeout: 90_000 });
  await expect(page.getByTestId('sql-status')).toContainText(/DuckDB \((eh|mvp) build\)/);
  expect(errors).toEqual([]);
});

test('the dev server answers model paths without shadowing source or failing on bad escapes', async ({
  request,
}) => {
  const source = await request.get('/models/registry.ts');
  expect(source.status()).toBe(200);
  expect(source.headers()['content-type']).toMatch(/javascript/);
  const missing = await request.get('/models/nobody/nothing/config.json');
  expect(missing.status()).toBe(404);
  const malformed = await request.get('/models/%E0%A4%A');
  expect(malformed.status()).toBe(400);
  const page = await request.get('/');
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

// The report template the dev server builds once ran React's development JSX against the
// production runtime: the file stayed on "Opening the report…" with `jsxDEV is not a function`.
test('Export → HTML report from the dev server opens from disk and renders', async ({ page, context }) => {
  test.setTimeout(300_000); // the export builds the viewer: slow on a busy machine
  // No cached template (as on a fresh clone, or after the build project made one): the dev server
  // must build it itself.
  rmSync(join(ROOT, '.report-build'), { recursive: true, force: true });
  await openApp(page);
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible();
  await page.getByRole('button', { name: /Export/ }).click();
  const download = page.waitForEvent('download', { timeout: 240_000 });
  await page.getByTestId('export-html-report').click();
  const file = join(mkdtempSync(join(tmpdir(), 'hopscope-dev-report-')), 'report.html');
  await (await download).saveAs(file);
  expect(await expectReportRenders(await context.newPage(), file, DEMO_ROWS)).toEqual([]);
  // Built by the dev server and cached under its content key.
  expect(readdirSync(join(ROOT, '.report-build'))).toEqual([expect.stringMatching(/^report-\w+\.html$/)]);
});

// The CLI reuses what the last build left in .report-build: after the dev server built the
// template, `npm run cli -- report` once wrote the same blank report.
test('`npm run cli -- report` after the dev server built the template writes a report that renders', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  expect((await request.get('/report-template.html', { timeout: 240_000 })).status()).toBe(200);
  const out = join(mkdtempSync(join(tmpdir(), 'hopscope-dev-report-')), 'report.html');
  const cli = spawnSync(
    'npx',
    ['tsx', 'app/cli/main.ts', 'report', 'public/demo/veloria-hopscope.jsonl', '--out', out],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(cli.status, cli.stderr).toBe(0);
  // The dev server's template is reused, not rebuilt: the same sources, so the same cache entry.
  expect(cli.stderr).not.toContain('building the report viewer');
  expect(await expectReportRenders(page, out, 6)).toEqual([]);
});
