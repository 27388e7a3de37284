// Every screen fits its window (issue 40 items 3 and 8): at 1280×720 and 1440×900 no route scrolls
// the page sideways (neither the document nor the main area under the top bar), and no visible
// heading, tab label, button, menu or label has text cut off (its scrollWidth past its
// clientWidth), no select shows its choice cut, and no tab label breaks over two lines. With every
// column shown the table scrolls sideways inside its box, its header over its cells, pinned columns
// in place. The routes: the table (every column, then a preset), a trajectory on each tab,
// Calibrate, Run (both tabs), Training (empty, with a generated run loaded, one question through
// it), Papers, Corpus, Compare logs, the collection chooser open and the collections panel,
// Compare, the presenter and an unknown link. Screenshots of each route at each size are kept as
// test output (50 runs of one question: compare-many.spec.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { basename } from 'node:path';
import { DEMO_ROWS, expect, FLASHRAG_LOG, importAndClose, openApp, tableSettled, test } from './fixtures';

let dir = '';
let runDir = '';
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hopscope-layout-fit-'));
  runDir = join(dir, 'grpo-fit');
  await writeTrainingRun(runDir, { steps: 4, samplesPerStep: 16, groupSize: 2, seed: 7 });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

interface Fit {
  scrollWidth: number;
  innerWidth: number;
  /** How far the main area under the top bar scrolls sideways (0 when it does not). */
  mainOverflow: number;
  clipped: string[];
  /** Selects whose chosen option's text is wider than the select shows. */
  cutSelects: string[];
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
    // A select's text is not its content box: measure the chosen option's text in its font.
    const ctx = document.createElement('canvas').getContext('2d')!;
    const cutSelects = [...document.querySelectorAll<HTMLSelectElement>('select')]
      .filter(visible)
      .filter((el) => {
        const s = getComputedStyle(el);
        ctx.font = s.font;
        const text = el.selectedOptions[0]?.text ?? '';
        // The drop-down arrow takes about 16 px of the content box.
        const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16;
        return ctx.measureText(text).width > room + 1;
      })
      .map(
        (el) =>
          `select[${el.getAttribute('aria-label') ?? el.dataset.testid ?? ''}] "${el.selectedOptions[0]?.text ?? ''}"`,
      );
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
    const main = document.querySelector<HTMLElement>('main.main');
    return {
      atEdge,
      mainOverflow: main ? main.scrollWidth - main.clientWidth : 0,
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
      clipped,
      cutSelects,
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
  expect.soft(f.mainOverflow, `${label} at ${size.width}: main area scrolls sideways`).toBeLessThanOrEqual(0);
  expect.soft(f.clipped, `${label} at ${size.width}: clipped text`).toEqual([]);
  expect.soft(f.cutSelects, `${label} at ${size.width}: selects cut`).toEqual([]);
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
    await everyColumn(page);

    // The aggregates bar fits: at 1440 with the default columns, at 1280 with the triage preset.
    await page.getByLabel('Column preset').selectOption(size.width === 1280 ? 'triage' : 'all');
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
      ['training-run', '#/training', 'training-page'],
      ['papers', '#/papers', 'paper-exsearch'],
      ['corpus', '#/corpus', 'bm25-status'],
      ['paired', '#/paired', 'paired-side-a'],
    ] as const) {
      await page.goto(`/${hash}`);
      await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
      if (label === 'training-run') {
        // Its plots, numbers per step and sample list with a run in them.
        await page.getByTestId('training-run-name').fill('grpo-fit');
        await page.getByTestId('training-folder-input').setInputFiles(runDir);
        await expect(page.getByTestId('training-import-result')).toContainText('run grpo-fit', {
          timeout: 60_000,
        });
        await expect(page.getByTestId('training-total')).toContainText('4 steps', { timeout: 30_000 });
        await page.getByTestId('training-numbers').locator('summary').click();
        await expect(page.getByTestId('training-numbers-table')).toBeVisible();
      }
      await expectFits(page, label);
      if (label === 'run') {
        // The Run page's other tab.
        await page.getByTestId('batch-tab').click();
        await expect(page.getByTestId('batch-tab')).toHaveAttribute('aria-selected', 'true');
        await expectFits(page, 'run-batch');
      }
      if (label === 'training-run') {
        // One question through training (#/training/q/…).
        const trail = page.getByTestId('question-trail');
        await trail.getByTestId('trail-questions').getByRole('button').first().click();
        await expect(trail.getByTestId('trail-table')).toBeVisible();
        await expectFits(page, 'training-question');
      }
      if (label === 'papers') {
        // A 1–6 jump scrolls the page under the top bar, which stays in view.
        await page.locator('body').click({ position: { x: 600, y: 300 } });
        await page.keyboard.press('5');
        await expect(page.getByTestId('paper-apex')).toBeInViewport();
        expect((await page.locator('.topbar').boundingBox())!.y).toBe(0);
      }
    }

    // The collection chooser open, then the collections panel (Demo and the training run's).
    await page.goto('/#/');
    await tableSettled(page);
    const chooser = page.getByTestId('collection-chooser');
    await chooser.locator('summary').click();
    await expect(chooser.getByRole('checkbox')).toHaveCount(2);
    await expectFits(page, 'collection-chooser');
    await chooser.getByRole('button', { name: 'Manage collections…' }).click();
    await expect(page.getByTestId('collection-item')).toHaveCount(2);
    await expectFits(page, 'collections-panel');
    // Each collection's counts in full (they wrap beside its actions rather than being cut).
    const cut = await page
      .getByTestId('collection-counts')
      .evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      );
    expect.soft(cut, 'collection counts cut').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('collection-list')).toHaveCount(0);

    await page.goto(`/#/compare/${ids.map(encodeURIComponent).join('/')}`);
    await expect(page.getByTestId('compare-question').first()).toBeVisible({ timeout: 30_000 });
    await expectFits(page, 'compare');

    await page.goto(`/#/present/${encodeURIComponent(ids[0]!)}`);
    await expect(page.getByTestId('presenter')).toBeVisible({ timeout: 30_000 });
    await expectFits(page, 'present');

    await page.goto('/#/no-such-page');
    await expect(page.getByRole('alert')).toContainText('No page answers the link');
    await expectFits(page, 'unknown-link');
  });
}

