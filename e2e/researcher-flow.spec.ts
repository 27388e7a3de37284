// The end-to-end story on a real log: drop R1-Searcher's own output on the window →
// rows appear → open one → hops → label two steps with the keyboard → reload → still there →
// the export holds them.
import { readFileSync } from 'node:fs';
import { DEMO_ROWS, R1_LOG, expect, openApp, tableSettled, test } from './fixtures';

test('drop a real log, label two steps, reload, export', async ({ page }) => {
  await openApp(page);
  const content = readFileSync(R1_LOG, 'utf8');
  // A real drop: a DataTransfer holding the file, dispatched on the page.
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'r1searcher_bamboogle_qwen.jsonl', { type: 'application/json' }));
    window.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, content);
  await expect(page.getByTestId('import-report')).toContainText('125 of 125 records imported', {
    timeout: 60_000,
  });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 125} trajectories`);

  await page.keyboard.press('/');
  await page.keyboard.type('first African American mayor');
  await page.keyboard.press('Enter');
  // The filtered rows come from the table worker: open the first one once they are on screen.
  await tableSettled(page);
  await expect(page.getByTestId('row-count')).toHaveText(/^\d+ of /);
  await page.keyboard.press('Enter'); // open the selected (first) row
  await expect(page.getByTestId('question')).toContainText('first African American mayor');
  await expect(page.getByTestId('timeline')).toBeVisible();
  const searches = page.locator('[data-testid="step"][data-kind="search"]');
  await expect(searches).toHaveCount(2);
  await expect(page.getByTestId('doc').first()).toBeVisible();

  // Name once, then label the two searches: necessary (1), over-search (2).
  await page.locator('#annotator-name').fill('grace');
  await page.locator('#annotator-name').press('Enter');
  const firstSearch = Number(await searches.nth(0).getAttribute('data-index'));
  const secondSearch = Number(await searches.nth(1).getAttribute('data-index'));
  for (let i = 0; i < firstSearch; i++) await page.keyboard.press('j');
  await page.keyboard.press('1');
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  for (let i = firstSearch; i < secondSearch; i++) await page.keyboard.press('j');
  await page.keyboard.press('2');
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  const id = decodeURIComponent(page.url().split('/t/')[1]?.split('/')[0] ?? '');

  await page.reload();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(searches.nth(0).getByTestId('step-label')).toHaveText('necessary-search');
  await expect(searches.nth(1).getByTestId('step-label')).toHaveText('over-search');

  await page.getByRole('button', { name: /Export/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Trajectories + annotations (JSONL)' }).click();
  let text = '';
  for await (const chunk of await (await download).createReadStream()) text += chunk;
  const mine = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .find((t) => t.id === id);
  expect(mine.question).toContain('first African American mayor');
  expect(mine.annotations.map((a: { label: string }) => a.label).sort()).toEqual([
    'necessary-search',
    'over-search',
  ]);
  // Each label names its step twice: the stable id, and the number shown on the timeline.
  const steps = mine.annotations
    .map((a: { label: string; stepId: string; step: number }) => [a.label, a.stepId, a.step])
    .sort();
  expect(steps).toEqual([
    ['necessary-search', `s${firstSearch}`, firstSearch + 1],
    ['over-search', `s${secondSearch}`, secondSearch + 1],
  ]);
});
