// `npm run bench -- sql-1m [--json] [--rows 1000000] [--steps 2000] [--rounds 3] [--arrow-rows 20000]
// [--explain FILE] [--explain-more STATEMENTS.json]`: the production build in headless Chromium (on-disk profile). The app's SQL
// worker API on the app's DuckDB-WASM build creates its tables with the app's DDL, which are
// filled with a generated training run by INSERT … SELECT over range() (bench/sql-1m-data.ts: a
// million rows through JS objects and Arrow batches would take most of the run's time at the
// ~2,000 rows/s the page's rebuild reaches, and measure that load rather than the queries; the
// generated rows have bench-rows' text and sizes). First, in the worker, the Training page's
// summaries by today's queries and by those before branch summarysql (bench/step-summary-sql-before.ts),
// alternating after one untimed call of each, each query timed, checked equal (and how many numbers
// to the bit). Then `--rounds` rounds of: the Training page's
// summaries (trainingSummary), a bare GROUP BY run, step, one table view (filter + sort: ids,
// counts, filter choices, aggregates) and every example query of docs/reference/sql.md's "Ten
// questions". Recorded: each one's median and range (page-side, the worker round trip included,
// and the worker's own ms), the fill's time, DuckDB's memory and the page's
// (measureUserAgentSpecificMemory), where the summaries' mapping goes (mapping_ms, 3 times), load
// average at start and end, and `--arrow-rows` of
// bench-rows loaded as Arrow at the end for that load's rate. `--explain FILE` writes EXPLAIN
// ANALYZE of the summaries' queries, and of `--explain-more`'s statements (a JSON object, name to
// SQL: other ways to ask the same, profiled on the same rows). With --json the last line of stdout is one JSON object.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { withProdBenchPage } from './browser';
import { median } from './median';
import { type RendererMemory, rendererMemory } from './renderer-memory';
import { flag, note, round } from './util';

