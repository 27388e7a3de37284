// Sessions: two tabs labelling one trajectory never undo each other and see each other's labels
// without a reload; a name lost from localStorage comes back from the labels; a key typed into a
// server URL is never saved to localStorage.
import { expect, openApp, test } from './fixtures';

test('two tabs on one trajectory: labels are set/unset, never lost, and both tabs refresh', async ({
  page,
  context,
}) => {
  await openApp(page);
  await page.evaluate(() => localStorage.setItem('hopscope.annotator', 'ada'));
  const other = await context.newPage();
  await openApp(other, '#/t/demo-qagent/2');
  await page.goto('/#/t/demo-qagent/2');
  await page.reload(); // a hash change keeps the page: reload so it reads the name
  await expect(page.getByTestId('timeline')).toBeVisible();
  const labelled = (p: typeof page) => p.getByTestId('step').filter({ has: p.getByTestId('step-label') });

  await page.bringToFront();
  await page.keyboard.press('1'); // A: necessary-search on step 2
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  await expect(labelled(other)).toHaveCount(1); // B refreshed without a reload

  await other.bringToFront();
  await other.keyboard.press('j');
  await other.keyboard.press('2'); // B: over-search on step 3
  await expect(other.getByTestId('save-state')).toHaveText(/saved/i);
  await expect(labelled(page)).toHaveCount(2);

  await page.bringToFront();
  await page.keyboard.press('1'); // A: unset its label; B's stays
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  await expect(labelled(other)).toHaveCount(1);
  await expect(labelled(other).getByTestId('step-label')).toHaveText(/over/i);

  // The name survives losing localStorage: it is kept with the labels in IndexedDB.
  await page.evaluate(() => localStorage.removeItem('hopscope.annotator'));
  await page.reload();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('hopscope.annotator'))).toBe('ada');
});

test('a key typed into a server URL is used this session but never saved', async ({ page }) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
  await page
    .getByTestId('remote-url')
    .fill('http://user:sk-secret1@127.0.0.1:9/retrieve?api_key=sk-secret2&k=3');
  await expect(page.getByTestId('url-credential-warning')).toContainText('user name and password');
  await expect(page.getByTestId('url-credential-warning')).toContainText('api_key');
  const saved = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(saved).toContain('127.0.0.1:9/retrieve?k=3');
  expect(saved).not.toContain('sk-secret');
  await page.screenshot({ path: '/tmp/harden15-cred.png' });
});
