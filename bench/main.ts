// Hopscope benchmarks: `npm run bench -- <command> [options]`.
//   index [--json] [--docs N] [--queries N] [--dense-docs N] [--no-libs]
//         BM25 build/memory/latency vs Orama and MiniSearch, dense exact top-10 (float32, int8).
//   ui [--json] [--mib N] [--rows N] [--long-steps N]
//         The production app in Chromium: import vs parse-only, table scroll 1k vs 100k, open 10 vs 1k steps.
//   agent [--json] [--decode-tokens N] [--turns N] [--turn-tokens N] [--device auto|wasm|webgpu]
//         [--raw-pairs N] [--min-raw-ratio X] [--after-long N]
//         In-browser LLM speed and KV-cache reuse on bench-random-llama, vs onnxruntime-node, and
//         decoding vs the same loop on onnxruntime-web directly (fails below --min-raw-ratio);
//         --after-long N: that ratio fresh, after N long-context trajectories in each worker.
//   shapes [--json] [--rounds N]
//         The production app in Chromium: longest main-thread task opening and presenting hostile shapes.
//   builder [--json] [--steps 10000,30000,...]
//         Trajectory builder cost per step as steps grow (flat µs/step = linear).
//   live-run [--json] [--steps 300,3000,30000] [--tokens 400]
//         A live run's cost per streamed token as its draft grows (copy + finalize vs snapshots).
//   diagnose [--json] [--records 500] [--rounds 5]
//         Diagnosis time with the evidence-chain sufficiency vs the answer-containment rules.
//   import-convert [--json] [--steps 4] [--per-step 512] [--rounds 7]
//         The import's per-record functions vs the code they replaced (bench/import-convert-before.ts).
//   import-memos [--json] [--steps 4] [--per-step 512] [--rounds 5] [--baseline DIR]
//         Conversion and row derivation per sample, memos warm vs none, and vs DIR/app's code.
//   import-store [--json] [--steps 20,100] [--samples 512]
//         The import's write path in Node (fake-indexeddb): samples/s and last-20 ÷ first-20 file times.
//   index-run [--json] [--steps 40] [--samples 256] [--threads N] [--dir RUN] [--floor-files N]
//             [--no-one-thread] [--keep OUT.parquet]
//         The CLI's index across worker threads ÷ (threads × the one-core parse + derive floor),
//         N threads ÷ one, the worker bundle's build and reuse, index bytes ÷ source bytes.
//   index-stream [--json] [--copies 2000] [--old-copies 200] [--samples 512]
//         The index's main thread at full length: one file's tables copied through the Parquet
//         streams, against joining every row first; peak JS memory held and CPU of each.
//   parquet-page [--json] [--parquet RUN.parquet] [--steps 20] [--per-step 512] [--timeout-s 1800]
//         The production app in Chromium: an indexed run opened from the Import dialog, the
//         Training page plotted after the open and after a reload, GROUP BY step in the page.
//   put-growth [--json] [--steps 200] [--per-step 512] [--keys random,sequential]
//         Bare IndexedDB puts in Chromium as the store grows: last 20 files ÷ first 20, CPU by thread.
//   training [--json] [--steps 200] [--per-step 512] [--floor-files 20] [--small-files 5000] [--no-plot]
//         The production app in Chromium: a generated 200 × 512 training run imported (rate ÷ bare
//         IndexedDB put floor, last 20 files ÷ first 20), then plotted (longest main-thread tasks), and
//         5,000 one-sample step files (page ÷ CLI run-summary).
//   flashrag-import [--json] [--records 20000] [--profile FILE]
//         The production app in Chromium: a 119 MB FlashRAG JSON array (20,000 records) through the
//         Import dialog, rate ÷ bare IndexedDB put floor of the same records, each tenth's time.
//   big-import [--json] [--mb 100] [--profile FILE]
//         The production app in Chromium: the real R1-Searcher log repeated to 100 MiB through the
//         table's Import dialog: import seconds, longest frame gap, longest main-thread task, tasks
//         over 100 ms; --profile: a CPU profile of every thread, each long task's contents.
//   sql-rebuild [--json] [--rows 100000] [--rounds 3]
//         The production app in Chromium: the SQL worker's rebuild of its tables from the table
//         worker's rows after a reload, vs that worker's own read of the rows.
//   training-sql [--json] [--rows 100000] [--rounds 3]
//         The production app in Chromium: the Training page's per-step summaries from SQL (GROUP BY
//         run, step in the SQL worker) vs from the table worker's JS, same rows, same page.
//   reload-plots [--json] [--rows 100000] [--rounds 2] [--timeout-s 900]
//         The production app in Chromium: reload → Training page plotted, from the last session's
//         stored step summaries vs from the table worker's read of every row, same rows, same page.
//   table-sql [--json] [--rows 100000] [--rounds 5]
//         The production app in Chromium: the table's view (filter, sort, facets, aggregates) from
//         the table worker's JS path vs from the SQL worker, same page, alternating.
//   sql-1m [--json] [--rows 1000000] [--steps 2000] [--rounds 3] [--arrow-rows 20000] [--explain FILE]
//         The production app in Chromium: a generated 1,000,000-row run in the SQL worker's DuckDB,
//         the Training page's summaries, GROUP BY step, a table view and the SQL box's examples.
//   row-memory [--json] [--rows 100000] [--derive-steps 20] [--per-step 512] [--baseline DIR]
//              [--rounds 1] [--timeout-s 900] [--estimate-rows 20000] [--node-only]
//         The production app in Chromium: the table worker's JS heap per row, its full read, the
//         renderer's RSS, after a reload over stored rows; vs DIR's build; a Node field breakdown.
//   huge-views [--json] [--rounds N]
//         The production app in Chromium: longest main-thread task and time until shown opening
//         issue 41's huge views (200,000-node plan, 20,000-deep chain, 5 MB question).
// A command is a module exporting `run(args): Promise<void>`; add one by adding an entry below
// (e.g. `agent: () => import('./agent-bench')`). With --json a command prints one JSON object as
// the last line of stdout; progress goes to stderr.

