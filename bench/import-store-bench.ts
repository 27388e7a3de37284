// `npm run bench -- import-store [--json] [--steps 20,100] [--samples 512]`: the import's write
// path in Node over fake-indexeddb (no browser): a generated training run (app/testing's
// generator, no malformed lines) imported step file by step file through importIntoDb, as the
// Training page's import worker does, into a fresh database per run size. Recorded per size:
// samples/s over the whole run, and the time of the last 20 step files ÷ the first 20 (flat cost
// per file: ≈ 1; a per-file scan of every stored id makes it grow with what is stored). The same
// generated lines are also converted and their rows derived without storing (convert_row_per_s),
// the import's floor without storage in this process. Counted over the last step file (exact, not
// timed): scans of every stored trajectory key and single reads of stored trajectories. Progress goes to stderr; with --json the
// last line of stdout is one JSON object.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { importAll, stringChunks } from '../app/core/importers/pipeline';
import { toRow } from '../app/core/table/row';
import { db, DB_NAME, resetDbConnection } from '../app/db/db';
import { importIntoDb } from '../app/db/import-into-db';
import { generateTrainingRun } from '../app/testing/training-run-generator';
import { flag, note, round } from './util';

/** Reads of the trajectories store, counted by wrapping the IndexedDB prototypes. */
const reads = { scans: 0, gets: 0 };
function countReads(): void {
  const proto = IDBObjectStore.prototype;
  const { getAllKeys, get } = proto;
  proto.getAllKeys = function (this: IDBObjectStore, ...a: Parameters<typeof getAllKeys>) {
    if (this.name === 'trajectories') reads.scans++;
    return getAllKeys.apply(this, a);
  };
  proto.get = function (this: IDBObjectStore, ...a: Parameters<typeof get>) {
    if (this.name === 'trajectories') reads.gets++;
    return get.apply(this, a);
  };
}
countReads();

async function freshDb(): Promise<void> {
  (await db()).close();
  resetDbConnection();
  await deleteDB(DB_NAME);
}

interface SizeResult {
  steps: number;
  samples_per_step: number;
  import_s: number;
  samples_per_s: number;
  first20_s: number;
  last20_s: number;
  last20_over_first20: number;
  convert_row_per_s: number;
  last_file_key_scans: number;
  last_file_record_gets: number;
}

async function measure(steps: number, samples: number): Promise<SizeResult> {
  const files = [...generateTrainingRun({ steps, samplesPerStep: samples, seed: 7, malformedRate: 0 })].map(
    (s) => ({ name: `bench-run/${s.file}`, text: `${s.lines.join('\n')}\n` }),
  );
  await freshDb();
  const perFile: number[] = [];
  const t0 = performance.now();
  for (const f of files) {
    reads.scans = 0;
    reads.gets = 0;
    const f0 = performance.now();
    const r = await importIntoDb(stringChunks(f.text), { file: f.name, format: 'verl' });
    if (r.imported !== samples) throw new Error(`${f.name}: ${r.imported} of ${samples} imported`);
    perFile.push((performance.now() - f0) / 1000);
    if (perFile.length % 10 === 0)
      note(`${steps} steps: ${perFile.length} files, ${round(perFile.at(-1) ?? 0, 2)} s the last`);
  }
  const importS = (performance.now() - t0) / 1000;
  const lastReads = { ...reads };
  const k = Math.min(20, files.length);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const first = sum(perFile.slice(0, k));
  const last = sum(perFile.slice(-k));
  // The floor without storage: convert and derive the rows of the first 20 files (same process).
  const c0 = performance.now();
  let converted = 0;
  for (const f of files.slice(0, k)) {
    const all = await importAll(stringChunks(f.text), { file: f.name, format: 'verl' });
    for (const t of all.trajectories) toRow(t, null);
    converted += all.trajectories.length;
  }
  const convertS = (performance.now() - c0) / 1000;
  await freshDb();
  return {
    steps,
    samples_per_step: samples,
    import_s: round(importS, 1),
    samples_per_s: round((steps * samples) / importS, 0),
    first20_s: round(first, 2),
    last20_s: round(last, 2),
    last20_over_first20: round(last / first, 2),
    convert_row_per_s: round(converted / convertS, 0),
    last_file_key_scans: lastReads.scans,
    last_file_record_gets: lastReads.gets,
  };
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const sizes = (flag(args, 'steps') ?? '20,100').split(',').map(Number);
  const samples = Number(flag(args, 'samples') ?? 512);
  const results: SizeResult[] = [];
  for (const steps of sizes) {
    const r = await measure(steps, samples);
    console.log(
      `${steps} × ${samples}: ${r.import_s} s, ${r.samples_per_s} samples/s ` +
        `(convert+row alone ${r.convert_row_per_s}/s); last 20 files ÷ first 20 = ${r.last20_over_first20}; ` +
        `last file read every key ${r.last_file_key_scans}×, ${r.last_file_record_gets} stored records`,
    );
    results.push(r);
  }
  if (json) console.log(JSON.stringify({ store: 'fake-indexeddb (Node)', sizes: results }));
}
