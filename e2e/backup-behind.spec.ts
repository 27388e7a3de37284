// The labels' backup copy (localStorage, outside the bucket a full disk can reset) failing to
// keep up must be visible, not only a console warning: the step panel says so, and the next start
// rewrites the copy from the database, so a later reset still brings every label back.
import { expect, openApp, test } from './fixtures';

const JOURNAL = 'hopscope.labels-backup.';

test('a label its backup missed is shown as such, and the next start closes the gap', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => localStorage.setItem('hopscope.annotator', 'ada'));
  await page.goto('/#/t/demo-qagent/2');
  await page.reload(); // reads the name
  await expect(page.getByTestId('timeline')).toBeVisible();

  // Leave localStorage no room: the journal's next append fails.
  const filled = await page.evaluate(() => {
    let n = 0;
    for (const size of [256 * 1024, 4096, 64, 1])
      try {
        for (;;) localStorage.setItem(`filler.${n++}`, 'x'.repeat(size));
      } catch {
        // full at this size: smaller pieces fill what is left
      }
    return n;
  });
  expect(filled).toBeGreaterThan(0);

  await page.keyboard.press('1'); // necessary-search on step 2
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  const behind = page.getByTestId('backup-behind');
  await expect(behind).toContainText('Labels are saved in this browser');
  await expect(behind).toContainText('their backup copy is behind');
  await page.screenshot({ path: test.info().outputPath('backup-behind.png') });
  const labelId = await page.evaluate(async () => {
    const open = indexedDB.open('hopscope');
    await new Promise((r) => (open.onsuccess = r));
    const get = open.result.transaction('annotations').objectStore('annotations').getAll();
    await new Promise((r) => (get.onsuccess = r));
    open.result.close();
    return (get.result as Array<{ id: string; label: string }>).find((a) => a.label === 'necessary-search')
      ?.id;
  });
  expect(labelId).toBeTruthy();
  const journal = () =>
    page.evaluate(
      (prefix) =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith(prefix))
          .map((k) => localStorage.getItem(k))
          .join(''),
      JOURNAL,
    );
  expect(await journal()).not.toContain(labelId!);

  // Room again, and a reload: the copy is rewritten from the database and the warning goes.
  await page.evaluate((n) => {
    for (let i = 0; i < n; i++) localStorage.removeItem(`filler.${i}`);
  }, filled);
  await page.reload();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect.poll(journal, { timeout: 15_000 }).toContain(labelId!);
  await expect(behind).toHaveCount(0);
});
