// `npm run bench -- reload-plots [--json] [--rows 100000] [--rounds 2] [--timeout-s 900]`: issue
// 37's "After a reload: Training page plotted" in the production app, headless Chromium, on-disk
// profile. `--rows` generated training rows (200 steps, bench-rows.ts) are stored with their step
// summaries (reload-plots-page.ts); then each round opens the Training page twice, timing from the
// navigation to the page counting every sample:
//  - stored: with the last session's summaries in IndexedDB (this branch's path: the plots come
//    from them while the table worker reads the rows);
//  - rows: with them deleted first, so the plots wait for the table worker to read every row and
//    summarize it (the path every reload took before; the same build, the same rows).
// The second round's stored summaries are the ones the table worker itself stored after the first
// round's full read. A step past --timeout-s is recorded as not reached. Progress goes to stderr;
// with --json the last line of stdout is one JSON object.
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { withBenchBrowser } from './browser';
import { median } from './median';
import { flag, note, round } from './util';

async function counted(page: Page): Promise<{ samples: number; source: string | null }> {
  const text =
    (await page
      .getByTestId('training-total')
      .textContent({ timeout: 500 })
      .catch(() => null)) ?? '';
  const source = await page
    .getByTestId('training-source')
    .getAttribute('data-source', { timeout: 500 })
    .catch(() => null);
  return { samples: Number((text.match(/([\d,]+) samples/)?.[1] ?? '0').replace(/,/g, '')), source };
}

/** Navigates to the Training page and times it until every sample is counted; null past `ms`. */
async function plotted(page: Page, url: string, total: number, ms: number) {
  // A new document each time (the same URL again would only change the hash, not reload).
  await page.goto('about:blank');
  const t0 = performance.now();
  await page.goto(url);
  for (;;) {
    const c = await counted(page);
    if (c.samples >= total) return { ms: performance.now() - t0, source: c.source };
    if (performance.now() - t0 > ms) return { ms: null, source: c.source };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Deletes the stored summaries (raw IndexedDB, so the page's code is not involved). */
function dropStored(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done, fail) => {
        const open = indexedDB.open('hopscope');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('meta', 'readwrite');
          tx.objectStore('meta').delete('step-summaries');
          tx.oncomplete = () => (open.result.close(), done());
          tx.onerror = () => fail(tx.error);
        };
      }),
  );
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const rows = Number(flag(args, 'rows') ?? 100_000);
  const rounds = Number(flag(args, 'rounds') ?? 2);
  const limit = Number(flag(args, 'timeout-s') ?? 900) * 1000;
  const load = [loadavg()[0]!];
  const r = await withBenchBrowser(
    'index.html',
    async (b) => {
      const training = new URL('/#/training', b.base).href;
      const page = await b.newPage('/#/training');
      await page.getByTestId('training-page').waitFor({ timeout: 120_000 });
      await page.getByText('Loading demo set…').waitFor({ state: 'detached', timeout: 120_000 });
      await page.goto(new URL('/bench/reload-plots.html', b.base).href);
      await page.waitForFunction(() => typeof window.storeReloadRows === 'function', null, {
        timeout: 120_000,
      });
      note(`storing ${rows} rows and their step summaries…`);
      const stored = await page.evaluate((n) => window.storeReloadRows(n), rows);
      note(`stored in ${round(stored.store_s, 1)} s: ${stored.samples} samples over ${stored.steps} steps`);
      const out = {
        stored_ms: [] as Array<number | null>,
        rows_ms: [] as Array<number | null>,
        sources: [] as string[],
      };
      for (let k = 0; k < rounds; k++) {
        const s = await plotted(page, training, stored.samples, limit);
        out.stored_ms.push(s.ms);
        out.sources.push(`stored:${s.source}`);
        note(
          `round ${k + 1}: with the stored summaries, plotted in ${s.ms === null ? 'not reached' : `${round(s.ms, 0)} ms`} (source ${s.source})`,
        );
        await dropStored(page);
        const t = await plotted(page, training, stored.samples, limit);
        out.rows_ms.push(t.ms);
        out.sources.push(`rows:${t.source}`);
        note(
          `round ${k + 1}: from the rows, plotted in ${t.ms === null ? 'not reached' : `${round(t.ms, 0)} ms`} (source ${t.source})`,
        );
        // The table worker stores its summaries a few seconds after that read: the next round's.
        await new Promise((res) => setTimeout(res, 5000));
        load.push(loadavg()[0]!);
      }
      return { ...stored, ...out };
    },
    { prod: true, diskProfile: true, also: ['bench/reload-plots.html'] },
  );
  const reached = (xs: Array<number | null>) => xs.filter((x): x is number => x !== null);
  const s = reached(r.stored_ms);
  const t = reached(r.rows_ms);
  const result = {
    rows,
    samples: r.samples,
    steps: r.steps,
    rounds,
    store_s: round(r.store_s, 1),
    stored_ms: s.length ? round(median(s), 0) : null,
    rows_ms: t.length === rounds ? round(median(t), 0) : null,
    rows_per_stored: s.length && t.length === rounds ? round(median(t) / median(s), 1) : null,
    load: load.map((x) => round(x, 1)),
    all: {
      stored_ms: r.stored_ms.map((x) => (x === null ? null : round(x, 0))),
      rows_ms: r.rows_ms.map((x) => (x === null ? null : round(x, 0))),
      sources: r.sources,
    },
  };
  console.log(
    `${result.samples} samples, ${result.steps} steps: reload → plotted from the stored summaries ${result.stored_ms} ms, from the rows ${result.rows_ms ?? 'not reached'} ms`,
  );
  if (json) console.log(JSON.stringify(result));
}
