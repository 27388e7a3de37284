// The aligned comparison of runs of one question. The bundled demo asks each question once, so
// the runs come from two real logs of the same Bamboogle questions: R1-Searcher and Search-R1
// (FlashRAG). On the Citibank question their first queries differ and their second agree.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  DEMO_ROWS,
  expect,
  FLASHRAG_LOG,
  importAndClose,
  importFiles,
  jsonlFile,
  openApp,
  R1_LOG,
  test,
} from './fixtures';

const CITIBANK = 'Citibank was founded';

async function importBoth(page: Page): Promise<void> {
  await openApp(page);
  await importFiles(page, [R1_LOG, FLASHRAG_LOG]);
  const reports = page.getByTestId('import-report');
  await expect(reports).toHaveCount(2, { timeout: 60_000 });
  for (const r of await reports.all())
    await expect(r).toContainText('125 of 125 records imported', { timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 250} trajectories`, {
    timeout: 60_000,
  });
}

const current = (page: Page) => page.locator('[data-testid="aligned-row"][aria-current="true"]');

test('select two runs of one question in the table and compare them aligned', async ({ page }) => {
  await importBoth(page);
  await page.getByLabel('Search trajectories').fill(CITIBANK);
  await page.keyboard.press('Enter'); // leaves the search box, so the table's keys work
  await expect(page.getByTestId('row-count')).toHaveText(`2 of ${DEMO_ROWS + 250} trajectories`);

  // x selects the current row; j moves; the checkbox works too.
  await page.keyboard.press('x');
  await expect(page.getByTestId('compare-button')).toHaveText('Compare (1)');
  await expect(page.getByTestId('compare-button')).toBeDisabled();
  await page.getByTestId('compare-select').nth(1).check();
  await expect(page.getByTestId('compare-button')).toHaveText('Compare (2)');
  await page.screenshot({ path: '/tmp/aligned-table.png' });
  await page.getByTestId('compare-button').click();

  await expect(page).toHaveURL(/#\/compare\/[^/]+\/[^/]+$/);
  const runs = page.getByTestId('compare-run');
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0)).toContainText('r1searcher_bamboogle_qwen.jsonl');
  await expect(runs.nth(1)).toContainText('searchr1_flashrag_bamboogle');
  await expect(page.getByTestId('compare-answer')).toHaveText(['James Madison', 'James Madison']);
  const banner = page.getByTestId('divergence-banner');
  await expect(banner).toContainText('Runs part at hop 1: different query');
  await expect(banner).toContainText('“Citibank founding year” (run 1) vs “Citibank was founded” (run 2)');

  // The rows: hop 1, hop 2, the answer. Hop 2's query is the same on both sides; shared
  // documents sit on one line.
  const rows = page.getByTestId('aligned-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByTestId('compare-query')).toHaveText([
    'president of the United States in 1812',
    'president of the United States in 1812',
  ]);
  await expect(rows.nth(1).locator('[data-testid="doc-line"][data-shared="2"]').first()).toBeVisible();
  await expect(rows.nth(0).getByTestId('divergence-mark')).toHaveText('runs part: different query');
  await expect(page.getByTestId('sufficiency')).toHaveText(['after search 2', 'after search 2']);

  // j/k move one current row across both runs; d returns to the divergence.
  await expect(current(page)).toHaveAttribute('data-row', '0');
  await page.keyboard.press('j');
  await expect(current(page)).toHaveAttribute('data-row', '1');
  await page.keyboard.press('j');
  await expect(current(page)).toHaveAttribute('data-row', '2');
  await page.keyboard.press('j');
  await expect(current(page)).toHaveAttribute('data-row', '2');
  await page.keyboard.press('k');
  await expect(current(page)).toHaveAttribute('data-row', '1');
  await page.screenshot({ path: '/tmp/aligned-compare.png' });
  await page.keyboard.press('d');
  await expect(current(page)).toHaveAttribute('data-row', '0');

  // 2 picks run 2; Enter opens it at the current row's first step.
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/t\/[^/]+\/[^/]+$/);
  await expect(page.getByTestId('question')).toContainText(CITIBANK);
  await page.goBack();
  await expect(page.getByTestId('divergence-banner')).toBeVisible();

  // Esc returns to the table it was opened from.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toBeVisible();
});

test('opens "All runs of this question" from a trajectory', async ({ page }) => {
  await importBoth(page);
  await page.getByLabel('Search trajectories').fill(CITIBANK);
  await page.getByTestId('trajectory-row').first().click();
  const all = page.getByTestId('runs-of-question');
  await expect(all).toHaveText('All runs of this question (2)');
  await all.click();
  await expect(page).toHaveURL(/#\/compare\//);
  await expect(page.getByTestId('compare-run')).toHaveCount(2);
  await expect(page.getByTestId('divergence-banner')).toContainText('Runs part at hop 1');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('question')).toContainText(CITIBANK);

  // A demo run has no other run of its question: the button says so and stays disabled.
  await page.goto('/#/');
  await page.getByLabel('Search trajectories').fill('first president of the Velorian Academy of Sciences');
  await page.getByTestId('trajectory-row').first().click();
  await expect(page.getByTestId('runs-of-question')).toHaveText('All runs of this question (1)');
  await expect(page.getByTestId('runs-of-question')).toBeDisabled();
});

test('a link naming a missing run says which, and a malformed escape does not break the page', async ({
  page,
}) => {
  await page.goto('/#/compare/no-such-run/bad%E0%A4%A');
  await expect(page.getByText('at least two stored runs are needed')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('code', { hasText: 'no-such-run' })).toBeVisible();
  await expect(page.locator('code', { hasText: 'bad%E0%A4%A' })).toBeVisible();
});

test('aligns two APEX runs by plan node and marks where their sub-question searches part', async ({
  page,
}) => {
  // A second run of the demo's APEX question: the same plan worded differently, and another
  // query for sub-question 2.
  const line = readFileSync(resolve(import.meta.dirname, '../public/demo/veloria-hopscope.jsonl'), 'utf8')
    .split('\n')
    .find((l) => l.includes('"id":"demo-apex-plan"'));
  if (!line) throw new Error('demo-apex-plan missing from the demo set');
  const t = JSON.parse(line) as {
    id: string;
    plan: Array<{ id: string; text: string }>;
    steps: Array<{ id: string; queries?: string[]; text?: string; docs?: unknown[] }>;
  };
  t.id = 'apex-variant';
  const node2 = t.plan.find((n) => n.id === '2');
  if (node2) node2.text = 'In what city was #1 born?';
  const s7 = t.steps.find((s) => s.id === 's7');
  if (s7) {
    s7.queries = ['Aurel Brisk birthplace'];
    s7.text = 'Aurel Brisk birthplace';
  }
  // ...which finds at once the passages run 1 needed a second hop for.
  const s8 = t.steps.find((s) => s.id === 's8');
  const s11 = t.steps.find((s) => s.id === 's11');
  if (s8 && s11) s8.docs = s11.docs;
  await openApp(page);
  await importAndClose(page, jsonlFile('apex-variant.jsonl', [t]), '1 of 1 record imported', 30_000);

  await page.goto('/#/t/demo-apex-plan');
  await page.getByTestId('runs-of-question').click();
  await expect(page.getByTestId('compare-run')).toHaveCount(2);
  await expect(page.getByTestId('divergence-banner')).toContainText(
    'Runs part at sub-question 2 · hop 1: different query',
  );
  await expect(page.getByTestId('divergence-banner')).toContainText('“Aurel Brisk birthplace” (run 2)');
  const labels = page.getByTestId('aligned-row').locator('.cmp-label b');
  await expect(labels.first()).toHaveText('before searching');
  await expect(labels).toContainText([
    'sub-question 1 · hop 1',
    'sub-question 2 · hop 1',
    'sub-question 3 · hop 1',
  ]);
  await expect(page.getByTestId('sufficient-here')).toHaveCount(2);
  // Run 1 lacks, at that hop, a passage it retrieved a hop later: the empty slot links there.
  const later = page.getByTestId('doc-elsewhere').filter({ hasText: 'retrieved at sub-question 2 · hop 2' });
  await expect(later.first()).toBeVisible();
  await page.screenshot({ path: '/tmp/aligned-apex.png' });
  await later.first().click();
  await expect(current(page).locator('.cmp-label b')).toHaveText('sub-question 2 · hop 2');
  await page.keyboard.press('k');
  await page.keyboard.press('d');
  await expect(current(page)).toContainText('sub-question 2 · hop 1');
});

test('a long comparison renders only the rows in view and still moves by keyboard', async ({ page }) => {
  const HOPS = 220;
  const longRun = (id: string, partAt: number) => ({
    schema: 'hopscope.trajectory/1',
    id,
    question: 'A question that took two hundred and twenty searches?',
    source: { kind: 'import', format: 'hopscope' },
    agent: { strategy: 'search-r1', params: {} },
    gold: { answers: ['needle'] },
    steps: Array.from({ length: HOPS }, (_, i) => [
      { kind: 'search', hop: i + 1, queries: [i + 1 === partAt ? `other query ${i + 1}` : `query ${i + 1}`] },
      {
        kind: 'retrieve',
        hop: i + 1,
        docs: [{ id: `d${i}`, title: `Doc ${i + 1}`, text: `Passage ${i + 1}.`, rank: 1 }],
      },
    ])
      .flat()
      .concat([{ kind: 'answer', text: 'needle' } as never])
      .map((s, index) => ({ ...s, id: `s${index}`, index })),
    answer: { text: 'needle' },
  });
  const text = [longRun('long-a', 0), longRun('long-b', 150)].map((t) => JSON.stringify(t)).join('\n');
  await openApp(page);
  await importAndClose(
    page,
    { name: 'long.jsonl', mimeType: 'application/json', buffer: Buffer.from(text) },
    '2 of 2 records imported',
    30_000,
  );

  await page.goto('/#/compare/long-a/long-b');
  await expect(page.getByTestId('divergence-banner')).toContainText('Runs part at hop 150: different query');
  // It opens at the divergence; far fewer rows than 221 are in the page.
  await expect(current(page)).toHaveAttribute('data-row', '149');
  expect(await page.getByTestId('aligned-row').count()).toBeLessThan(60);
  await page.keyboard.press('End');
  await expect(current(page)).toHaveAttribute('data-row', String(HOPS));
  await expect(current(page)).toContainText('answer');
  await expect(current(page)).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(current(page)).toHaveAttribute('data-row', '0');
  await expect(current(page)).toBeInViewport();
  await page.keyboard.press('d');
  await expect(current(page)).toHaveAttribute('data-row', '149');
  await expect(current(page)).toBeInViewport();
  await page.screenshot({ path: '/tmp/aligned-long.png' });
});
