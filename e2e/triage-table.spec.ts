// The table as a triage surface: what the first screen shows, every flag with its evidence, the
// log's judge / gold-passage recall / answer-in-docs / near-miss as sortable, filterable columns,
// aggregates for the filter and each file, and search over everything a person remembers.
import type { Page } from '@playwright/test';
import {
  DEMO_ROWS,
  expect,
  FLASHRAG_LOG,
  importAndClose,
  openApp,
  R1_LOG,
  rowCount,
  tableSettled,
  test,
} from './fixtures';

const rows = (page: Page) => page.getByTestId('trajectory-row');

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Search trajectories');
  await box.fill(text);
  await box.press('Enter');
}

test('the first screen says it shows the demo set and how to bring logs; headers explain themselves', async ({
  page,
}) => {
  await openApp(page);
  const banner = page.getByTestId('demo-banner');
  await expect(banner).toContainText(`Showing the bundled demo set (${DEMO_ROWS} trajectories)`);
  await expect(banner).toContainText('press i');
  await expect(banner).toContainText('drop files anywhere');
  await expect(banner).toContainText('use Import… (top right)');

  for (const [name, words] of [
    ['RC', 'Retrieval count'],
    ['#Q', 'Number of queries'],
    ['Flags', 'evidence'],
    ['Judge', 'judge verdict'],
    ['Recall', 'Gold-passage recall'],
    ['In docs', 'retrieved document holds a gold answer'],
  ] as const) {
    const header = page
      .getByRole('table', { name: 'Trajectories', exact: true })
      .getByRole('columnheader')
      .filter({ hasText: new RegExp(`^${name.replace('#', '\\#')}`) });
    await expect(header).toHaveAttribute('title', new RegExp(words));
    // The same text is the header's accessible description.
    const described = await header.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${described}"]`)).toHaveText(new RegExp(words));
  }

  // Dismissed, it stays away.
  await banner.getByRole('button', { name: 'Dismiss this note' }).click();
  await page.reload();
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
});

test('every flag is reachable from the table with its evidence, by pointer and by keyboard', async ({
  page,
}) => {
  await openApp(page);
  const row = rows(page).filter({ hasText: 'first president of the Velorian' });
  const cell = row.getByTestId('flag-cell');
  // Five kinds: two as chips, the others counted rather than clipped.
  await expect(cell.locator('.flag:not(.flag-more)')).toHaveCount(2);
  await expect(cell.getByTestId('flag-more')).toHaveText('+3');
  await expect(cell).toHaveAttribute('aria-label', /wrong-entity.*repeated-query.*,.*,/);

  await cell.hover();
  const pop = page.getByTestId('flag-popover');
  await expect(pop).toBeVisible();
  const kinds = await pop.locator('li .flag').allTextContents();
  expect(new Set(kinds).size).toBe(5);
  await expect(pop).toContainText('wrong-entity');
  await expect(pop).toContainText(/repeats ".*" \(step \d+\)/);
  await page.mouse.move(5, 5);
  await expect(pop).toHaveCount(0);

  // Keyboard: select the row, f opens the flags focused, Esc closes, Enter on a flag opens its step.
  await search(page, 'veloria-search-r1.jsonl:5');
  await expect(rows(page)).toHaveCount(1);
  await page.keyboard.press('f');
  await expect(pop).toBeVisible();
  await expect(pop.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(pop).toHaveCount(0);
  await expect(cell).toBeFocused();
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('f');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/t\/[^/]+\/[^/]+$/);
});

