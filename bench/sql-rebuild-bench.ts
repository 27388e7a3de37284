// `npm run bench -- sql-rebuild [--json] [--rows 100000] [--rounds 3]`: the production build in
// headless Chromium (on-disk profile). `--rows` table rows are stored in IndexedDB, then each round
// does what a reload does: the table worker reads every row (baseline: a reload pays it anyway)
// and the SQL worker rebuilds DuckDB's trajectories and searches tables from that worker's rows.
// Recorded (medians over the rounds): table_read_ms, rebuild_ms, their ratio, a GROUP BY step over
// every row, and the DuckDB start (once). Progress goes to stderr; with --json the last line of
// stdout is one JSON object.
import { withProdBenchPage } from './browser';
import { median } from './median';
import { flag, note, round } from './util';

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const rows = Number(flag(args, 'rows') ?? 100_000);
  const rounds = Number(flag(args, 'rounds') ?? 3);
  const r = await withProdBenchPage('bench/sql-rebuild.html', 'runSqlRebuild', async (page) => {
    note(`storing ${rows} rows, then ${rounds} rounds of table read + SQL rebuild…`);
    const rebuilt = await page.evaluate(([n, k]) => window.runSqlRebuild(n, k), [rows, rounds] as const);
    note('the same rows in a DuckDB file in OPFS: written once, then reopened…');
    const opfs = await page
      .evaluate((n) => window.runOpfsReopen(n), rows)
      .catch((e: unknown) => ({
        error: e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e),
      }));
    return { ...rebuilt, opfs };
  });
  const read = median(r.table_read_ms);
  const rebuild = median(r.rebuild_ms);
  const result = {
    rows: r.rows,
    searches: r.searches,
    bundle: r.bundle,
    rounds,
    store_s: round(r.store_s, 1),
    engine_start_ms: round(r.engine_start_ms, 0),
    table_read_ms: round(read, 0),
    rebuild_ms: round(rebuild, 0),
    rebuild_per_table_read: round(rebuild / read, 2),
    group_by_step_ms: round(median(r.group_by_step_ms), 0),
    // A reload's cost either way, engine start included: rebuild from the table worker's rows vs
    // reopening the OPFS file (not the page's way; see docs/reference/sql.md).
    reload_by_rebuild_ms: round(r.engine_start_ms + rebuild, 0),
    opfs:
      'error' in r.opfs
        ? r.opfs
        : { write_ms: round(r.opfs.write_ms, 0), reopen_ms: round(r.opfs.reopen_ms, 0) },
    all: {
      table_read_ms: r.table_read_ms.map((x) => round(x, 0)),
      rebuild_ms: r.rebuild_ms.map((x) => round(x, 0)),
    },
  };
  console.log(
    `${result.rows} rows (${result.searches} searches): table read ${result.table_read_ms} ms, SQL rebuild ${result.rebuild_ms} ms ` +
      `(${result.rebuild_per_table_read}× the read), DuckDB start ${result.engine_start_ms} ms, GROUP BY step ${result.group_by_step_ms} ms`,
  );
  if (!('error' in result.opfs))
    console.log(
      `OPFS: writing the file ${result.opfs.write_ms} ms; a reload reopening it ${result.opfs.reopen_ms} ms vs rebuilding ${result.reload_by_rebuild_ms} ms (engine start included)`,
    );
  else console.log(`OPFS: ${result.opfs.error}`);
  if (json) console.log(JSON.stringify(result));
}
