// `npm run bench -- table-sql [--json] [--rows 100000] [--rounds 5]`: the production build in
// headless Chromium. `--rows` generated rows stored, loaded by the table worker and by the SQL
// worker, then each of five table queries (filter + sort + facets + aggregates, the whole view
// back to the page) timed on the JS path and on the SQL path, alternating in one page. Recorded
// per query: the medians and SQL ÷ JS. Progress goes to stderr; with --json the last line of
// stdout is one JSON object.
import { withProdBenchPage } from './browser';
import { median } from './median';
import { flag, note, round } from './util';

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const rows = Number(flag(args, 'rows') ?? 100_000);
  const rounds = Number(flag(args, 'rounds') ?? 5);
  const r = await withProdBenchPage('bench/table-sql.html', 'runTableSql', (page) => {
    note(`storing ${rows} rows, loading both workers, then ${rounds} rounds of each query, JS then SQL…`);
    return page.evaluate(([n, k]) => window.runTableSql(n, k), [rows, rounds] as const);
  });
  const queries = r.queries.map((q) => {
    const js = median(q.js_ms);
    const sql = median(q.sql_ms);
    return {
      name: q.name,
      count: q.count,
      js_ms: round(js, 0),
      sql_ms: round(sql, 0),
      sql_per_js: round(sql / js, 2),
    };
  });
  for (const q of queries)
    console.log(
      `${q.name} (${q.count} rows kept): JS ${q.js_ms} ms, SQL ${q.sql_ms} ms, SQL ÷ JS ${q.sql_per_js}`,
    );
  const result = {
    rows: r.rows,
    rounds,
    store_s: round(r.store_s, 1),
    table_load_ms: round(r.table_load_ms, 0),
    sql_load_ms: round(r.sql_load_ms, 0),
    queries,
    all: r.queries.map((q) => ({
      name: q.name,
      js_ms: q.js_ms.map((x) => round(x, 0)),
      sql_ms: q.sql_ms.map((x) => round(x, 0)),
    })),
  };
  if (json) console.log(JSON.stringify(result));
}
