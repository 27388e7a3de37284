// `npm run bench -- training-sql [--json] [--rows 100000] [--rounds 3]`: the production build in
// headless Chromium (on-disk profile). `--rows` training rows (200 steps) are stored in IndexedDB;
// each round the Training page's per-step summaries are taken both ways: from SQL (the SQL worker's
// GROUP BY run, step, core/sql/step-summary-sql.ts) and from the table worker's JS after a fresh read
// of the rows, in the same page. Recorded: medians, and SQL ÷ JS. With --json the last line of
// stdout is one JSON object.
import { withProdBenchPage } from './browser';
import { median } from './median';
import { flag, note, round } from './util';

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const rows = Number(flag(args, 'rows') ?? 100_000);
  const rounds = Number(flag(args, 'rounds') ?? 3);
  const r = await withProdBenchPage('bench/sql-rebuild.html', 'runTrainingSql', (page) => {
    note(`storing ${rows} training rows, then ${rounds} rounds of per-step summaries from SQL and from JS…`);
    return page.evaluate(([n, k]) => window.runTrainingSql(n, k), [rows, rounds] as const);
  });
  const sql = median(r.sql_ms);
  const js = median(r.js_ms);
  const result = {
    rows: r.rows,
    steps: r.steps,
    rounds,
    sql_ms: round(sql, 0),
    js_ms: round(js, 0),
    sql_per_js: round(sql / js, 2),
    all: { sql_ms: r.sql_ms.map((x) => round(x, 0)), js_ms: r.js_ms.map((x) => round(x, 0)) },
  };
  console.log(
    `${result.rows} rows, ${result.steps} steps: per-step summaries from SQL ${result.sql_ms} ms, from the table worker's JS ${result.js_ms} ms (SQL ÷ JS ${result.sql_per_js})`,
  );
  if (json) console.log(JSON.stringify(result));
}
