// `npm run bench -- index-stream [--json] [--copies 2000] [--old-copies 200] [--samples 512]`: the
// main thread's side of `index` at a run's full length without deriving it: one generated step
// file of --samples samples derived once, then --copies copies of its tables (each a structured
// clone, as a thread's message arrives) passed on (a) as `index` does now, streamed into the
// three Parquet files as row groups fill (core/sql/parquet-stream.ts), and (b) as it did before,
// every row joined into one set of batches and written at the end (batchToParquet), over
// --old-copies copies. Recorded for each: the JS memory held (V8 heap + array buffers, read after
// every copy) at its peak above where it started, CPU seconds, and rows written. (a) runs first,
// so (b)'s figures start from the heap (a) left. With --json the last line of stdout is one JSON
// object.
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { streamIndexFiles } from '../app/cli/index-run';
import { fileTables, type FileTables } from '../app/cli/sql/file-tables';
import { parquetPaths } from '../app/cli/sql/load-tables';
import { SqlTables, type ColumnBatch, type ColumnData } from '../app/core/sql/columns';
import { batchToParquet } from '../app/core/sql/parquet';
import { TABLE_NAMES } from '../app/core/sql/schema';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { flag, gc, heldBytes, note, round } from './util';

const MiB = 2 ** 20;

/** Runs `fn` over `copies` clones of `file`, reading the memory held after each; MiB and CPU s. */
async function measure(
  copies: number,
  file: FileTables,
  fn: (r: FileTables) => void,
  end: () => Promise<void>,
) {
  gc();
  const start = heldBytes();
  let peak = start;
  const c0 = process.cpuUsage();
  for (let i = 0; i < copies; i++) {
    fn(deserialize(serialize(file)) as FileTables);
    peak = Math.max(peak, heldBytes());
  }
  await end();
  peak = Math.max(peak, heldBytes());
  const c = process.cpuUsage(c0);
  return { peak_held_mib: round((peak - start) / MiB, 0), cpu_s: round((c.user + c.system) / 1e6, 1) };
}

function appendBatch(into: ColumnBatch, from: ColumnBatch): void {
  from.columns.forEach((c, i) => {
    const col = into.columns[i] as ColumnData;
    for (const v of c.values) col.values.push(v);
  });
  into.rows += from.rows;
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const copies = Number(flag(args, 'copies') ?? 2000);
  const oldCopies = Number(flag(args, 'old-copies') ?? 200);
  const samples = Number(flag(args, 'samples') ?? 512);
  const tmp = mkdtempSync(join(tmpdir(), 'hopscope-index-stream-'));
  try {
    await writeTrainingRun(join(tmp, 'run'), {
      steps: 1,
      samplesPerStep: samples,
      seed: 7,
      malformedRate: 0,
    });
    const file = await fileTables({ disk: join(tmp, 'run', '1.jsonl'), name: 'run/1.jsonl', format: 'verl' });
    note(
      `index-stream: one file of ${file.imported} samples, ${copies} copies streamed, ${oldCopies} joined`,
    );

    let streamed = { rows: {} as Record<string, number>, peakRowsHeld: 0 };
    let feed: (r: FileTables) => void = () => {};
    let done!: () => void;
    const fill = new Promise<void>((resolve) => (done = resolve));
    let written: Promise<typeof streamed> | undefined;
    const now = await measure(
      copies,
      file,
      (r) => {
        if (!written)
          written = streamIndexFiles(parquetPaths(join(tmp, 'new.parquet')), async (streams) => {
            feed = (x) => {
              for (const t of TABLE_NAMES) streams[t].append(x.batches[t]);
            };
            await fill;
          });
        feed(r);
      },
      async () => {
        done();
        streamed = await (written as Promise<typeof streamed>);
      },
    );
    note(`streamed: ${JSON.stringify(now)}`);

    const all = new SqlTables().batches;
    const before = await measure(
      oldCopies,
      file,
      (r) => {
        for (const t of TABLE_NAMES) appendBatch(all[t], r.batches[t]);
      },
      async () => {
        const paths = parquetPaths(join(tmp, 'old.parquet'));
        for (const t of TABLE_NAMES) await writeFile(paths[t], new Uint8Array(batchToParquet(all[t])));
      },
    );
    note(`joined: ${JSON.stringify(before)}`);
    const out = {
      bench: 'index-stream',
      samples_per_file: file.imported,
      streamed: { copies, rows: streamed.rows, peak_rows_held: streamed.peakRowsHeld, ...now },
      joined: {
        copies: oldCopies,
        rows: Object.fromEntries(TABLE_NAMES.map((t) => [t, all[t].rows])),
        ...before,
      },
      max_rss_mib: round(process.resourceUsage().maxRSS / 1024, 0),
    };
    if (json) console.log(JSON.stringify(out));
    else console.log(out);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
