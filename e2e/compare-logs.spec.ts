// Logs against logs: two real Bamboogle runs (R1-Searcher, FlashRAG's Search-R1) imported
// through the UI, paired on the Compare logs page; the counts must be those the core (and so the
// CLI) computes for the same files, and a flip opens the two runs side by side.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { comparePaired } from '../app/core/compare/paired';
import { importAll, stringChunks } from '../app/core/importers/pipeline';
import { expect, FLASHRAG_LOG, importAndClose, openApp, R1_LOG, test } from './fixtures';

async function trajectories(file: string) {
  const r = await importAll(stringChunks(readFileSync(file, 'utf8')), { file: basename(file) });
  return r.trajectories;
}

test('compare two imported logs: paired table, flips, and imported runs in the batch comparison', async ({
  page,
}) => {
  const expected = comparePaired(await trajectories(R1_LOG), await trajectories(FLASHRAG_LOG), 'em');
  expect(expected.flips.length).toBeGreaterThan(1);

  await openApp(page);
  for (const file of [R1_LOG, FLASHRAG_LOG]) {
    await importAndClose(page, file);
  }

  await page.getByTestId('nav-paired').click();
  await expect(page).toHaveURL(/#\/paired$/);
  await page.getByTestId('paired-side-a').selectOption({ label: `${basename(R1_LOG)} (125)` });
  await page.getByTestId('paired-side-b').selectOption({ label: `${basename(FLASHRAG_LOG)} (125)` });
  await expect(page.getByTestId('paired-pairs')).toHaveText(String(expected.pairs));
  await expect(page.getByTestId('both-correct')).toHaveText(String(expected.table.bothCorrect));
  await expect(page.getByTestId('a-only')).toHaveText(String(expected.table.aOnly));
  await expect(page.getByTestId('b-only')).toHaveText(String(expected.table.bOnly));
  await expect(page.getByTestId('both-wrong')).toHaveText(String(expected.table.bothWrong));
  await expect(page.getByTestId('unmatched-a')).toHaveText('0');
  await expect(page.getByTestId('unmatched-b')).toHaveText('0');
  await expect(page.getByTestId('mcnemar-p')).toContainText(expected.mcnemarP.toPrecision(3));
  await expect(page.getByTestId('flip')).toHaveCount(expected.flips.length);
  if (process.env.HOPSCOPE_SHOTS) await page.screenshot({ path: '/tmp/paired-page.png', fullPage: true });

  // The judge metric: FlashRAG's log carries no verdicts, so no pair can be scored.
  await page.getByTestId('paired-metric-select').selectOption('judge');
  await expect(page.getByTestId('undefined-pairs')).toContainText('125 pairs have no judge');
  await page.getByTestId('paired-metric-select').selectOption('em');

  // Keyboard: j moves to the second flip, Enter opens its aligned comparison.
  const hash = (i: number) =>
    `#/compare/${encodeURIComponent(expected.flips[i]!.aId)}/${encodeURIComponent(expected.flips[i]!.bId)}`;
  await expect(page.getByTestId('flip').first()).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('flip').first().focus(); // Tab reaches the rows too
  await page.keyboard.press('j');
  await expect(page.getByTestId('flip').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${hash(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

  // Back on the page (its choices kept), a click opens the first flip.
  await page.goBack();
  await expect(page).toHaveURL(/#\/paired$/);
  await expect(page.getByTestId('flip')).toHaveCount(expected.flips.length);
  await page.getByTestId('flip').first().click();
  expect(new URL(page.url()).hash).toBe(hash(0));

  // The batch comparison takes imported files like strategies.
  await page.goto('/#/run');
  await page.getByTestId('batch-tab').click();
  const imported = page.getByTestId('imported-runs');
  await imported.locator('summary').click();
  await imported.getByLabel(basename(R1_LOG)).check();
  await imported.getByLabel(basename(FLASHRAG_LOG)).check();
  const summary = page.getByTestId('strategy-summary');
  await expect(summary.locator('tbody tr')).toHaveCount(2);
  const r1Row = summary.locator('tr', { hasText: 'r1searcher_bamboogle_qwen' });
  await expect(r1Row.locator('td').nth(1)).toHaveText('125');
  await expect(r1Row.locator('td').nth(2)).toHaveText((100 * expected.means.em.a!).toFixed(1));
  await expect(page.getByTestId('scatter').getByTestId('scatter-point')).toHaveCount(2);
  if (process.env.HOPSCOPE_SHOTS) await page.screenshot({ path: '/tmp/paired-batch.png', fullPage: true });
});
