// The papers' names and measures in the trajectory view: a QAgent transcript that reflects with
// <reflect> (QAgent Table 5 names both tags) imports the reflection; its cover-EM is labelled
// "non-strict EM" (QAgent §4.1); ExSearch's R@k / P@k (§5.2, Tables 3 and 7) are in the metrics;
// a MuSiQue gold plan shows each step as written beside its question form.
import { writeFileSync } from 'node:fs';
import { expect, importOneAndOpen, loadMusiqueQuestions, musiqueRecord, test } from './fixtures';

test('a QAgent log with <reflect>, its non-strict EM, R@k / P@k and the rewritten gold plan', async ({
  page,
}, info) => {
  const rec = musiqueRecord();
  const [found] = rec.paragraphs.filter((p) => p.is_supporting);
  const others = rec.paragraphs.filter((p) => !p.is_supporting).slice(0, 3);
  const passages = [...others, found!].map((p, i) => `Passage #${i + 1} ${p.title}\n${p.paragraph_text}`);
  const output =
    `<plan> Find the county, then its seat. </plan>\n<search><query> ${rec.question} </query></search>\n` +
    `<information>${passages.join('\n')}</information>\n` +
    `<reflect> The passages name the county and its seat. </reflect>\n<answer> ${rec.answer} </answer>`;
  const log = info.outputPath('qagent.jsonl');
  writeFileSync(log, `${JSON.stringify({ question: rec.question, output })}\n`);

  await loadMusiqueQuestions(page);

  await importOneAndOpen(page, log, rec.question);

  // The <reflect> text is a step of its own, and the pill names acc as QAgent does.
  await expect(page.getByText('The passages name the county and its seat.').first()).toBeVisible();
  await expect(page.locator('.answer-line .pill', { hasText: /^non-strict EM/ })).toHaveText(
    'non-strict EM 1',
  );

  await page.keyboard.press('m');
  const metrics = page.getByTestId('metrics-panel');
  await expect(metrics.locator('tr', { hasText: 'non-strict EM' })).toContainText('1');
  // One retrieval of 4 passages; only the 4th (a supporting one) holds the answer.
  await expect(metrics.locator('tr', { hasText: /^R@3 \/ R@5/ })).toContainText('0 / 1');
  await expect(metrics.locator('tr', { hasText: /^P@3 \/ P@5/ })).toContainText('0 / 0.20');
  const goldPlan = page.getByTestId('gold-plan');
  await expect(goldPlan.locator('tbody tr').first().locator('td').nth(2)).toHaveText(
    'In which administrative territorial entity is Van Hook Township located?',
  );
  await expect(goldPlan.locator('tbody tr').nth(1).locator('td').nth(2)).toHaveText(
    'What is the capital of #1?',
  );
  await page.screenshot({ path: '/tmp/i10-metrics.png', fullPage: true });
});
