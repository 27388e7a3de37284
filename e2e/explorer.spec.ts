// The explorer as a researcher uses it: demo on first start, import a real agent log,
// open trajectories, plan tree, deep links.
import {
  DEMO_ROWS,
  expect,
  FLASHRAG_LOG,
  importAndClose,
  importFiles,
  openApp,
  R1_LOG,
  test,
} from './fixtures';

test('opens on the bundled demo, cross-origin isolated', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible();
});

test('imports the real R1-Searcher log, once, and opens a trajectory from it', async ({ page }) => {
  await openApp(page);
  await importFiles(page, R1_LOG);
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('125 of 125 records imported', { timeout: 60_000 });
  await expect(report).toContainText('search-r1');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 125} trajectories`);

  // Re-importing the same file keeps the same ids: nothing is duplicated.
  await importAndClose(page, R1_LOG, '125 of 125');
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 125} trajectories`);

  // Full-text search narrows to the log's question, and it opens with its hops.
  await page.keyboard.press('/');
  await page.keyboard.type('first spacecraft that ever approached Uranus');
  await expect(page.getByTestId('row-count')).toContainText(`of ${DEMO_ROWS + 125}`);
  await page.getByTestId('trajectory-row').first().click();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(page.getByTestId('step').first()).toBeVisible();
  await expect(page.getByTestId('plan-tree')).toHaveCount(0);
  await expect(page.getByTestId('doc').first()).toBeVisible();
});

test('imports a FlashRAG intermediate_data.json with its own metrics', async ({ page }) => {
  await openApp(page);
  await importAndClose(page, FLASHRAG_LOG);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 125} trajectories`);
});

test('reports malformed records with line and reason, and keeps the good ones', async ({ page }) => {
  await openApp(page);
  const good = (q: string) =>
    JSON.stringify({ question: q, answer: ['x'], pred_ans: 'x', gen_text_store: '<answer>x</answer>' });
  const text = [good('first good question'), '{"question": "broken', good('second good question')].join('\n');
  await importFiles(page, { name: 'mixed.jsonl', mimeType: 'application/json', buffer: Buffer.from(text) });
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('2 of 3 records imported', { timeout: 30_000 });
  await expect(report).toContainText('mixed.jsonl, line 2');
  const download = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download report' }).click();
  const body = await (await download).createReadStream();
  let json = '';
  for await (const chunk of body) json += chunk;
  expect(JSON.parse(json).errors[0]).toMatchObject({ file: 'mixed.jsonl', line: 2 });
});

test('shows an APEX plan as a tree linked to its hops; deep links survive reload', async ({ page }) => {
  await openApp(page, '#/t/demo-apex-plan');
  await expect(page.getByTestId('plan-tree')).toBeVisible();
  await expect(page.getByTestId('plan-node')).toHaveCount(3);
  await expect(page.getByTestId('plan-node').nth(1)).toContainText('Aurel Brisk');

  // Move to a later step with the keyboard: the URL names it, and reload comes back to it.
  for (let i = 0; i < 4; i++) await page.keyboard.press('j');
  const url = page.url();
  expect(url).toMatch(/#\/t\/demo-apex-plan\/.+/);
  // The URL's step part is the number shown on the step (1-based).
  const n = url.split('/').pop() ?? '';
  expect(n).toBe('5');
  await page.reload();
  await expect(page.locator('[data-testid="step"].selected .step-index')).toHaveText(n);
  expect(page.url()).toBe(url);
});
