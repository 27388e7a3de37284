// Every screen fits its window (issue 40 items 3 and 8): at 1280×720 and 1440×900 no route scrolls
// the page sideways, and no visible heading, tab label, button, menu or label has text cut off
// (its scrollWidth past its clientWidth) or a tab label broken over two lines. Screenshots of
// each route at each size are kept as test output.
import type { Page } from '@playwright/test';
import { DEMO_ROWS, expect, openApp, tableSettled, test } from './fixtures';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

interface Fit {
  scrollWidth: number;
  innerWidth: number;
  clipped: string[];
  wrappedTabs: string[];
  atEdge: string[];
}

/** What does not fit on the page as it is now. */
async function fit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const visible = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false;
      if (el.closest('.visually-hidden, [hidden], details:not([open]) > :not(summary)')) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none';
    };
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.innerText || '').trim().slice(0, 40)}" (${el.scrollWidth} > ${el.clientWidth})`;
    const sel = 'h1, h2, h3, h4, [role="tab"], button, summary, label, .th, th';
    const clipped = [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => visible(el) && (el.innerText || '').trim() !== '')
      // Table cells in a scrolled box and the question/answer cells are ellipsized by design;
      // headings, labels and controls are not.
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map(name);
    const wrappedTabs = [...document.querySelectorAll<HTMLElement>('[role="tab"]')]
      .filter(visible)
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return tops.size > 1;
      })
      .map(name);
    // Text that runs to the window's edge with no padding (a box it scrolls inside clips it there
    // instead, which is that box's business).
    const W = document.documentElement.clientWidth;
    const inBox = (el: HTMLElement, r: DOMRect) => {
      for (let a = el.parentElement; a && a.tagName !== 'MAIN'; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const b = a.getBoundingClientRect();
        if (b.right < r.right - 1 || b.left > r.left + 1) return true;
      }
      return false;
    };
    const atEdge = [
      ...document.querySelectorAll<HTMLElement>(
        'main h1, main h2, main h3, main h4, main p, main label, main dt, main dd, main li, main summary',
      ),
    ]
      .filter((el) => visible(el) && (el.innerText || '').trim() !== '')
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (r.left < 4 || r.right > W - 4) && !inBox(el, r);
      })
      .map(name);
    return {
      atEdge,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      clipped,
      wrappedTabs,
    };
  });
}

async function expectFits(page: Page, label: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.screenshot({ path: test.info().outputPath(`${label}-${size.width}.png`) });
  const f = await fit(page);
  expect
    .soft(f.scrollWidth, `${label} at ${size.width}: page scrolls sideways`)
    .toBeLessThanOrEqual(f.innerWidth);
  expect.soft(f.clipped, `${label} at ${size.width}: clipped text`).toEqual([]);
  expect.soft(f.wrappedTabs, `${label} at ${size.width}: tab labels over two lines`).toEqual([]);
  expect.soft(f.atEdge, `${label} at ${size.width}: text at the window's edge`).toEqual([]);
}

for (const size of SIZES) {
  test(`every route fits ${size.width}×${size.height}: no sideways page scroll, no clipped labels`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await openApp(page);
    await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);
    await tableSettled(page);
    await expectFits(page, 'table');
    // The first row sits high on the page: above the fold's middle.
    const firstRow = await page.getByTestId('trajectory-row').first().boundingBox();
    expect.soft(firstRow!.y, 'first row y').toBeLessThan(size.height * 0.5);
    // The table's actions share one line: each starts above where the shortest one ends.
    const boxes = await page
      .locator('.table-actions > :not(.spacer)')
      .evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
      );
    // The count, Correct by, Probe, Judge searches and the CSV export at least.
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    const lowestTop = Math.max(...boxes.map((b) => b.top));
    const firstBottom = Math.min(...boxes.map((b) => b.bottom));
    expect.soft(lowestTop, 'the table actions on one line').toBeLessThan(firstBottom);
    // The aggregates bar fits: at 1440 with every column, at 1280 with the triage preset.
    if (size.width === 1280) await page.getByLabel('Column preset').selectOption('triage');
    const agg = await page
      .getByTestId('aggregates')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect.soft(agg.scroll, 'aggregates bar overflows').toBeLessThanOrEqual(agg.client);
    if (size.width === 1280) {
      // And so does the table: no sideways scroll inside its box either.
      const body = await page
        .locator('.tbody')
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect.soft(body.scroll, 'triage table scrolls sideways').toBeLessThanOrEqual(body.client);
      await expectFits(page, 'table-triage');
    }

    const ids = await page
      .getByTestId('trajectory-row')
      .evaluateAll((rows) => rows.slice(0, 2).map((r) => r.getAttribute('data-row-id')!));

    // A trajectory, on each of its tabs.
    await page.getByTestId('trajectory-row').first().click();
    await expect(page.getByTestId('timeline')).toBeVisible({ timeout: 30_000 });
    const tabs = page.locator('.tabs[role="tablist"]').first().getByRole('tab');
    const n = await tabs.count();
    expect(n).toBeGreaterThan(3);
    for (let i = 0; i < n; i++) {
      const tab = tabs.nth(i);
      const name = ((await tab.textContent()) ?? `tab${i}`).trim().replace(/\W+/g, '-').toLowerCase();
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectFits(page, `trajectory-${name}`);
    }

    for (const [label, hash, ready] of [
      ['calibrate', '#/calibrate', 'calibration'],
      ['run', '#/run', 'strategy-select'],
      ['training', '#/training', 'training-page'],
      ['papers', '#/papers', 'paper-exsearch'],
      ['corpus', '#/corpus', 'bm25-status'],
      ['paired', '#/paired', 'paired-side-a'],
    ] as const) {
      await page.goto(`/${hash}`);
      await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
      await expectFits(page, label);
      if (label === 'papers') {
        // A 1–6 jump scrolls the page under the top bar, which stays in view.
        await page.locator('body').click({ position: { x: 600, y: 300 } });
        await page.keyboard.press('5');
        await expect(page.getByTestId('paper-apex')).toBeInViewport();
        expect((await page.locator('.topbar').boundingBox())!.y).toBe(0);
      }
    }

    await page.goto(`/#/compare/${ids.map(encodeURIComponent).join('/')}`);
    await expect(page.getByTestId('compare-question').first()).toBeVisible({ timeout: 30_000 });
    await expectFits(page, 'compare');
  });
}