interface Command {
  describe: string;
  load: () => Promise<{ run: (args: string[]) => Promise<void> }>;
}

const COMMANDS: Record<string, Command> = {
  index: {
    describe:
      'BM25 (ours vs Orama vs MiniSearch) and dense top-k on a synthetic 50k corpus and the shared data',
    load: () => import('./index-bench'),
  },
  ui: {
    describe:
      'the production app in Chromium on generated data: 100 MB import vs parse-only, table scroll at 1k vs 100k rows, opening 10 vs 1,000-step trajectories',
    load: () => import('./ui-bench'),
  },
  agent: {
    describe:
      'in-browser LLM (WASM worker) on bench-random-llama: load, TTFT, decode tok/s, 4-turn trajectory with/without KV reuse, vs onnxruntime-node',
    load: () => import('./agent-bench'),
  },
  shapes: {
    describe:
      'the production app in Chromium: longest main-thread task opening and presenting 100,000 steps, 50,000 documents and a 200,000-node plan',
    load: () => import('./shapes-bench'),
  },
  builder: {
    describe: 'trajectory builder: ms and µs/step folding 10k to 300k steps (flat µs/step = linear)',
    load: () => import('./builder-bench'),
  },
  'live-run': {
    describe:
      'a live run per streamed token on 300 to 30k-step drafts: the draft copied and finalized whole vs DraftSnapshots',
    load: () => import('./live-run-bench'),
  },
  'put-growth': {
    describe:
      'bare IndexedDB puts of a generated run, one step file a transaction, random vs sequential keys: last 20 files ÷ first 20, CPU by thread per file',
    load: () => import('./put-growth-bench'),
  },
  training: {
    describe:
      'the production app in Chromium: import a generated 200-step × 512-sample training run, then the longest main-thread task while the Training page plots it',
    load: () => import('./training-bench'),
  },
  'import-memos': {
    describe:
      "an import's conversion and row derivation per sample, with the string memos (core/memo.ts) warm against none, in Node",
    load: () => import('./import-memos-bench'),
  },
  'flashrag-import': {
    describe:
      'the production app in Chromium: a 20,000-record (119 MB) FlashRAG JSON array through the Import dialog, rate ÷ bare IndexedDB put floor of the same records',
    load: () => import('./flashrag-import-bench'),
  },
  'big-import': {
    describe:
      "the production app in Chromium: a 100 MiB R1-Searcher log through the table's Import dialog, the longest frame gap and main-thread task while it imports",
    load: () => import('./big-import-bench'),
  },
  'sql-rebuild': {
    describe:
      "the production app in Chromium: 100,000 stored rows read by the table worker, then DuckDB's tables rebuilt from them by the SQL worker (as after a reload), and a GROUP BY step",
    load: () => import('./sql-rebuild-bench'),
  },
  'training-sql': {
    describe:
      "the production app in Chromium: the Training page's per-step summaries over 100,000 stored rows from SQL (GROUP BY run, step) vs the table worker's JS",
    load: () => import('./training-sql-bench'),
  },
  'reload-plots': {
    describe:
      "the production app in Chromium: reload → Training page plotted over 100,000 stored rows, from the last session's stored step summaries vs from the table worker's read of every row",
    load: () => import('./reload-plots-bench'),
  },
  'table-sql': {
    describe:
      "the production app in Chromium: the table's filter + sort + facets + aggregates over 100,000 generated rows, the table worker's JS path vs the SQL worker's, alternating in one page",
    load: () => import('./table-sql-bench'),
  },
  'sql-1m': {
    describe:
      "the production app in Chromium: 1,000,000 generated rows over 2,000 steps in the SQL worker's DuckDB (its DDL, filled by INSERT … SELECT), then the Training page's summaries, GROUP BY step, a table view and the SQL box's examples, 3 rounds each, and memory",
    load: () => import('./sql-1m-bench'),
  },
  'row-memory': {
    describe:
      "the production app in Chromium: 100,000 stored training rows read by the table worker after a reload, its JS heap per row (CDP), the read's time and the renderer's RSS, vs a baseline checkout's build",
    load: () => import('./row-memory-bench'),
  },
  'huge-views': {
    describe:
      "the production app in Chromium: longest main-thread task and time until shown opening a 200,000-node plan, a 20,000-deep plan chain and a 5 MB question (inputs from ../shared's make-large.mjs)",
    load: () => import('./huge-views-bench'),
  },
  'parquet-page': {
    describe:
      "the production app in Chromium: a run indexed by the CLI opened from the Import dialog, the Training page plotted (after the open and after a reload), GROUP BY step in the page's DuckDB",
    load: () => import('./parquet-page-bench'),
  },
  'index-run': {
    describe:
      "the CLI's index on a generated veRL run across worker threads: rate ÷ (threads × one-core parse + derive floor, same process)",
    load: () => import('./index-run-bench'),
  },
  'index-stream': {
    describe:
      "the CLI index's main thread at a run's full length: copies of one step file's tables streamed into Parquet as row groups fill, against joining every row first (peak JS memory, CPU)",
    load: () => import('./index-stream-bench'),
  },
  'import-convert': {
    describe:
      "the import worker's per-record functions (line trim, storage check, schema check with zod jitless as in the page) against the code before branch import-cost, alternating in one process",
    load: () => import('./import-convert-bench'),
  },
  'import-store': {
    describe:
      "the import's write path in Node over fake-indexeddb: a generated training run stored step file by step file (samples/s, last 20 files ÷ first 20)",
    load: () => import('./import-store-bench'),
  },
  diagnose: {
    describe:
      'diagnosing 500 shared-log records: evidence-chain sufficiency vs the answer-containment baseline',
    load: () => import('./diagnose-bench'),
  },
};

function usage(): string {
  return [
    'usage: npm run bench -- <command> [--json] [options]',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(8)} ${c.describe}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    console.log(usage());
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`unknown command "${name}"\n\n${usage()}`);
    return 1;
  }
  await (await command.load()).run(args);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);
