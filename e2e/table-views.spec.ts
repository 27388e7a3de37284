// The table shaped and remembered (issue 40 item 3): presets, the column chooser (show, pin,
// width), numeric range filters run by the table query, and a saved view that a link and a reload
// reproduce.
import type { Page } from '@playwright/test';
import { DEMO_ROWS, expect, openApp, tableSettled, test } from './fixtures';

const headers = (page: Page) =>
  page
    .getByRole('table', { name: 'Trajectories', exact: true })
    .locator('.th[data-col]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-col')));

const aggHeaders = (page: Page) => page.getByTestId('aggregates').locator('thead th').allTextContents();

/** The number in each row's cell of `col` (null for '–'). */
async function cells(page: Page, col: string): Promise<Array<number | null>> {
  await tableSettled(page);
  const texts = await page.locator(`.tbody .tr [data-col="${col}"]`).allTextContents();
  return texts.map((t) => (t.trim() === '–' ? null : Number(t)));
}

test('a preset, then columns shown, pinned and resized in the chooser; kept over a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);

  await page.getByLabel('Column preset').selectOption('retrieval');
  expect(await headers(page)).toEqual([
    'question',
    'answer',
    'recall',
    'answerInDocs',
    'r3',
    'r5',
    'p3',
    'p5',
    'rc',
    'queries',
  ]);
  // The aggregates follow: no EM mean, no efficiency rates without the Flags column.
  const agg = await aggHeaders(page);
  expect(agg).toContain('Recall');
  expect(agg).not.toContain('EM');
  expect(agg).not.toContain('Redundant');

  await page.getByLabel('Column preset').selectOption('all');
  const chooser = page.getByTestId('column-chooser');
  await chooser.locator('summary').click();
  await chooser.getByLabel('Show Reward').check();
  await chooser.getByLabel('Pin Answer / gold').check();
  await chooser.locator('summary').click();
  expect((await headers(page)).slice(0, 3)).toEqual(['question', 'answer', 'strategy']);
  expect(await headers(page)).toContain('score');

  // Pinned columns stay put while the table scrolls sideways inside its box; the page does not.
  const row = page.getByTestId('trajectory-row').first();
  const answerX = (await row.locator('[data-col="answer"]').boundingBox())!.x;
  const accX = (await row.locator('[data-col="acc"]').boundingBox())!.x;
  await page.locator('.tbody').evaluate((el) => {
    el.scrollLeft = 300;
  });
  await expect
    .poll(async () => (await row.locator('[data-col="acc"]').boundingBox())!.x)
    .toBeLessThan(accX - 50);
  expect((await row.locator('[data-col="answer"]').boundingBox())!.x).toBe(answerX);
  // The header scrolled with the rows.
  const accHead = page.locator('.th[data-col="acc"]');
  expect(
    Math.abs((await accHead.boundingBox())!.x - (await row.locator('[data-col="acc"]').boundingBox())!.x),
  ).toBeLessThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

  // Drag the Question column's edge 80 px wider.
  const q = page.locator('.th[data-col="question"]');
  const before = (await q.boundingBox())!.width;
  const edge = (await page.getByTestId('resize-question').boundingBox())!;
  await page.mouse.move(edge.x + 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + 42, edge.y + edge.height / 2);
  await page.mouse.move(edge.x + 82, edge.y + edge.height / 2);
  await page.mouse.up();
  await expect.poll(async () => Math.round((await q.boundingBox())!.width - before)).toBe(80);
  const width = (await q.boundingBox())!.width;

  // A reload keeps all of it (the link carries it).
  expect(page.url()).toContain('pin=question%2Canswer');
  await page.reload();
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);
  expect((await headers(page)).slice(0, 3)).toEqual(['question', 'answer', 'strategy']);
  expect(await headers(page)).toContain('score');
  expect(Math.round((await q.boundingBox())!.width)).toBe(Math.round(width));
});

