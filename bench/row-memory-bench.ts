// `npm run bench -- row-memory [--json] [--rows 100000] [--derive-steps 20] [--per-step 512]
//   [--baseline DIR] [--rounds 1] [--timeout-s 900] [--estimate-rows 20000] [--node-only]`: issue 37's "a 1M run
// fits the tab in 4 GB", the table worker's share. Template rows are derived in Node with the app's
// toRow from a generated training run (--derive-steps × --per-step samples,
// app/testing/training-run-generator); the production app in headless Chromium (on-disk profile)
// stores --rows of them (repeated as later steps, row-memory-page.ts), then opens the Training
// page, which waits for the table worker's read of every row. Recorded per build:
//  - read_ms: navigation → the Training page counting every sample (the table worker's full read
//    and summaries; no stored summaries exist, as on a first reload);
//  - each worker's JS heap after a forced GC (CDP Runtime.getHeapUsage on the worker targets), before
//    the rows were stored and after the read: the table worker's difference ÷ rows is bytes_per_row;
//  - the tab's renderer process resident set (VmRSS, VmHWM) after the read.
// With --baseline DIR (a checkout of the code to compare, e.g. `git archive main | tar -x -C DIR`
// with node_modules linked), the same is measured on DIR's build, alternating with this one round
// by round (the bench copies its page into DIR/bench/). A Node-side breakdown says which fields
// hold a row's bytes (each field set to null in turn over --estimate-rows structured copies: V8 in
// Node has no pointer compression, so its bytes are larger than Chromium's; the shares are the
// point), and the compaction's CPU per row against the structured copy's own (--node-only: this
// part alone). Progress goes to stderr; with --json the last line of stdout is one JSON object.
import { copyFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { CDPSession, Page } from '@playwright/test';
import type { TrajectoryRow } from '../app/core/table/row';
import { withBenchBrowser } from './browser';
import { median } from './median';
import { rendererMemory } from './renderer-memory';
import { flag, gc, note, round } from './util';

const MIB = 1024 * 1024;

/** Rows as an import of a generated training run leaves them (no question set joined). */
async function templateRows(steps: number, perStep: number): Promise<TrajectoryRow[]> {
  const { z } = await import('zod');
  z.config({ jitless: true });
  const { generateStep } = await import('../app/testing/training-run-generator');
  const { importAll, stringChunks } = await import('../app/core/importers/pipeline');
  const { toRow } = await import('../app/core/table/row');
  const out: TrajectoryRow[] = [];
  for (let i = 0; i < steps; i++) {
    const s = generateStep(i + 1, i, { steps, samplesPerStep: perStep, seed: 37, malformedRate: 0 });
    const text = `${s.lines.join('\n')}\n`;
    for (const t of (await importAll(stringChunks(text), { file: `run/${s.file}` })).trajectories)
      out.push(toRow(t));
  }
  return out;
}

/** The fields whose bytes the breakdown reports (the rest: the row object, ids, numbers). */
const FIELDS = [
  'searchText',
  'flagNotes',
  'sure',
  'searches',
  'question',
  'eff',
  'extras',
  'flags',
  'answer',
  'gold',
  'file',
  'run',
  'strategy',
  'system',
  'format',
  'dataset',
] as const;

/**
 * Node's estimate of the heap a row holds, as read back (a V8 structured copy each), with and
 * without the table worker's compaction, and what each field adds (its bytes when set to null).
 */
async function breakdown(templates: readonly TrajectoryRow[], n: number) {
  const { RowCompactor } = await import('../app/core/table/row-compact');
  const copies = templates.map((t) => serialize(t));
  const held = (compact: boolean, drop: string | null): number => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const c = new RowCompactor();
    const out: TrajectoryRow[] = [];
    for (let i = 0; i < n; i++) {
      const r = deserialize(copies[i % copies.length]!) as TrajectoryRow;
      r.id = `${r.id}~${i}`;
      for (const s of r.searches) s.trajectoryId = r.id;
      if (compact) c.compact(r);
      if (drop) (r as unknown as Record<string, unknown>)[drop] = null;
      out.push(r);
    }
    gc();
    const bytes = (process.memoryUsage().heapUsed - before) / n;
    out.length = 0;
    return bytes;
  };
  const side = (compact: boolean) => {
    const all = held(compact, null);
    return {
      bytes_per_row: round(all, 0),
      fields: Object.fromEntries(FIELDS.map((f) => [f, round(all - held(compact, f), 0)])),
    };
  };
  // The compaction's CPU beside the structured copies' own (what IndexedDB's read costs in V8),
  // best of 3, same rows, same process.
  const time = (compact: boolean) => {
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const list = copies.map((c) => deserialize(c) as TrajectoryRow);
      const t0 = performance.now();
      if (compact) {
        const c = new RowCompactor();
        for (const r of list) c.compact(r);
      } else for (let i = 0; i < copies.length; i++) list[i] = deserialize(copies[i]!) as TrajectoryRow;
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const deserializeMs = time(false);
  const compactMs = time(true);
  return {
    rows: n,
    deserialize_us_per_row: round((deserializeMs * 1000) / copies.length, 2),
    compact_us_per_row: round((compactMs * 1000) / copies.length, 2),
    compact_per_deserialize: round(compactMs / deserializeMs, 2),
    serialized_bytes_per_row: round(copies.reduce((k, c) => k + c.length, 0) / copies.length, 0),
    read_as_is: side(false),
    compacted: side(true),
  };
}

/** The workers of a page through its CDP session (Playwright's session speaks to them by message). */
function workerHeaps(cdp: CDPSession) {
  const sessions = new Map<string, string>();
  const pending = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  let next = 0;
  cdp.on('Target.attachedToTarget', (e) => void sessions.set(e.sessionId, e.targetInfo.url));
  cdp.on('Target.detachedFromTarget', (e) => void (e.sessionId && sessions.delete(e.sessionId)));
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (m.id === undefined) return;
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  });
  const send = <T>(sessionId: string, method: string): Promise<T> =>
    new Promise<T>((ok, fail) => {
      const id = ++next;
      pending.set(id, (m) =>
        m.error ? fail(new Error(`${method}: ${m.error.message}`)) : ok(m.result as T),
      );
      cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
        .catch(fail);
    });
  return {
    // Flat sessions cannot be addressed through Playwright's CDPSession: these are messages.
    start: () =>
      cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false }),
    /** Each worker's used JS heap after a full GC, by script name (`table.worker`), bytes. */
    async heaps(): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const [s, url] of sessions) {
        await send(s, 'HeapProfiler.collectGarbage');
        await send(s, 'HeapProfiler.collectGarbage');
        const name = (url.split('/').pop() ?? url).replace(/-[\w-]{6,}\.js$/, '').replace(/\.js$/, '');
        out[name] = (out[name] ?? 0) + (await send<{ usedSize: number }>(s, 'Runtime.getHeapUsage')).usedSize;
      }
      await cdp.send('HeapProfiler.collectGarbage');
      out.page = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      return out;
    },
  };
}

