// Browser side of `npm run bench -- sql-1m`: starts the bench's SQL worker (the app's SQL worker
// API on the app's DuckDB-WASM build, sql-1m.worker.ts), lets it create its tables (the app's DDL)
// and lock the engine, fills them with a generated run by INSERT … SELECT (sql-1m-data.ts), then
// times, each round, what the page asks of those tables: the Training page's summaries
// (trainingSummary, core/sql/step-summary-sql.ts), a bare GROUP BY step, one table view
// (core/sql/table-sql.ts) and the SQL box's examples (docs/reference/sql.md). Every time is the
// page's (the Comlink round trip to the worker included); the worker's own ms beside it where the
// API reports one. The driver calls window.runSql1m.
import * as Comlink from 'comlink';
import { trainingCollection } from '../app/core/collections/collection';
import { NO_FILTERS, type TableQuery } from '../app/core/table/query';
import { CONSISTENCY_SQL, fillSql } from './sql-1m-data';
import type { Sql1mWorker } from './sql-1m.worker';

export interface Sql1mOptions {
  rows: number;
  steps: number;
  rounds: number;
  /** The SQL box's examples: title and statement. */
  examples: Array<{ title: string; sql: string }>;
  /** Rows of bench-rows loaded as Arrow at the end, to compare that way of loading. */
  arrowRows: number;
  /** EXPLAIN ANALYZE the summaries' queries after the rounds. */
  explain: boolean;
  /** More statements to EXPLAIN ANALYZE after the rounds (other ways to ask the same), by name. */
  explainMore: Record<string, string>;
}

export interface Timed {
  name: string;
  /** Rows the answer held (result rows, summaries, or kept ids). */
  rows: number;
  page_ms: number[];
  /** The worker's own ms, where its API reports it. */
  worker_ms: number[];
}

export interface Sql1mResult {
  /**
   * Per round: the summaries by today's queries (one scan, read as columns) and by those before
   * branch summarysql (three queries read cell by cell), alternating (which goes first swaps each
   * round); ms in the worker and in the page (the call to the worker and the summaries' way back
   * included), each query's ms. They must agree up to the order sums of doubles were taken in;
   * `same` counts how many numbers are equal to the bit, and the largest relative difference.
   */
  summaries: Array<{
    now: number;
    before: number;
    now_page: number;
    before_page: number;
    now_query_ms: Record<string, number>;
    before_query_ms: Record<string, number>;
    same: NumberAgreement;
  }>;
  rows: number;
  searches: number;
  steps: number;
  bundle: string;
  engine_start_ms: number;
  fill_ms: { trajectories: number; searches: number };
  timed: Timed[];
  memory: {
    duckdb: Awaited<ReturnType<Sql1mWorker['duckMemory']>>;
    /** performance.measureUserAgentSpecificMemory: the page and its workers, bytes; null if unavailable. */
    ua_bytes: number | null;
    ua_breakdown: Array<{ bytes: number; scopes: string[] }>;
    ua_error: string | null;
  };
  explain: Record<string, string>;
  /** Three times after the rounds: where the mapping of today's answer goes (sql-1m.worker.ts). */
  mapping_ms: Array<Awaited<ReturnType<Sql1mWorker['mappingMs']>>>;
  arrow: { rows: number; batches_ms: number; insert_ms: number } | null;
}

declare global {
  interface Window {
    runSql1m(o: Sql1mOptions): Promise<Sql1mResult>;
  }
}

interface UaMemory {
  bytes: number;
  breakdown: Array<{ bytes: number; attribution: Array<{ scope: string; url: string }> }>;
}

async function uaMemory(): Promise<Pick<Sql1mResult['memory'], 'ua_bytes' | 'ua_breakdown' | 'ua_error'>> {
  const measure = (performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<UaMemory> })
    .measureUserAgentSpecificMemory;
  if (!crossOriginIsolated || !measure)
    return { ua_bytes: null, ua_breakdown: [], ua_error: `unavailable (isolated: ${crossOriginIsolated})` };
  try {
    const m = await Promise.race([
      measure.call(performance),
      new Promise<never>((_, no) => setTimeout(() => no(new Error('no answer in 60 s')), 60_000)),
    ]);
    return {
      ua_bytes: m.bytes,
      ua_breakdown: m.breakdown
        .filter((b) => b.bytes > 0)
        .map((b) => ({
          bytes: b.bytes,
          scopes: b.attribution.map((a) => `${a.scope} ${a.url.split('/').pop()}`),
        })),
      ua_error: null,
    };
  } catch (e) {
    return { ua_bytes: null, ua_breakdown: [], ua_error: e instanceof Error ? e.message : String(e) };
  }
}

