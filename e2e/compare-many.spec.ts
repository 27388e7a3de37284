// "All runs of this question" with 50 runs (issue 40: it opened a compare page 12,697 px wide). At
// 1280×720 and 1440×900 the page does not scroll sideways and nothing is cut: the runs are listed
// with their answers and numbers, sortable; 2 to 4 picked with the keyboard are compared side by
// side, and Esc goes back to the list with the picks kept.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, importAndClose, jsonlFile, openApp, openOnlyMatch, R1_LOG, test } from './fixtures';

const RUNS = 50;
/** Line 40 of the shared R1-Searcher log: two searches, then "<answer> Mercia </answer>". */
const BASE = JSON.parse(readFileSync(R1_LOG, 'utf8').split('\n')[39]!) as {
  question: string;
  gen_text_store: string;
};
/** The answers of the 50 runs: 30 Mercia (two spelled differently), 10 Wessex, 10 Northumbria. */
const answerOf = (i: number) =>
  i % 5 === 1 ? 'Wessex' : i % 5 === 3 ? 'Northumbria' : i === 4 ? 'the Mercia.' : 'Mercia';
const records = Array.from({ length: RUNS }, (_, i) => ({
  ...BASE,
  gen_text_store: BASE.gen_text_store.replace(
    '<answer> Mercia </answer>',
    `<answer> ${answerOf(i)} </answer>`,
  ),
}));

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

/** Sideways page scroll (document and main area) and text cut in headings, headers and controls. */
async function fit(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector<HTMLElement>('main.main');
    const clipped = [...document.querySelectorAll<HTMLElement>('h1, h2, h3, th, button, label, summary, kbd')]
      .filter((el) => el.getBoundingClientRect().width > 1 && (el.innerText || '').trim() !== '')
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) => `${el.tagName} "${el.innerText.trim().slice(0, 30)}" (${el.scrollWidth} > ${el.clientWidth})`,
      );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      mainOverflow: main ? main.scrollWidth - main.clientWidth : 0,
      clipped,
    };
  });
}

async function expectFits(page: Page, label: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${label.replace(/\W+/g, '-')}.png`) });
  const f = await fit(page);
  expect(f.scrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(f.clientWidth);
  expect(f.mainOverflow, `${label}: the main area scrolls sideways`).toBeLessThanOrEqual(0);
  expect(f.clipped, `${label}: clipped text`).toEqual([]);
}

for (const size of SIZES) {
  test(`50 runs of one question fit ${size.width}×${size.height}: listed, 2–4 picked side by side`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await openApp(page);
    await importAndClose(page, jsonlFile('fifty-runs.jsonl', records), `${RUNS} of ${RUNS} records imported`);
    // The last line's run; the list has it first, then the others by line: run n is line n − 1.
    await openOnlyMatch(page, 'fifty-runs.jsonl:50');
    const all = page.getByTestId('runs-of-question');
    await expect(all).toHaveText(`All runs of this question (${RUNS})`, { timeout: 30_000 });
    await all.click();

    // The list: every run, the answers counted as exact match counts them.
    const list = page.getByTestId('run-list');
    await expect(list).toBeVisible({ timeout: 60_000 });
    await expect(list.getByTestId('run-line')).toHaveCount(RUNS);
    await expect(page.getByTestId('compare-run')).toHaveCount(0);
    const answers = page.getByTestId('answer-counts');
    await expect(answers.locator('.pill')).toHaveText(['Mercia ×30', 'Wessex ×10', 'Northumbria ×10']);
    await expect(answers.locator('.pill.good')).toHaveText('Mercia ×30');
    await expectFits(page, `list at ${size.width}`);

    // Sorted by EM, best first: the 30 right answers lead, the wrong ones follow.
    await list.getByRole('button', { name: 'EM' }).click();
    await expect(list.locator('th[aria-sort="descending"]')).toContainText('EM');
    const em = await list.locator('tbody tr td:nth-child(6)').allTextContents();
    expect(em.slice(0, 30).every((v) => v === '1')).toBe(true);
    expect(em.slice(30).every((v) => v === '0')).toBe(true);
    await list.getByRole('button', { name: /^#/ }).click();

    // Run 1 (the one the list was opened from) starts picked; pick runs 3 and 5 with the keyboard.
    await expect(list.getByLabel('Pick run 1', { exact: true })).toBeChecked();
    const compare = page.getByTestId('compare-picked');
    await expect(compare).toBeDisabled();
    await list.getByLabel('Pick run 3', { exact: true }).focus();
    await page.keyboard.press('Space');
    // On to run 5's box: past run 3's "open", run 4's box and its "open".
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(list.getByLabel('Pick run 5', { exact: true })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(compare).toHaveText('Compare 3 side by side');
    // A fourth, then no fifth: more do not fit side by side.
    await list.getByLabel('Pick run 2', { exact: true }).check();
    await expect(list.getByLabel('Pick run 6', { exact: true })).toBeDisabled();
    await list.getByLabel('Pick run 2', { exact: true }).uncheck();
    await compare.focus();
    await page.keyboard.press('Enter');

    // Side by side: the three picked in the order picked (#1 the baseline), each with its number
    // in the list.
    const heads = page.getByTestId('compare-run');
    await expect(heads).toHaveCount(3);
    await expect(heads.locator('.cmp-head-title b')).toHaveText(['Run 1', 'Run 2', 'Run 3']);
    await expect(heads.getByTestId('compare-run-listed')).toHaveText([
      '· #1 in list',
      '· #3 in list',
      '· #5 in list',
    ]);
    await expect(heads.getByTestId('compare-answer')).toHaveText(['Mercia', 'Wessex', 'Northumbria']);
    await expect(page.getByTestId('divergence-banner')).toContainText('different answer');
    await expectFits(page, `side by side at ${size.width}`);

    // Esc: back to the list, the picks kept.
    await page.keyboard.press('Escape');
    await expect(list).toBeVisible();
    await expect(list.getByLabel('Pick run 5', { exact: true })).toBeChecked();
    await expect(compare).toHaveText('Compare 3 side by side');
  });
}