test('numeric range filters: F1 ≥ 0.5, then RC between 2 and 5, each a chip that removes it', async ({
  page,
}) => {
  await openApp(page);
  const f1 = await cells(page, 'f1');
  const rc = await cells(page, 'rc');
  expect(f1).toHaveLength(DEMO_ROWS);
  const keptF1 = f1.filter((v) => v !== null && v >= 0.5).length;
  const keptBoth = f1.filter((v, i) => v !== null && v >= 0.5 && rc[i]! >= 2 && rc[i]! <= 5).length;
  // The demo set has rows on both sides, so each filter is seen to remove some.
  expect(keptF1).toBeLessThan(DEMO_ROWS);
  expect(keptBoth).toBeLessThan(keptF1);

  const ranges = page.getByTestId('range-filters');
  await ranges.locator('summary').click();
  await ranges.getByLabel('F1 at least').fill('0.5');
  await ranges.getByLabel('F1 at least').press('Enter');
  await expect(page.getByTestId('row-count')).toHaveText(`${keptF1} of ${DEMO_ROWS} trajectories`);
  await ranges.getByLabel('RC at least').fill('2');
  await ranges.getByLabel('RC at most').fill('5');
  await ranges.getByLabel('RC at most').press('Enter');
  await expect(page.getByTestId('row-count')).toHaveText(`${keptBoth} of ${DEMO_ROWS} trajectories`);
  await ranges.locator('summary').click();
  await expect(page.getByTestId('range-chip')).toHaveText(['F1 ≥ 0.5×', 'RC 2–5×']);
  for (const v of await cells(page, 'f1')) expect(v).toBeGreaterThanOrEqual(0.5);
  expect(page.url()).toContain('range.f1=0.5%7E');

  await page.getByRole('button', { name: 'Remove F1 ≥ 0.5' }).click();
  await expect(page.getByTestId('range-chip')).toHaveText(['RC 2–5×']);
  await expect(page.getByTestId('row-count')).toHaveText(
    `${rc.filter((v) => v! >= 2 && v! <= 5).length} of ${DEMO_ROWS} trajectories`,
  );
});

test('a saved view (columns, filters, sort) comes back from its link after a reload, and from the Views menu', async ({
  page,
  context,
}) => {
  await openApp(page);
  await page.getByLabel('Column preset').selectOption('triage');
  await page.getByLabel('Strategy', { exact: true }).selectOption('apex-searcher');
  const f1Sort = page.locator('.th[data-col="f1"] button.sort');
  await f1Sort.click();
  await f1Sort.click();
  const ranges = page.getByTestId('range-filters');
  await ranges.locator('summary').click();
  await ranges.getByLabel('RC at least').fill('2');
  await ranges.getByLabel('RC at least').press('Enter');
  await ranges.locator('summary').click();
  await tableSettled(page);
  const count = await page.getByTestId('row-count').textContent();
  const order = await page
    .getByTestId('trajectory-row')
    .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row-id')));
  expect(count).toMatch(new RegExp(`^\\d+ of ${DEMO_ROWS} trajectories$`));

  const views = page.getByTestId('saved-views');
  await views.locator('summary').click();
  await views.getByLabel('View name').fill('apex by F1');
  await views.getByRole('button', { name: 'Save view' }).click();
  await expect(views.locator('summary')).toHaveText('View: apex by F1 ▾');
  await views.locator('summary').click();
  const link = page.url();
  expect(link).toMatch(/#\/\?.*sort=-f1/);

  const check = async (p: Page) => {
    await expect(p.getByTestId('row-count')).toHaveText(count!);
    await tableSettled(p);
    expect(
      await p.getByTestId('trajectory-row').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row-id'))),
    ).toEqual(order);
    await expect(p.locator('.th[data-col="f1"]')).toHaveAttribute('aria-sort', 'descending');
    await expect(p.getByLabel('Strategy', { exact: true })).toHaveValue('apex-searcher');
    await expect(p.getByTestId('range-chip')).toHaveText(['RC ≥ 2×']);
    await expect(p.getByLabel('Column preset')).toHaveValue('triage');
  };
  await page.reload();
  await check(page);

  // The link in another tab shows the same view.
  const other = await context.newPage();
  await other.goto(link);
  await check(other);
  await other.close();

  // Back to the whole table, then the saved view from the menu.
  await page.goto('/#/?cols=question');
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);
  expect(await headers(page)).toEqual(['question']);
  await views.locator('summary').click();
  await views.getByRole('button', { name: 'apex by F1', exact: true }).click();
  await check(page);
  expect(page.url()).toBe(link);
});
