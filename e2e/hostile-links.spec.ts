// Hostile links for every route: malformed escapes, huge ids, unknown paths. None may blank the
// page or throw uncaught; each shows a page (or says the link is unknown) with the header intact,
// and a reload on the same link does the same.
import { expect, openApp, test } from './fixtures';

const LINKS = [
  '#/t/%',
  '#/t/%E0%A4%A/%zz',
  `#/t/${'x'.repeat(5000)}`,
  '#/t/t_nope/999999999999',
  '#/corpus/%zz',
  '#/corpus/%',
  '#/papers/%E0%A4%A',
  '#/compare/%/%zz/',
  '#/compare',
  '#/run/%',
  '#/paired/%zz',
  '#/%',
  '#/no-such-page',
  `#/t/${'y'.repeat(20_000)}`,
  '#/t/<img src=x onerror=alert(1)>',
];

test('every route survives hostile links, before and after a reload', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await openApp(page);
  for (const link of LINKS) {
    await page.evaluate((h) => (location.hash = h), link);
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('main')).not.toBeEmpty();
    await expect(page.getByText(/Something went wrong showing/)).toHaveCount(0);
    await page.reload();
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('main')).not.toBeEmpty();
  }
  expect(errors).toEqual([]);
});

test('an unknown link says so and leads back to the trajectories', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => (location.hash = '#/no-such-page/%zz'));
  await expect(page.getByText('No page answers the link')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the trajectories' }).click();
  await expect(page.getByTestId('row-count')).toBeVisible();
  await page.screenshot({ path: '/tmp/harden15-unknown.png' });
});
