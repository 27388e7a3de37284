// `npm run bench -- reload-plots [--json] [--rows 100000] [--rounds 2] [--timeout-s 900]
// [--baseline DIR] [--profile FILE]`: issue 37's "After a reload: Training page plotted" in the
// production app, headless Chromium, on-disk profile. `--rows` generated training rows (200 steps,
// bench-rows.ts) are stored with their step summaries (reload-plots-page.ts); then each round opens
// the Training page twice per build, timing from the navigation to the page counting every sample
// (and, with the stored summaries, to the plots drawn):
//  - stored: with the last session's summaries in IndexedDB (the plots come from them before the
//    table worker has read the rows);
//  - rows: with them deleted first, so the plots wait for the table worker to read every row and
//    summarize it (the path every reload took before the summaries were stored).
// The second round's stored summaries are the ones the table worker itself stored after the first
// round's full read. A step past --timeout-s is recorded as not reached. `--baseline DIR`: another
// revision's production build (`vite build --outDir DIR` in its checkout), served in turns with this
// one from the same origin (the same rows); which goes first alternates by round. `--profile FILE`
// builds the app unminified and profiles the first round's reload with the stored summaries,
// navigation to every sample counted (bench/cpu-profile.ts; the raw trace beside it). Progress goes
// to stderr; with --json the last line of stdout is one JSON object.
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { withBenchBrowser } from './browser';
import { type CpuProfileSink, startCpuProfile, type TraceEvent, writeProfile } from './cpu-profile';
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

/** Whether the plots are drawn: the charts are on the page and no longer "Drawing the plots…". */
async function drawn(page: Page): Promise<boolean> {
  const charts = await page.getByTestId('training-charts').count();
  return charts > 0 && (await page.getByTestId('training-drawing').count()) === 0;
}

/**
 * Navigates to the Training page and times it until every sample is counted (`ms`) and until the
 * plots are drawn (`drawnMs`); null past `limit`. With `profileFile`, a CPU profile of every thread
 * from the navigation to every sample counted (bench/cpu-profile.ts) is written there, and the
 * trace's events to `FILE-trace.json` (DevTools' Performance panel opens it).
 */
