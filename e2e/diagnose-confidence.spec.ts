// The Diagnose tab shows each verdict's confidence and its reason, as `diagnose --json` gives them
// for the same record (the same functions, run in Node here).
import { diagnoseFile } from '../app/cli/diagnose';
import { expect, importAndClose, openApp, openOnlyMatch, R1_LOG, test } from './fixtures';

test('the Diagnose tab shows each verdict sure or unsure, with the reason', async ({ page }) => {
  // Record 108 (line 109): search 1 sure (no passage held the gold yet), searches 2 and 3 unsure
  // (after a sufficiency point read from the gold string on a page, without the asked relation).
  const { records } = await diagnoseFile(R1_LOG);
  const r = records.find((x) => x.record === 108);
  if (!r || 'error' in r) throw new Error('record 108 did not diagnose');
  expect(r.confidence.searches).toEqual(['sure', 'unsure', 'unsure']);

  await openApp(page);
  await importAndClose(page, R1_LOG);
  await openOnlyMatch(page, 'r1searcher_bamboogle_qwen.jsonl:109');
  await page.keyboard.press('d');
  const panel = page.getByTestId('diagnosis-panel');
  await expect(panel).toBeVisible();
  const searches = page.getByTestId('diag-searches').locator('li .diag-confidence');
  await expect(searches).toHaveCount(3);
  for (const [i, level] of r.confidence.searches.entries()) {
    const note = searches.nth(i);
    await expect(note).toHaveAttribute('data-confidence', level);
    await expect(note).toContainText(r.confidence.reasons.searches[i]?.text ?? '');
  }
  const suff = page.getByTestId('diag-sufficiency-confidence');
  await expect(suff).toHaveAttribute('data-confidence', r.confidence.first_sufficient_search);
  await expect(suff).toContainText(r.confidence.reasons.first_sufficient_search.text);
  const under = page.getByTestId('diag-under-confidence');
  await expect(under).toHaveAttribute('data-confidence', r.confidence.under_search);
  await expect(under).toContainText(r.confidence.reasons.under_search.text);
});
