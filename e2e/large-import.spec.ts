// A 100 MB JSONL imports in the worker with a moving progress bar while the UI keeps painting,
// and the table then holds every record (virtualized).
import { DEMO_ROWS, expect, importFiles, openApp, repeatedR1Log, test } from './fixtures';

test('streams a 100 MB log through the worker with progress; the UI stays responsive', async ({
  page,
}, info) => {
  test.setTimeout(600_000);
  // The real R1-Searcher log, repeated to 100 MB; each copy gets its own questions so rows differ.
  const path = info.outputPath('big.jsonl');
  const records = repeatedR1Log(path, 100);

  await openApp(page);
  // Watch the main thread: the longest gap between animation frames while importing.
  await page.evaluate(() => {
    const w = window as unknown as { __maxGap: number; __last: number };
    w.__maxGap = 0;
    w.__last = performance.now();
    const tick = (t: number) => {
      w.__maxGap = Math.max(w.__maxGap, t - w.__last);
      w.__last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await importFiles(page, path);
  const bar = page.getByTestId('import-job').locator('progress');
  const seen = new Set<string>();
  const report = page.getByTestId('import-report');
  while (!(await report.isVisible())) {
    const v = await bar.getAttribute('value');
    if (v) seen.add(v);
    await page.waitForTimeout(250);
  }
  await expect(report).toContainText(`${records} of ${records} records imported`);
  expect(seen.size, `progress values seen: ${[...seen].join(',')}`).toBeGreaterThanOrEqual(3);
  const maxGap = await page.evaluate(() => (window as unknown as { __maxGap: number }).__maxGap);
  console.log(`100 MB import: ${records} records, longest frame gap ${maxGap.toFixed(0)} ms`);
  expect(maxGap, 'longest main-thread stall while importing (ms)').toBeLessThan(1_000);

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + records} trajectories`, {
    timeout: 60_000,
  });
  // Virtualized: only a screenful of rows is in the DOM.
  expect(await page.getByTestId('trajectory-row').count()).toBeLessThan(200);
  await page.keyboard.press('End');
  // End jumps to the last of ~14,500 rows: it is scrolled into view and selected.
  await expect(page.locator('[data-testid="trajectory-row"].selected')).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('timeline')).toBeVisible();
});