test('judge, recall, answer-in-docs and near-miss: columns to sort and filter; aggregates per filter and file', async ({
  page,
}) => {
  await openApp(page);
  await importAndClose(page, [R1_LOG]);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 125} trajectories`);
  // Once the user's logs are in, the table is theirs: no demo note.
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);

  // Aggregates: the whole table and each file; the judge mean is the CLI's (README: 0.544 over 125).
  const agg = page.getByTestId('aggregates');
  const r1 = agg.locator('[data-file="r1searcher_bamboogle_qwen.jsonl"]');
  await expect(r1.locator('[data-metric="judge"]')).toHaveText('0.544 n=125');
  await expect(r1.locator('[data-metric="em"]')).toHaveText('0.448 n=125');
  await expect(agg.getByTestId('agg-row').first()).toContainText(`All ${DEMO_ROWS + 125} trajectories`);
  await expect(agg.getByTestId('agg-row').first().locator('[data-metric="judge"]')).toHaveText('0.544 n=125');

  // Filter on the judge: the bar follows the filter.
  await page.getByLabel('Judge verdict').selectOption('wrong');
  await expect(page.getByTestId('row-count')).toHaveText(`57 of ${DEMO_ROWS + 125} trajectories`);
  await expect(agg.getByTestId('agg-row').first()).toContainText(`Filtered: 57 of ${DEMO_ROWS + 125}`);
  await expect(agg.getByTestId('agg-row').first().locator('[data-metric="judge"]')).toHaveText('0.000 n=57');
  await page.getByLabel('Judge verdict').selectOption('none');
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} of ${DEMO_ROWS + 125} trajectories`);
  await page.getByLabel('Judge verdict').selectOption('');

  // Sort by judge, descending: judged-correct rows first.
  const judge = page
    .getByRole('columnheader')
    .filter({ hasText: /^Judge/ })
    .getByRole('button');
  await judge.click();
  await judge.click();
  await expect(rows(page).first().locator('[data-col="judge"]')).toHaveText('1');
  await judge.click(); // back to file order

  // Gold-passage recall and answer-in-docs on the demo file, which carries gold passages.
  await page.getByLabel('Gold-passage recall').selectOption('all');
  await tableSettled(page);
  const shown = await rows(page).locator('[data-col="recall"]').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((v) => v === '1')).toBe(true);
  await page.getByLabel('Gold-passage recall').selectOption('');
  await page.getByLabel('Answer in docs').selectOption('no');
  await tableSettled(page);
  const inDocs = await rows(page).locator('[data-col="answerInDocs"]').allTextContents();
  expect(inDocs.length).toBeGreaterThan(0);
  expect(inDocs.every((v) => v === '0')).toBe(true);
  await page.getByLabel('Answer in docs').selectOption('');

  // Near-miss reads the near-miss flag: every row the filter keeps shows it in its column.
  await page.getByLabel('Near-miss', { exact: true }).selectOption('yes');
  await tableSettled(page);
  const near = await rows(page).locator('[data-col="nearMiss"]').allTextContents();
  // The R1-Searcher log has near misses (dates in another format, judge-approved answers).
  expect(near.length).toBeGreaterThan(0);
  expect(near.every((v) => v === 'near')).toBe(true);
  await page.getByLabel('Near-miss', { exact: true }).selectOption('no');
  await expect(rows(page).locator('[data-col="nearMiss"]').filter({ hasText: 'near' })).toHaveCount(0);
});

test('search reaches queries, reasoning, file:line and the source’s own ids', async ({ page }) => {
  await openApp(page);
  await importAndClose(page, [FLASHRAG_LOG], 'records imported');
  // The table worker re-reads the rows after an import: wait until the count moved.
  await expect(page.getByTestId('row-count')).not.toHaveText(`${DEMO_ROWS} trajectories`);
  const total = await rowCount(page);
  const n = Number(total.split(' ')[0]);

  // FlashRAG's own id.
  await search(page, 'test_0');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('searchr1_flashrag');
  // file:line.
  await search(page, 'veloria-search-r1.jsonl:3');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('veloria-search-r1.jsonl:3');
  // A query the agent issued (in no question or answer).
  await search(page, 'Varnholt birthplace');
  await expect(rows(page).filter({ hasText: 'founder of the Casmere Botanical Institute' })).toHaveCount(1);
  // The agent's reasoning.
  await search(page, 'now I need to find where');
  await expect(rows(page).filter({ hasText: 'founder of the Casmere Botanical Institute' })).toHaveCount(1);
  await search(page, '');
  await expect(page.getByTestId('row-count')).toHaveText(`${n} trajectories`);
});
