// Data a researcher can trust (issue 8): documents keep their titles and read without CSV
// escapes, gold titles match after normalization, one 1-based step number everywhere a person
// reads it (evidence, panel, timeline, URL, export), and near misses are not wrong entities.
import {
  expect,
  exportedAnnotations,
  importFiles,
  jsonlFile,
  openApp,
  openFirstMatch,
  R1_LOG,
  test,
} from './fixtures';
import type { Page } from '@playwright/test';

const jsonl = jsonlFile;

// An R1-Searcher record with one plain and one CSV-quoted document; its answer is the wrong
// entity, found in the first document.
const POPPINS = {
  question: 'Who wrote the Mary Poppins books?',
  answer: 'P. L. Travers',
  gen_text_store:
    'I should search. <|begin_of_query|> Mary Poppins author<|end_of_query|>\n\n<|begin_of_documents|>\n' +
    '(1)Title: Julie Andrews Text: Julie Andrews played Mary Poppins in 1964.\n' +
    '(2)"Title: Mary Poppins Opens the Door Text:  The third book in the ""Mary Poppins"" series."\n' +
    '<|end_of_documents|>\n\nJulie Andrews it is.</think>\n\n<answer> Julie Andrews </answer>',
};

async function importAndOpen(
  page: Page,
  file: Parameters<typeof importFiles>[1],
  search: string,
  records = 1,
) {
  await importFiles(page, file);
  await expect(page.getByTestId('import-report')).toContainText(
    `${records} of ${records} record${records === 1 ? '' : 's'} imported`,
    {
      timeout: 60_000,
    },
  );
  await page.keyboard.press('Escape');
  await openFirstMatch(page, search);
  await expect(page.getByTestId('timeline')).toBeVisible();
}

const panelHeading = (page: Page) => page.getByTestId('step-panel').locator('h3');

test('a flag, the step panel, the timeline, the URL and the export give a step one number', async ({
  page,
}) => {
  await openApp(page);
  await importAndOpen(page, jsonl('poppins.jsonl', [POPPINS]), 'Mary Poppins books');

  // Documents: the CSV-quoted one keeps its title, its text reads without doubled quotes.
  await page.locator('[data-testid="step"][data-kind="retrieve"]').click();
  const docs = page.getByTestId('step-panel').getByTestId('doc');
  await expect(docs.locator('.doc-title')).toHaveText(['Julie Andrews', 'Mary Poppins Opens the Door']);
  await expect(docs.nth(1)).toContainText('The third book in the "Mary Poppins" series.');
  await expect(docs.nth(1)).not.toContainText('""');

  // The wrong-entity flag cites a step; "go to step" lands on the step showing that number.
  await page.keyboard.press('m');
  const flag = page.locator('.metrics-panel .flags li').filter({ hasText: 'wrong-entity' });
  const evidence = (await flag.textContent()) ?? '';
  const n = /\(step (\d+)\)/.exec(evidence)?.[1];
  expect(n, evidence).toBe('3');
  await flag.getByRole('button', { name: 'go to step' }).click();
  await expect(panelHeading(page)).toContainText(`Step ${n} ·`);
  await expect(page.locator('[data-testid="step"].selected .step-index')).toHaveText(n!);
  await expect(page).toHaveURL(new RegExp(`#/t/[^/]+/${n}$`));

  // Reload keeps the step; an old step-id link opens the same step and shows its number.
  const url = page.url();
  await page.reload();
  await expect(panelHeading(page)).toContainText(`Step ${n} ·`);
  const id = /#\/t\/([^/]+)\//.exec(url)?.[1] ?? '';
  await page.goto(`/#/t/${id}/s${Number(n) - 1}`);
  await expect(panelHeading(page)).toContainText(`Step ${n} ·`);
  await expect(page).toHaveURL(url);

  // Label that step; the export carries the stable stepId and the number a person reads.
  await page.keyboard.press('5');
  await expect(page.locator('#annotator-name')).toBeFocused();
  await page.keyboard.type('ada');
  await page.keyboard.press('Enter');
  await page.keyboard.press('5');
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  const rows = await exportedAnnotations<{ stepId?: string; step?: number; label: string }>(page);
  expect(rows.map((r) => [r.label, r.stepId, r.step])).toEqual([['irrelevant-docs', 's2', Number(n)]]);
  await page.screenshot({ path: '/tmp/i8data-numbering.png' });
});

test('gold titles match after normalization (HTML references, case, punctuation)', async ({ page }) => {
  await openApp(page);
  const record = {
    schema: 'hopscope.trajectory/1',
    id: 'gold-title-check',
    question: 'Which cartoon pairs a cat and a mouse?',
    source: { kind: 'import' },
    agent: { strategy: 'test', params: {} },
    gold: { answers: ['Tom and Jerry'], supporting: [{ title: 'Tom &amp; Jerry' }] },
    steps: [
      {
        id: 's0',
        index: 0,
        kind: 'retrieve',
        docs: [
          { id: 'a', title: 'TOM & JERRY', text: 'An American cartoon series.', rank: 1 },
          { id: 'b', title: 'Tom Cat', text: 'A cartoon cat.', rank: 2 },
        ],
      },
    ],
  };
  await importAndOpen(page, jsonl('gold.jsonl', [record]), 'cat and a mouse');
  const docs = page.getByTestId('step-panel').getByTestId('doc');
  await expect(docs.nth(0).locator('.b-gold')).toBeVisible();
  await expect(docs.nth(1).locator('.b-gold')).toHaveCount(0);
});

test('the real R1-Searcher log: unescaped documents, and a date in another format is a near miss', async ({
  page,
}) => {
  await openApp(page);
  await importAndOpen(page, R1_LOG, 'Olympics that had Fuwa', 125);
  await page.locator('[data-testid="step"][data-kind="retrieve"]').first().click();
  const docs = page.getByTestId('step-panel').getByTestId('doc');
  await expect(docs.filter({ hasText: 'One World, One Dream' }).first()).toContainText(
    '"One World, One Dream" (',
  );
  await expect(docs.filter({ hasText: '""One World' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await page.keyboard.press('/');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Cogito, ergo sum');
  await page.keyboard.press('Enter');
  await page.getByTestId('trajectory-row').first().click();
  await expect(page.getByTestId('answer')).toHaveText('11 February 1650');
  await page.keyboard.press('m');
  const flags = page.locator('.metrics-panel .flags li');
  await expect(flags.filter({ hasText: 'near-miss' })).toContainText(
    'Answered "11 February 1650", gold "February 11, 1650": same date, different format',
  );
  await expect(flags.filter({ hasText: 'wrong-entity' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/i8data-nearmiss.png' });
});