async function samplesShown(page: Page): Promise<number> {
  const text =
    (await page
      .getByTestId('training-total')
      .textContent({ timeout: 500 })
      .catch(() => null)) ?? '';
  return Number((text.match(/([\d,]+) samples/)?.[1] ?? '0').replace(/,/g, ''));
}

interface Side {
  store_s: number;
  read_ms: number | null;
  table_worker_empty: number;
  table_worker_full: number;
  heaps_empty: Record<string, number>;
  heaps_full: Record<string, number>;
  renderer: ReturnType<typeof rendererMemory>;
}

async function measure(
  root: string,
  templates: readonly TrajectoryRow[],
  rows: number,
  steps: number,
  limit: number,
): Promise<Side> {
  return withBenchBrowser(
    'index.html',
    async (b) => {
      const training = new URL('/#/training', b.base).href;
      const page = await b.newPage('/');
      const cdp = await page.context().newCDPSession(page);
      const workers = workerHeaps(cdp);
      await workers.start();
      await page.goto(training);
      // The app's first start on a loaded machine took over 120 s once (load average 14).
      await page.getByTestId('training-page').waitFor({ timeout: 600_000 });
      await page.getByText('Loading demo set…').waitFor({ state: 'detached', timeout: 600_000 });
      await new Promise((r) => setTimeout(r, 3000));
      const empty = await workers.heaps();
      await page.goto(new URL('/bench/row-memory.html', b.base).href);
      await page.waitForFunction(() => typeof window.storeRowMemoryRows === 'function', null, {
        timeout: 120_000,
      });
      note(`storing ${rows} rows…`);
      const stored = await page.evaluate(([t, n, s]) => window.storeRowMemoryRows(t, n, s), [
        templates as unknown as Parameters<Window['storeRowMemoryRows']>[0],
        rows,
        steps,
      ] as const);
      note(`stored in ${round(stored.store_s, 1)} s; opening the Training page…`);
      await page.goto('about:blank');
      const t0 = performance.now();
      await page.goto(training);
      let readMs: number | null = null;
      while (performance.now() - t0 < limit) {
        if ((await samplesShown(page)) >= rows) {
          readMs = performance.now() - t0;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      note(`every sample counted after ${readMs === null ? 'not reached' : `${round(readMs, 0)} ms`}`);
      // The table worker stores its step summaries a few seconds after the read: let it settle.
      await new Promise((r) => setTimeout(r, 8000));
      const full = await workers.heaps();
      const table = (h: Record<string, number>) =>
        Object.entries(h).find(([k]) => k.startsWith('table.worker'))?.[1] ?? NaN;
      return {
        store_s: stored.store_s,
        read_ms: readMs,
        table_worker_empty: table(empty),
        table_worker_full: table(full),
        heaps_empty: empty,
        heaps_full: full,
        renderer: rendererMemory(),
      };
    },
    { prod: true, diskProfile: true, also: ['bench/row-memory.html'], root },
  );
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const rows = Number(flag(args, 'rows') ?? 100_000);
  const deriveSteps = Number(flag(args, 'derive-steps') ?? 20);
  const perStep = Number(flag(args, 'per-step') ?? 512);
  const rounds = Number(flag(args, 'rounds') ?? 1);
  const limit = Number(flag(args, 'timeout-s') ?? 900) * 1000;
  const estimateRows = Number(flag(args, 'estimate-rows') ?? 20_000);
  const baseline = flag(args, 'baseline');
  const nodeOnly = args.includes('--node-only');
  note(`deriving ${deriveSteps} × ${perStep} template rows…`);
  const templates = await templateRows(deriveSteps, perStep);
  note(`${templates.length} template rows; Node-side breakdown over ${estimateRows} copies…`);
  const estimate = await breakdown(templates, estimateRows);
  const roots: Array<{ name: 'baseline' | 'this'; root: string }> = [];
  if (baseline) {
    const dir = resolve(baseline);
    for (const f of ['row-memory.html', 'row-memory-page.ts']) {
      const to = resolve(dir, 'bench', f);
      if (!existsSync(to)) copyFileSync(resolve('bench', f), to);
    }
    roots.push({ name: 'baseline', root: dir });
  }
  roots.push({ name: 'this', root: process.cwd() });
  const load = [loadavg()[0]!];
  const sides: Record<string, Side[]> = {};
  for (let k = 0; k < (nodeOnly ? 0 : rounds); k++)
    for (const { name, root } of roots) {
      note(`round ${k + 1}, ${name} (${root})…`);
      const side = await measure(root, templates, rows, deriveSteps, limit).catch((e: unknown) => {
        // One side failing (a start past its timeout) leaves the others' numbers.
        note(`round ${k + 1}, ${name} failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
        return null;
      });
      if (side) {
        (sides[name] ??= []).push(side);
        note(`round ${k + 1}, ${name}: ${JSON.stringify(side)}`);
      }
      load.push(loadavg()[0]!);
    }
  const summary = (list: Side[]) => {
    const perRow = median(list.map((s) => (s.table_worker_full - s.table_worker_empty) / rows));
    const reads = list.flatMap((s) => (s.read_ms === null ? [] : [s.read_ms]));
    const tab = list.map((s) => s.renderer[0]);
    return {
      table_worker_bytes_per_row: round(perRow, 0),
      table_worker_mib: round(median(list.map((s) => s.table_worker_full)) / MIB, 1),
      read_ms: reads.length === list.length ? round(median(reads), 0) : null,
      renderer_rss_mib: tab.every(Boolean) ? median(tab.map((t) => t!.rss_mib)) : null,
      renderer_peak_mib: tab.every(Boolean) ? median(tab.map((t) => t!.peak_mib)) : null,
      // An extrapolation, not a measurement: the table worker's rows alone, linear in rows.
      extrapolated_1m_table_worker_mib: round((perRow * 1_000_000) / MIB, 0),
      all: list.map((s) => ({
        store_s: round(s.store_s, 1),
        read_ms: s.read_ms === null ? null : round(s.read_ms, 0),
        heaps_empty_mib: Object.fromEntries(
          Object.entries(s.heaps_empty).map(([k, v]) => [k, round(v / MIB, 1)]),
        ),
        heaps_full_mib: Object.fromEntries(
          Object.entries(s.heaps_full).map(([k, v]) => [k, round(v / MIB, 1)]),
        ),
        renderers: s.renderer,
      })),
    };
  };
  const result = {
    rows,
    templates: templates.length,
    rounds,
    ...Object.fromEntries(Object.entries(sides).map(([k, v]) => [k, summary(v)])),
    node_estimate: estimate,
    load: load.map((x) => round(x, 1)),
  };
  const line = (name: string) => {
    const s = (result as unknown as Record<string, ReturnType<typeof summary> | undefined>)[name];
    if (!s) return;
    console.log(
      `${name}: table worker ${s.table_worker_bytes_per_row} B/row (${s.table_worker_mib} MiB at ${rows} rows; ` +
        `1M extrapolated ${s.extrapolated_1m_table_worker_mib} MiB), read ${s.read_ms ?? 'not reached'} ms, ` +
        `renderer RSS ${s.renderer_rss_mib} MiB (peak ${s.renderer_peak_mib})`,
    );
  };
  line('baseline');
  line('this');
  console.log(
    `Node estimate: ${estimate.read_as_is.bytes_per_row} B/row as read, ${estimate.compacted.bytes_per_row} compacted; ` +
      `compaction ${estimate.compact_us_per_row} µs/row = ${estimate.compact_per_deserialize}× the structured copy's ${estimate.deserialize_us_per_row} µs`,
  );
  if (json) console.log(JSON.stringify(result));
}