test('a long file name in the file filter fits, shortened in its middle, whole in its tooltip', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  await importAndClose(page, FLASHRAG_LOG);
  const name = basename(FLASHRAG_LOG);
  const select = page.getByLabel('Source file');
  await select.selectOption(name);
  await tableSettled(page);
  // Both ends of the name show: the seed that tells it from its siblings, and the extension.
  await expect(select.locator('option:checked')).toHaveText(
    /^searchr1_flash….*seed1_intermediate_data\.json$/,
  );
  await expect(select).toHaveAttribute('title', name);
  await expectFits(page, 'table-long-file');
});

/**
 * Every column shown (Columns ▾ → Show all, the training columns too): the page does not scroll
 * sideways, the table does inside its box, its header stays over its cells and pinned columns
 * stay put while it does.
 */
async function everyColumn(page: Page): Promise<void> {
  const size = page.viewportSize()!;
  const chooser = page.getByTestId('column-chooser');
  await chooser.locator('summary').click();
  await chooser.getByRole('button', { name: 'Show all' }).click();
  await chooser.getByLabel('Pin Question').check();
  await chooser.locator('summary').click();
  await tableSettled(page);
  await expectFits(page, 'table-every-column');
  const pageWidth = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    inner: innerWidth,
  }));
  expect(pageWidth.scroll, `every column at ${size.width}: page scrolls sideways`).toBeLessThanOrEqual(
    pageWidth.inner,
  );
  const body = page.locator('.tbody');
  const box = await body.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll, 'every column is wider than the table box').toBeGreaterThan(box.client);

  const row = page.getByTestId('trajectory-row').first();
  const x = async (sel: string) => (await row.locator(sel).boundingBox())!.x;
  const lastCol = await page
    .locator('.th[data-col]')
    .last()
    .evaluate((el) => el.getAttribute('data-col')!);
  const questionX = await x('[data-col="question"]');
  // Scrolled to the far right: the last column's header over its cells, the pinned one in place.
  await body.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(() => x(`[data-col="${lastCol}"]`)).toBeLessThan(size.width);
  const head = (await page.locator(`.th[data-col="${lastCol}"]`).boundingBox())!;
  const cell = (await row.locator(`[data-col="${lastCol}"]`).boundingBox())!;
  expect(Math.abs(head.x - cell.x), 'last header over its cells').toBeLessThan(1.5);
  expect(Math.abs(head.width - cell.width), 'last header as wide as its cells').toBeLessThan(1.5);
  expect(await x('[data-col="question"]'), 'pinned Question stays put').toBeCloseTo(questionX, 0);
  const qHead = (await page.locator('.th[data-col="question"]').boundingBox())!;
  expect(Math.abs(qHead.x - questionX), 'pinned header over its cells').toBeLessThan(1.5);
  await expectFits(page, 'table-every-column-scrolled');
  await body.evaluate((el) => {
    el.scrollLeft = 0;
  });
  // Unpinned again, for the rest of the walk.
  await chooser.locator('summary').click();
  await chooser.getByLabel('Pin Question').uncheck();
  await chooser.locator('summary').click();
}