async function plotted(page: Page, url: string, total: number, limit: number, profileFile?: string) {
  // A new document each time (the same URL again would only change the hash, not reload).
  await page.goto('about:blank');
  const raw: TraceEvent[] = [];
  let profile: { stop: () => Promise<CpuProfileSink> } | null = null;
  if (profileFile) {
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Tracing.dataCollected', (e) => raw.push(...(e.value as unknown as TraceEvent[])));
    profile = await startCpuProfile(cdp);
  }
  const t0 = performance.now();
  await page.goto(url);
  const out = { ms: null as number | null, drawnMs: null as number | null, source: null as string | null };
  for (;;) {
    const late = performance.now() - t0 > limit;
    if (out.ms === null) {
      const c = await counted(page);
      out.source = c.source;
      if (c.samples >= total) out.ms = performance.now() - t0;
      if (out.ms !== null || late) {
        if (profile && profileFile) {
          await writeProfile(profile, profileFile);
          writeFileSync(profileFile.replace(/(\.json)?$/, '-trace.json'), JSON.stringify(raw));
        }
        profile = null;
      }
    }
    if (out.ms !== null && (await drawn(page))) out.drawnMs = performance.now() - t0;
    if (out.drawnMs !== null || late) return out;
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

type Build = 'this' | 'baseline';

interface Times {
  stored_ms: Array<number | null>;
  stored_drawn_ms: Array<number | null>;
  rows_ms: Array<number | null>;
  sources: string[];
  /** The 1-minute load average as each measurement ended. */
  load: number[];
}

const reached = (xs: Array<number | null>) => xs.filter((x): x is number => x !== null);
const mid = (xs: Array<number | null>) => {
  const r = reached(xs);
  return r.length === xs.length && r.length > 0 ? round(median(r), 0) : null;
};
const ms = (x: number | null) => (x === null ? 'not reached' : `${round(x, 0)} ms`);

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const rows = Number(flag(args, 'rows') ?? 100_000);
  const rounds = Number(flag(args, 'rounds') ?? 2);
  const limit = Number(flag(args, 'timeout-s') ?? 900) * 1000;
  const profileFile = flag(args, 'profile');
  // `--baseline DIR`: another revision's production build (`vite build --outDir DIR` in its
  // checkout), measured in turns with this one on the same rows (the first of a round alternates).
  const baseline = flag(args, 'baseline');
  const builds: Build[] = baseline ? ['this', 'baseline'] : ['this'];
  const start = loadavg()[0]!;
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
      const out = new Map<Build, Times>(
        builds.map((x) => [x, { stored_ms: [], stored_drawn_ms: [], rows_ms: [], sources: [], load: [] }]),
      );
      const serve = (x: Build) => {
        if (baseline) b.serve(x);
      };
      for (let k = 0; k < rounds; k++) {
        const order = k % 2 === 0 ? builds : [...builds].reverse();
        for (const x of order) {
          serve(x);
          const o = out.get(x)!;
          const s = await plotted(
            page,
            training,
            stored.samples,
            limit,
            k === 0 && x === 'this' ? profileFile : undefined,
          );
          o.stored_ms.push(s.ms);
          o.stored_drawn_ms.push(s.drawnMs);
          o.sources.push(`stored:${s.source}`);
          o.load.push(round(loadavg()[0]!, 1));
          note(
            `round ${k + 1}, ${x}: with the stored summaries, every sample counted in ${ms(s.ms)}, drawn in ${ms(s.drawnMs)} (source ${s.source}; load ${o.load.at(-1)})`,
          );
        }
        for (const x of order) {
          serve(x);
          const o = out.get(x)!;
          await dropStored(page);
          const t = await plotted(page, training, stored.samples, limit);
          o.rows_ms.push(t.ms);
          o.sources.push(`rows:${t.source}`);
          o.load.push(round(loadavg()[0]!, 1));
          note(
            `round ${k + 1}, ${x}: from the rows, counted in ${ms(t.ms)} (source ${t.source}; load ${o.load.at(-1)})`,
          );
          // The table worker stores its summaries a few seconds after that read: the next round's.
          await new Promise((res) => setTimeout(res, 5000));
        }
      }
      return { ...stored, out };
    },
    {
      prod: true,
      diskProfile: true,
      also: ['bench/reload-plots.html'],
      unminified: profileFile !== undefined,
      ...(baseline ? { baseline } : {}),
    },
  );
  const summary = (t: Times) => ({
    stored_ms: mid(t.stored_ms),
    stored_drawn_ms: mid(t.stored_drawn_ms),
    rows_ms: mid(t.rows_ms),
    all: {
      stored_ms: t.stored_ms.map((x) => (x === null ? null : round(x, 0))),
      stored_drawn_ms: t.stored_drawn_ms.map((x) => (x === null ? null : round(x, 0))),
      rows_ms: t.rows_ms.map((x) => (x === null ? null : round(x, 0))),
      sources: t.sources,
      load: t.load,
    },
  });
  const mine = summary(r.out.get('this')!);
  const base = baseline ? summary(r.out.get('baseline')!) : null;
  const result = {
    rows,
    samples: r.samples,
    steps: r.steps,
    rounds,
    store_s: round(r.store_s, 1),
    ...mine,
    rows_per_stored: mine.stored_ms && mine.rows_ms ? round(mine.rows_ms / mine.stored_ms, 1) : null,
    load_at_start: round(start, 1),
    ...(base
      ? {
          baseline: base,
          baseline_per_this: {
            stored: base.stored_ms && mine.stored_ms ? round(base.stored_ms / mine.stored_ms, 2) : null,
            stored_drawn:
              base.stored_drawn_ms && mine.stored_drawn_ms
                ? round(base.stored_drawn_ms / mine.stored_drawn_ms, 2)
                : null,
            rows: base.rows_ms && mine.rows_ms ? round(base.rows_ms / mine.rows_ms, 2) : null,
          },
        }
      : {}),
  };
  console.log(
    `${result.samples} samples, ${result.steps} steps: reload → counted from the stored summaries ${result.stored_ms} ms (drawn ${result.stored_drawn_ms} ms), from the rows ${result.rows_ms ?? 'not reached'} ms` +
      (base
        ? `; baseline: ${base.stored_ms} ms (drawn ${base.stored_drawn_ms} ms), from the rows ${base.rows_ms} ms`
        : ''),
  );
  if (json) console.log(JSON.stringify(result));
}
