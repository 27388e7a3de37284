// Popover menus close on a click outside them and on Escape, and give focus back to their button
// (issue 40): Export ▾ in the top bar, and the table's Columns ▾, Ranges ▾, Views ▾ and Collections ▾. An Escape
// that closes a menu on a trajectory page does not also leave the page.
import type { Locator, Page } from '@playwright/test';
import { DEMO_ROWS, expect, openApp, tableSettled, test } from './fixtures';

interface Menu {
  name: string;
  /** The button that opens it. */
  button: (page: Page) => Locator;
  isOpen: (page: Page) => Promise<boolean>;
}

const details = (id: string): Menu => ({
  name: id,
  button: (page) => page.getByTestId(id).locator('summary'),
  isOpen: (page) => page.getByTestId(id).evaluate((d) => (d as HTMLDetailsElement).open),
});
const exportMenu: Menu = {
  name: 'export',
  button: (page) => page.getByRole('button', { name: 'Export ▾' }),
  isOpen: async (page) =>
    (await page.getByRole('button', { name: 'Export ▾' }).getAttribute('aria-expanded')) === 'true',
};
const MENUS = [
  exportMenu,
  details('column-chooser'),
  details('range-filters'),
  details('saved-views'),
  details('collection-chooser'),
];

const focused = (b: Locator) => b.evaluate((el) => el === document.activeElement);

test('each menu closes on an outside click and on Escape, focus back on its button', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);
  await tableSettled(page);
  for (const m of MENUS) {
    const button = m.button(page);
    // Escape.
    await button.click();
    await expect.poll(() => m.isOpen(page), `${m.name} opens`).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => m.isOpen(page), `${m.name} closed by Escape`).toBe(false);
    expect(await focused(button), `${m.name}: focus back on its button after Escape`).toBe(true);
    // A click outside, on nothing that takes focus (the page's margin left of the toolbar).
    await button.click();
    await expect.poll(() => m.isOpen(page), `${m.name} opens again`).toBe(true);
    await page.locator('.dataset').click({ position: { x: 4, y: 20 } });
    await expect.poll(() => m.isOpen(page), `${m.name} closed by a click outside`).toBe(false);
    expect(await focused(button), `${m.name}: focus back on its button after the click`).toBe(true);
  }

  // Escape from a field inside a menu closes it too; a click outside on the search box leaves
  // focus there.
  const ranges = details('range-filters');
  await ranges.button(page).click();
  await page.getByLabel('F1 at least').focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => ranges.isOpen(page)).toBe(false);
  expect(await focused(ranges.button(page))).toBe(true);
  await ranges.button(page).click();
  await page.getByLabel('F1 at least').focus();
  await page.getByLabel('Search trajectories').click();
  await expect.poll(() => ranges.isOpen(page)).toBe(false);
  expect(await focused(page.getByLabel('Search trajectories'))).toBe(true);
});

test('Escape closing Export ▾ on a trajectory page stays on the page', async ({ page }) => {
  await openApp(page);
  await tableSettled(page);
  await page.getByTestId('trajectory-row').first().click();
  await expect(page.getByTestId('timeline')).toBeVisible({ timeout: 30_000 });
  const url = page.url();
  const button = exportMenu.button(page);
  await button.click();
  await expect.poll(() => exportMenu.isOpen(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => exportMenu.isOpen(page)).toBe(false);
  expect(await focused(button)).toBe(true);
  expect(page.url()).toBe(url);
  // The next Escape is the page's: back to the table.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toBeVisible();
});
