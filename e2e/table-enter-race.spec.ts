// Enter after a search opens a row of the search's view (issue 40): the table worker answers a
// query asynchronously, and until its view is on screen the table still shows the previous one.
// Here every answer of the table worker reaches the page 400 ms late, so typing a search and
// pressing Enter at once always lands in that gap; the old table opened the unfiltered first row.
import { DEMO_ROWS, expect, openApp, tableSettled, test } from './fixtures';

const DELAY_MS = 400;

test('typing a search and pressing Enter at once opens the first row that matches', async ({ page }) => {
  // Delay each message from the table worker (named in runtime/table/client.ts) to the page.
  await page.addInitScript((delay) => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, opts?: WorkerOptions) {
        super(url, opts);
        if (opts?.name !== 'hopscope-table') return;
        const add = this.addEventListener.bind(this);
        this.addEventListener = ((type: string, fn: EventListener, o?: AddEventListenerOptions) =>
          add(
            type,
            type === 'message' ? (e) => setTimeout(() => fn.call(this, e), delay) : fn,
            o,
          )) as Worker['addEventListener'];
      }
    };
  }, DELAY_MS);
  await openApp(page);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);
  await tableSettled(page);
  const rows = page.getByTestId('trajectory-row');
  const firstQuestion = (await rows.first().locator('[data-col="question"]').textContent()) ?? '';
  // A question the unfiltered first row does not ask.
  const wanted = 'composer of The Ambrel Suite';
  expect(firstQuestion).not.toContain(wanted);

  await page.keyboard.press('/');
  await page.keyboard.type(wanted);
  await page.keyboard.press('Enter'); // leaves the search box
  await page.keyboard.press('Enter'); // opens the selected (first) row
  await expect(page.getByTestId('question')).toContainText(wanted, { timeout: 10_000 });
  await expect(page.getByTestId('timeline')).toBeVisible();

  // Back on the table, the same keys with a search that matches nothing open nothing.
  await page.goBack();
  await expect(page.getByLabel('Search trajectories')).toBeVisible();
  await page.getByLabel('Search trajectories').fill('');
  await tableSettled(page);
  await page.keyboard.press('/');
  await page.keyboard.type('no question asks this zzqx');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No trajectory matches these filters.')).toBeVisible();
  await page.waitForTimeout(2 * DELAY_MS);
  expect(page.url()).not.toContain('#/t/');
});