/** The "Ten questions" of docs/reference/sql.md: each `### N. title` and its ```sql block. */
export function docExamples(markdown: string): Array<{ title: string; sql: string }> {
  const section = markdown.slice(markdown.indexOf('## Ten questions'));
  const out: Array<{ title: string; sql: string }> = [];
  for (const m of section.matchAll(/^### (.+)\n[\s\S]*?```sql\n([\s\S]*?)```/gm))
    out.push({ title: m[1]!.trim(), sql: m[2]!.trim() });
  return out;
}

const stats = (xs: number[]) => ({
  median: round(median(xs), 0),
  min: round(Math.min(...xs), 0),
  max: round(Math.max(...xs), 0),
});

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const rows = Number(flag(args, 'rows') ?? 1_000_000);
  const steps = Number(flag(args, 'steps') ?? 2000);
  const rounds = Number(flag(args, 'rounds') ?? 3);
  const arrowRows = Number(flag(args, 'arrow-rows') ?? 20_000);
  const explainFile = flag(args, 'explain');
  const more = flag(args, 'explain-more');
  const explainMore = more ? (JSON.parse(readFileSync(more, 'utf8')) as Record<string, string>) : {};
  if (more && !explainFile) throw new Error('--explain-more needs --explain FILE to write the plans to');
  const examples = docExamples(readFileSync(resolve('docs/reference/sql.md'), 'utf8'));
  if (examples.length !== 10) throw new Error(`docs/reference/sql.md: ${examples.length} examples, not 10`);
  const loadStart = loadavg()[0]!;
  const t0 = Date.now();
  const r = await withProdBenchPage(
    'bench/sql-1m.html',
    'runSql1m',
    async (page) => {
      note(`filling ${rows} rows over ${steps} steps in DuckDB, then ${rounds} rounds of each query…`);
      const out = await page.evaluate((o) => window.runSql1m(o), {
        rows,
        steps,
        rounds,
        examples,
        arrowRows,
        explain: explainFile !== undefined,
        explainMore,
      });
      // The tab's process, read while the page is still open (its peak covers the whole run).
      return { ...out, renderers: rendererMemory() };
    },
    // measureUserAgentSpecificMemory answers at once rather than at the next GC (up to 20 s).
    ['--enable-blink-features=ForceEagerMeasureMemory'],
  );
  const loadEnd = loadavg()[0]!;
  if (explainFile) {
    writeFileSync(
      explainFile,
      Object.entries(r.explain)
        .map(([k, v]) => `== ${k} ==\n${v}\n`)
        .join('\n'),
    );
    note(`EXPLAIN ANALYZE of the summaries' queries written to ${explainFile}`);
  }
  const timed = r.timed.map((t) => ({
    name: t.name,
    rows: t.rows,
    page_ms: stats(t.page_ms),
    worker_ms: t.worker_ms.length ? stats(t.worker_ms) : null,
    all_page_ms: t.page_ms.map((x) => round(x, 0)),
  }));
  const MIB = 2 ** 20;
  const q = (xs: Array<Record<string, number>>) =>
    Object.fromEntries(Object.keys(xs[0] ?? {}).map((k) => [k, stats(xs.map((x) => x[k]!))]));
  const summaries = {
    now_ms: stats(r.summaries.map((s) => s.now)),
    before_ms: stats(r.summaries.map((s) => s.before)),
    now_per_before: round(median(r.summaries.map((s) => s.now / s.before)), 2),
    now_page_ms: stats(r.summaries.map((s) => s.now_page)),
    before_page_ms: stats(r.summaries.map((s) => s.before_page)),
    now_per_before_page: round(median(r.summaries.map((s) => s.now_page / s.before_page)), 2),
    all_now_page_ms: r.summaries.map((s) => round(s.now_page, 0)),
    all_before_page_ms: r.summaries.map((s) => round(s.before_page, 0)),
    same: r.summaries.map((s) => s.same),
    now_query_ms: q(r.summaries.map((s) => s.now_query_ms)),
    before_query_ms: q(r.summaries.map((s) => s.before_query_ms)),
  };
  const result = {
    rows: r.rows,
    searches: r.searches,
    steps: r.steps,
    rounds,
    bundle: r.bundle,
    load_average: { start: round(loadStart, 1), end: round(loadEnd, 1) },
    wall_s: round((Date.now() - t0) / 1000, 0),
    engine_start_ms: round(r.engine_start_ms, 0),
    fill_ms: { trajectories: round(r.fill_ms.trajectories, 0), searches: round(r.fill_ms.searches, 0) },
    summaries,
    mapping_ms: r.mapping_ms.map((m) => ({
      rows: m.rows,
      strings: round(m.strings, 1),
      numbers: round(m.numbers, 1),
      map: round(m.map, 1),
    })),
    timed,
    memory: {
      duckdb_memory_usage: r.memory.duckdb.memory_usage,
      duckdb_memory_limit: r.memory.duckdb.memory_limit,
      duckdb_by_tag_mib: Object.fromEntries(
        Object.entries(r.memory.duckdb.by_tag).map(([k, v]) => [k, round(v / MIB, 1)]),
      ),
      page_and_workers_mib: r.memory.ua_bytes === null ? null : round(r.memory.ua_bytes / MIB, 0),
      ua_breakdown_mib: r.memory.ua_breakdown.map((b) => ({
        mib: round(b.bytes / MIB, 1),
        scopes: b.scopes,
      })),
      ua_error: r.memory.ua_error,
      renderers: r.renderers satisfies RendererMemory[],
    },
    arrow: r.arrow && {
      rows: r.arrow.rows,
      batches_ms: round(r.arrow.batches_ms, 0),
      insert_ms: round(r.arrow.insert_ms, 0),
      rows_per_s: round(r.arrow.rows / ((r.arrow.batches_ms + r.arrow.insert_ms) / 1000), 0),
    },
  };
  console.log(
    `${result.rows} rows, ${result.searches} searches over ${result.steps} steps (DuckDB ${result.bundle}, load ${result.load_average.start} → ${result.load_average.end})`,
  );
  console.log(
    `engine start ${result.engine_start_ms} ms; fill: trajectories ${result.fill_ms.trajectories} ms, searches ${result.fill_ms.searches} ms`,
  );
  console.log(
    `summaries in the worker: ${summaries.now_ms.median} ms (${summaries.now_ms.min}–${summaries.now_ms.max}), ` +
      `before summarysql ${summaries.before_ms.median} ms (${summaries.before_ms.min}–${summaries.before_ms.max}), ratio ${summaries.now_per_before}; ` +
      `in the page ${summaries.now_page_ms.median} ms against ${summaries.before_page_ms.median} ms, ratio ${summaries.now_per_before_page}; ` +
      `per query now ${JSON.stringify(Object.fromEntries(Object.entries(summaries.now_query_ms).map(([k, v]) => [k, v.median])))}, ` +
      `before ${JSON.stringify(Object.fromEntries(Object.entries(summaries.before_query_ms).map(([k, v]) => [k, v.median])))}`,
  );
  for (const t of timed)
    console.log(
      `${t.name} (${t.rows} rows): ${t.page_ms.median} ms (${t.page_ms.min}–${t.page_ms.max})` +
        (t.worker_ms ? `, worker ${t.worker_ms.median} ms` : ''),
    );
  console.log(
    `memory: DuckDB ${result.memory.duckdb_memory_usage} (limit ${result.memory.duckdb_memory_limit}), page + workers ${result.memory.page_and_workers_mib ?? result.memory.ua_error} MiB (JS heaps), ` +
      `tab process ${r.renderers[0]?.rss_mib ?? '?'} MiB resident, peak ${r.renderers[0]?.peak_mib ?? '?'} MiB`,
  );
  if (result.arrow)
    console.log(
      `Arrow load of ${result.arrow.rows} bench-rows rows: batches ${result.arrow.batches_ms} ms + insert ${result.arrow.insert_ms} ms (${result.arrow.rows_per_s} rows/s)`,
    );
  if (json) console.log(JSON.stringify(result));
}
