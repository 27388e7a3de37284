// Visual defects from issue 8: primary buttons readable on hover, the document view closes on
// browser Back (and Back stays on the page), run parameter inputs fit their card, counts in words.
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

async function colours(page: Page, testid: string): Promise<{ fg: string; bg: string }> {
  return page.getByTestId(testid).evaluate((el) => {
    const s = getComputedStyle(el);
    return { fg: s.color, bg: s.backgroundColor };
  });
}

test('a primary button stays readable on hover', async ({ page }) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
  const before = await colours(page, 'build-dense');
  await page.getByTestId('build-dense').hover();
  await expect.poll(async () => (await colours(page, 'build-dense')).bg).not.toBe(before.bg);
  const hover = await colours(page, 'build-dense');
  expect(contrast(before.fg, before.bg)).toBeGreaterThanOrEqual(4.5);
  expect(contrast(hover.fg, hover.bg)).toBeGreaterThanOrEqual(4.5);
  await page.screenshot({ path: test.info().outputPath('primary-hover.png') });
});

test('browser Back closes the document view and stays on the page; closing it otherwise leaves no entry', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Corpus' }).click();
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('question').first().click();
  const url = page.url();
  await page.getByTestId('results-bm25').locator('.hit-title').first().click();
  await expect(page.getByTestId('document-view')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('document-view')).toHaveCount(0);
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('bm25-status')).toBeVisible();

  // Esc closes it too, and the next Back goes where it went before: to the table.
  await page.getByTestId('results-bm25').locator('.hit-title').first().click();
  await expect(page.getByTestId('document-view')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('document-view')).toHaveCount(0);
  await expect.poll(() => page.url()).toBe(url);
  await page.goBack();
  await expect(page.getByTestId('row-count')).toBeVisible();
});

test('run parameter inputs fit their card, whatever the font’s width', async ({ page }) => {
  await page.goto('/#/run');
  const select = page.getByTestId('strategy-select');
  await expect(select).toBeVisible({ timeout: 30_000 });
  // A wide monospace font, as some systems have: inputs sized by characters would overflow.
  await page.addStyleTag({ content: '.params-form input { font-family: monospace; font-size: 15px; }' });
  const strategies = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(strategies.length).toBeGreaterThan(4);
  for (const s of strategies) {
    await select.selectOption(s);
    const overflow = await page.getByTestId('params-form').evaluate((form) => {
      const card = form.closest('.card')!.getBoundingClientRect();
      return [...form.querySelectorAll('input')]
        .map((i) => i.getBoundingClientRect())
        .filter((r) => r.right > card.right - 1 || r.left < card.left)
        .map((r) => Math.round(r.right - card.right));
    });
    expect(overflow, `inputs of ${s} past the card's edge (px)`).toEqual([]);
  }
  await page
    .locator('.run-config .card')
    .nth(1)
    .screenshot({ path: test.info().outputPath('params.png') });
});

test('counts are in words: 1 query, not 1 queries', async ({ page }) => {
  await openApp(page);
  const box = page.getByLabel('Search trajectories');
  await box.fill('veloria-search-r1.jsonl:3');
  await box.press('Enter');
  await page.getByTestId('trajectory-row').first().click();
  await expect(page.locator('.traj-head .pill').filter({ hasText: /quer/ })).toHaveText('1 query');
  await expect(page.locator('.traj-head')).not.toContainText('1 queries');
});