/** How two summaries' numbers agree: all of them, those equal to the bit, the largest relative difference. */
export interface NumberAgreement {
  numbers: number;
  bit_equal: number;
  max_relative: number;
}

/**
 * Where two summaries first differ (numbers up to the order a sum was taken in: relative 1e-12, as
 * app/cli/sql/step-summary-sql.test.ts compares); null if nowhere. Counts into `agree`.
 */
function firstDifference(a: unknown, b: unknown, agree: NumberAgreement, path = ''): string | null {
  if (typeof a === 'number' && typeof b === 'number') {
    const rel = Math.abs(a - b) / Math.max(1, Math.abs(a));
    agree.numbers++;
    if (Object.is(a, b)) agree.bit_equal++;
    agree.max_relative = Math.max(agree.max_relative, rel);
    return rel <= 1e-12 ? null : `${path}: ${a} vs ${b}`;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    if (ka.join() !== Object.keys(b).sort().join())
      return `${path}: keys ${ka.join()} vs ${Object.keys(b).sort().join()}`;
    for (const k of ka) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        agree,
        `${path}.${k}`,
      );
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${String(a)} vs ${String(b)}`;
}

window.runSql1m = async (o) => {
  const w = Comlink.wrap<Sql1mWorker>(
    new Worker(new URL('./sql-1m.worker.ts', import.meta.url), { type: 'module', name: 'hopscope-sql' }),
  );
  const log = (s: string) => console.log(`sql-1m: ${s}`);
  const e0 = performance.now();
  // Starts DuckDB: the API's tables (createTableSql) and lock, then no labels to load.
  await w.syncLabels();
  const engineStart = performance.now() - e0;
  log(`engine started in ${Math.round(engineStart)} ms; filling ${o.rows} rows…`);
  const run = 'run';
  const [, trajMs = 0, searchMs = 0] = await w.fill(fillSql(o.rows, o.steps, trainingCollection(run).id));
  for (const [what, sql] of Object.entries(CONSISTENCY_SQL)) {
    const bad = await w.scalar(sql);
    if (bad !== 0) throw new Error(`generated rows: ${what} fails (${bad})`);
  }
  const rows = await w.scalar('SELECT count(*) FROM trajectories');
  const searches = await w.scalar('SELECT count(*) FROM searches');
  log(`filled ${rows} rows in ${Math.round(trajMs)} ms, ${searches} searches in ${Math.round(searchMs)} ms`);
  if (rows !== o.rows) throw new Error(`the tables hold ${rows} rows, not ${o.rows}`);

  const view: TableQuery = {
    filters: { ...NO_FILTERS, run, ranges: { f1: { min: 0.5, max: null } } },
    sort: { key: 'score', dir: -1 },
    groupByFile: false,
    status: {},
  };
  const collections = [{ id: trainingCollection(run).id, kind: 'training' as const }];
  const jobs: Array<[string, () => Promise<{ rows: number; ms: number | null }>]> = [
    [
      'Training page summaries (trainingSummary)',
      async () => {
        const s = await w.trainingSummary();
        if (s.steps.length !== o.steps) throw new Error(`${s.steps.length} step summaries, not ${o.steps}`);
        return { rows: s.steps.length, ms: s.ms };
      },
    ],
    [
      'SELECT step, count(*), avg(score) … GROUP BY run, step',
      async () => {
        const a = await w.query(
          'SELECT run, step, count(*), avg(score) FROM trajectories GROUP BY run, step',
        );
        if (!a.ok) throw new Error(a.message);
        return { rows: a.rowCount, ms: a.ms };
      },
    ],
    [
      'table view: F1 ≥ 0.5 in the run, by score',
      async () => {
        const v = await w.tableView(view, collections, -1);
        if (!v) throw new Error('the SQL worker did not answer the table view');
        return { rows: v.count, ms: v.ms };
      },
    ],
    ...o.examples.map((x): [string, () => Promise<{ rows: number; ms: number | null }>] => [
      `example: ${x.title}`,
      async () => {
        const a = await w.query(x.sql);
        if (!a.ok) throw new Error(`${x.title}: ${a.message}`);
        return { rows: a.rowCount, ms: a.ms };
      },
    ]),
  ];
  const sums: Sql1mResult['summaries'] = [];
  // One untimed call of each first: the first query after the fill pays for warming up whichever
  // went first, and with an odd number of rounds `now` would go first more often.
  await w.summariesNow();
  await w.summariesBefore();
  for (let r = 0; r < o.rounds; r++) {
    const first = r % 2 === 0 ? 'now' : 'before';
    const timedCall = async (which: 'now' | 'before') => {
      const t0 = performance.now();
      const x = await (which === 'now' ? w.summariesNow() : w.summariesBefore());
      return { ...x, page: performance.now() - t0 };
    };
    const a = await timedCall(first);
    const b = await timedCall(first === 'now' ? 'before' : 'now');
    const [now, was] = first === 'now' ? [a, b] : [b, a];
    const same: NumberAgreement = { numbers: 0, bit_equal: 0, max_relative: 0 };
    const diff = firstDifference(now.steps, was.steps, same);
    if (diff) throw new Error(`the summaries differ from those before summarysql: ${diff}`);
    sums.push({
      now: now.ms,
      before: was.ms,
      now_page: now.page,
      before_page: was.page,
      now_query_ms: now.query_ms,
      before_query_ms: was.query_ms,
      same,
    });
    log(
      `round ${r + 1}: summaries ${Math.round(now.ms)} ms, before summarysql ${Math.round(was.ms)} ms; ` +
        `${same.bit_equal} of ${same.numbers} numbers equal to the bit, largest relative difference ${same.max_relative}`,
    );
  }
  const timed: Timed[] = jobs.map(([name]) => ({ name, rows: -1, page_ms: [], worker_ms: [] }));
  for (let r = 0; r < o.rounds; r++) {
    for (const [i, [name, job]] of jobs.entries()) {
      const t0 = performance.now();
      const a = await job();
      const ms = performance.now() - t0;
      const t = timed[i]!;
      t.rows = a.rows;
      t.page_ms.push(ms);
      if (a.ms !== null) t.worker_ms.push(a.ms);
      log(`round ${r + 1}: ${name}: ${Math.round(ms)} ms (${a.rows} rows)`);
    }
  }
  const mapping: Sql1mResult['mapping_ms'] = [];
  for (let i = 0; i < 3; i++) mapping.push(await w.mappingMs());
  const memory = { duckdb: await w.duckMemory(), ...(await uaMemory()) };
  log(`memory: DuckDB ${memory.duckdb.memory_usage}, page and workers ${memory.ua_bytes ?? memory.ua_error}`);
  const explain: Record<string, string> = {};
  if (o.explain) {
    const { STEP_SUMMARY_SQL } = await import('../app/core/sql/step-summary-sql');
    for (const [name, sql] of Object.entries(STEP_SUMMARY_SQL)) explain[name] = await w.explain(sql);
  }
  for (const [name, sql] of Object.entries(o.explainMore)) explain[name] = await w.explain(sql);
  let arrow: Sql1mResult['arrow'] = null;
  if (o.arrowRows > 0) {
    log(`loading ${o.arrowRows} bench-rows rows as Arrow…`);
    arrow = { rows: o.arrowRows, ...(await w.arrowLoad(o.arrowRows, o.rows)) };
  }
  const bundle = (await w.state()).bundle;
  return {
    summaries: sums,
    rows,
    searches,
    steps: o.steps,
    bundle,
    engine_start_ms: engineStart,
    fill_ms: { trajectories: trajMs, searches: searchMs },
    timed,
    memory,
    explain,
    mapping_ms: mapping,
    arrow,
  };
};
