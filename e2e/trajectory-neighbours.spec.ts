// Previous and next on the trajectory page: opened by a link, before the table has shown a view,
// the table worker gives every trajectory's id in id order (the page reads no rows itself).
import { DEMO_ROWS, expect, openApp, test } from './fixtures';

test('a trajectory opened by link steps through every trajectory in id order', async ({ page }) => {
  await openApp(page);
  const ids = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('hopscope');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('rows').objectStore('rows').getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result as string[]);
            open.result.close();
          };
        };
      }),
  );
  expect(ids).toHaveLength(DEMO_ROWS);

  // A fresh page on the link: the table never ran, so no order came from it.
  await page.goto(`/#/t/${encodeURIComponent(ids[1]!)}`);
  await page.reload();
  await expect(page.getByText(`2 / ${DEMO_ROWS}`)).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('n');
  await expect(page).toHaveURL(new RegExp(`#/t/${encodeURIComponent(ids[2]!)}$`));
  await expect(page.getByText(`3 / ${DEMO_ROWS}`)).toBeVisible();
  await page.getByRole('button', { name: '‹ Prev' }).click();
  await page.getByRole('button', { name: '‹ Prev' }).click();
  await expect(page).toHaveURL(new RegExp(`#/t/${encodeURIComponent(ids[0]!)}$`));
  await expect(page.getByRole('button', { name: '‹ Prev' })).toBeDisabled();
});
