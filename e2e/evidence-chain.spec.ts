// The evidence chain in the browser: on a shared Bamboogle trajectory whose bridge was found but
// whose asked attribute never was ("When was the composer of Carol of the Bells born?"), the
// Diagnose tab lists the link found with its quoted passage and the missing link as a gap, and the
// timeline marks the link under its step and draws the missing link after the last one.
import { R1_LOG, expect, importFiles, openApp, tableSettled, test } from './fixtures';

test('the Diagnose tab and the timeline show the evidence chain and its missing link', async ({ page }) => {
  await openApp(page);
  await importFiles(page, R1_LOG);
  await expect(page.getByTestId('import-report').last()).toContainText('125 of 125 records imported', {
    timeout: 60_000,
  });
  await page.keyboard.press('Escape');
  // Record 104 (line 105).
  const box = page.getByLabel('Search trajectories');
  await box.fill('r1searcher_bamboogle_qwen.jsonl:105');
  await box.press('Enter');
  await tableSettled(page);
  await expect(page.locator('.tbody .tr')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('timeline')).toBeVisible();

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
  await page.screenshot({ path: '/tmp/evidence-chain.png', fullPage: true });
});
