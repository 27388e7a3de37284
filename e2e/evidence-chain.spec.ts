// The evidence chain in the browser: on a shared Bamboogle trajectory whose bridge was found but
// whose asked attribute never was ("When was the composer of Carol of the Bells born?"), the
// Diagnose tab lists the link found with its quoted passage and the missing link as a gap, and the
// timeline marks the link under its step and draws the missing link after the last one.
import { expect, importAndClose, openApp, openOnlyMatch, R1_LOG, test } from './fixtures';

test('the Diagnose tab and the timeline show the evidence chain and its missing link', async ({ page }) => {
  await openApp(page);
  await importAndClose(page, R1_LOG);
  // Record 104 (line 105).
  await openOnlyMatch(page, 'r1searcher_bamboogle_qwen.jsonl:105');

  const gap = page.getByTestId('missing-link');
  await expect(gap).toHaveText(
    'missing: no passage gives the birth date of Mykola Leontovych (the composer of Carol of the Bells)',
  );
  await expect(page.getByTestId('timeline-chain-link')).toHaveText([
    'chain link: the composer of Carol of the Bells: Mykola Leontovych',
  ]);
  // The gap comes after the last step.
  const lastStep = page.locator('.timeline .step').last();
  expect((await gap.boundingBox())!.y).toBeGreaterThan((await lastStep.boundingBox())!.y);
  await gap.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/evidence-chain-timeline.png' });

  await page.keyboard.press('d');
  const chain = page.getByTestId('evidence-chain');
  await expect(chain).toBeVisible();
  await expect(chain.getByTestId('chain-link')).toHaveCount(1);
  await expect(chain.getByTestId('chain-link')).toContainText(
    'music by Ukrainian composer Mykola Leontovych',
  );
  await expect(chain.getByTestId('chain-missing')).toHaveText(
    'missing: no passage gives the birth date of Mykola Leontovych (the composer of Carol of the Bells)',
  );
  // Leontovych's own page came back for a query naming him without the date: the retriever's
  // copy lacks it, so this is not under-search (the labelling guidelines' exception).
  await expect(chain.getByTestId('chain-unretrievable')).toContainText('is the page of Mykola Leontovych');
  await expect(page.getByTestId('diag-under-value')).toHaveText('no');
  // A retrieval miss is assumed, not seen: the verdict says it is unsure, and why.
  await expect(page.getByTestId('diag-under-confidence')).toContainText('unsure');
  await expect(page.getByTestId('diag-under-confidence')).toContainText(
    'retriever is taken to lack the fact',
  );
  await page.screenshot({ path: '/tmp/evidence-chain.png', fullPage: true });
});
