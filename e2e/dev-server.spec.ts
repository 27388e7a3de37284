// `npm start` runs the Vite dev server, not the production build: the page must render the demo
// set there too. (A models middleware that answered the app's own models/registry.ts once left
// the dev server on a blank page while every production-build test passed.)
import { DEMO_ROWS, expect, openApp, test } from './fixtures';

test('the dev server renders the bundled demo set', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openApp(page);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`, { timeout: 60_000 });
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  // The Run page imports models/registry.ts: it must load as a module, not as a model file.
  await page.getByTestId('nav-run').click();
  await expect(page.getByTestId('run-button')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the dev server answers model paths without shadowing source or failing on bad escapes', async ({
  request,
}) => {
  const source = await request.get('/models/registry.ts');
  expect(source.status()).toBe(200);
  expect(source.headers()['content-type']).toMatch(/javascript/);
  const missing = await request.get('/models/nobody/nothing/config.json');
  expect(missing.status()).toBe(404);
  const malformed = await request.get('/models/%E0%A4%A');
  expect(malformed.status()).toBe(400);
  const page = await request.get('/');
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});
