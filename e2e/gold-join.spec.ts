// A loaded benchmark question set feeds the explorer's metrics: a trajectory log that carries no
// gold gets the MuSiQue gold answer, plan and supporting passages joined on by its question.
import { writeFileSync } from 'node:fs';
import {
  expect,
  importAndClose,
  importOneAndOpen,
  loadMusiqueQuestions,
  musiqueRecord,
  openApp,
  test,
} from './fixtures';

test('MuSiQue questions give an imported log its gold plan and gold-passage recall', async ({
  page,
}, info) => {
  const rec = musiqueRecord();
  const supporting = rec.paragraphs.filter((p) => p.is_supporting);
  const other = rec.paragraphs.find((p) => !p.is_supporting)!;
  expect(supporting.length).toBeGreaterThanOrEqual(2);
  // A Search-R1 transcript that found one of the supporting passages, and no gold of its own.
  const found = supporting[0]!;
  const log = info.outputPath('run.jsonl');
  const response =
    `<think>Let me search.</think>\n<search> ${rec.question} </search>\n\n<information>` +
    `Doc 1(Title: ${found.title}) ${found.paragraph_text}\nDoc 2(Title: ${other.title}) ${other.paragraph_text}` +
    `</information>\n\n<think>Found it.</think>\n<answer> ${rec.answer} </answer>`;
  writeFileSync(log, `${JSON.stringify({ question: rec.question, response })}\n`);

  await loadMusiqueQuestions(page);

  await importOneAndOpen(page, log, rec.question);

  await expect(page.getByTestId('gold-from')).toContainText('MuSiQue');
  await expect(page.locator('.answer-line')).toContainText(rec.answer);
  await expect(page.locator('.answer-line .pill', { hasText: /^EM/ })).toHaveText('EM 1');
  await page.keyboard.press('m');
  const metrics = page.getByTestId('metrics-panel');
  const recall = 1 / supporting.length;
  await expect(metrics.locator('tr', { hasText: 'Gold-passage recall' })).toContainText(
    Number.isInteger(recall) ? String(recall) : recall.toFixed(2),
  );
  const goldPlan = page.getByTestId('gold-plan');
  await expect(goldPlan.locator('tbody tr')).toHaveCount(rec.question_decomposition.length);
  // Each step as written beside its question form: `X >> relation` becomes a question.
  const firstRow = goldPlan.locator('tbody tr').first();
  await expect(firstRow.locator('td').nth(1)).toHaveText(rec.question_decomposition[0]!.question);
  await expect(firstRow.locator('td').nth(2)).toHaveText(/\?$/);
  await expect(firstRow.locator('td').nth(2)).not.toContainText('>>');
  await expect(page.getByTestId('gold-supporting').locator('li')).toHaveCount(supporting.length);
  // The retrieved supporting passage carries the gold mark in the hop timeline.
  await expect(page.getByTestId('doc').filter({ hasText: found.title }).locator('.b-gold')).toBeVisible();
});

test('table = view: a log imported before its question set shows the set’s gold in every metric of both', async ({
  page,
}, info) => {
  const rec = musiqueRecord(1);
  const supporting = rec.paragraphs.filter((p) => p.is_supporting);
  const other = rec.paragraphs.find((p) => !p.is_supporting)!;
  const found = supporting[0]!;
  const log = info.outputPath('early.jsonl');
  const response =
    `<think>Let me search.</think>\n<search> ${rec.question} </search>\n\n<information>` +
    `Doc 1(Title: ${found.title}) ${found.paragraph_text}\nDoc 2(Title: ${other.title}) ${other.paragraph_text}` +
    `</information>\n\n<think>Found it.</think>\n<answer> ${rec.answer} </answer>`;
  writeFileSync(log, `${JSON.stringify({ question: rec.question, response })}\n`);

  // The log first: its row is derived with no gold.
  await openApp(page);
  await importAndClose(page, log, '1 of 1 record imported', 30_000);
  const box = page.getByLabel('Search trajectories');
  await box.fill(rec.question.slice(0, 40));
  await box.press('Enter');
  const row = page.getByTestId('trajectory-row').first();
  await expect(row.locator('[data-col="em"]')).toHaveText('–');

  // Then the question set: the stored row is re-derived with its gold.
  await loadMusiqueQuestions(page);
  await page.goto('/#/');
  await box.fill(rec.question.slice(0, 40));
  await box.press('Enter');
  await expect(row.locator('[data-col="em"]')).toHaveText('1', { timeout: 30_000 });
  const table: Record<string, string> = {};
  for (const col of ['em', 'f1', 'acc', 'recall', 'answerInDocs', 'rc'])
    table[col] = ((await row.locator(`[data-col="${col}"]`).textContent()) ?? '').trim();
  expect(table.recall).not.toBe('–');

  await row.click();
  await expect(page.getByTestId('gold-from')).toBeVisible();
  await page.keyboard.press('m');
  const metrics = page.getByTestId('metrics-panel');
  const view = async (name: string) =>
    Number.parseFloat(
      ((await metrics.locator('tr', { hasText: name }).first().locator('td').textContent()) ?? '').trim(),
    );
  const num = (s: string | undefined) => Number.parseFloat(s ?? '');
  expect(await view('EM')).toBeCloseTo(num(table.em), 2);
  expect(await view('F1')).toBeCloseTo(num(table.f1), 2);
  expect(await view('Gold-passage recall')).toBeCloseTo(num(table.recall), 2);
  expect(await view('Answer recall')).toBeCloseTo(num(table.answerInDocs), 2);
  expect(await view('RC')).toBe(num(table.rc));
});
