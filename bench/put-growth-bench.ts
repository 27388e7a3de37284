// `npm run bench -- put-growth [--json] [--steps 200] [--per-step 512] [--keys random,sequential]`:
// does a bare IndexedDB put get dearer as the store grows? A generated training run's step files
// (app/testing's generator) put one file a transaction, in a page of the bench's browser that runs
// no app (on-disk profile, as a user's), each sample as the app stores it in shape: its parsed
// record in `trajectories` and a smaller row (its top-level fields but the long texts) in `rows`,
// which has an index on the file, as the app's has. Keys are `random` (16 hex digits, as the app's
// content-hash ids spread over the key space) or `sequential` (file and line, in order). Recorded
// per key kind: each file's put time (in the page), the last 20 files ÷ the first 20, and the CPU
// by thread per file over the first and last tenth (bench/thread-cpu.ts, the browser process's
// IndexedDB threads included). Progress to stderr; with --json the last line is one JSON object.
import { join } from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { withBenchBrowser } from './browser';
import { cpuBetween, perFile, threadCpu } from './thread-cpu';
import { flag, note, round } from './util';

type Keys = 'random' | 'sequential';

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const steps = Number(flag(args, 'steps') ?? 200);
  const perStep = Number(flag(args, 'per-step') ?? 512);
  const kinds = (flag(args, 'keys') ?? 'random,sequential').split(',') as Keys[];
  const dir = mkdtempSync(join(tmpdir(), 'hopscope-put-growth-'));
  const load = { start: loadavg().map((x) => round(x, 1)), end: [] as number[] };
  try {
    const made = await writeTrainingRun(dir, { steps, samplesPerStep: perStep, seed: 7, malformedRate: 0 });
    const files = made.map((s) => join(dir, s.file));
    const tenth = Math.max(1, Math.floor(steps / 10));
    const results = await withBenchBrowser(
      'index.html',
      async (b) => {
        const out: Record<string, unknown> = {};
        for (const keys of kinds) {
          const page = await b.newPage('/favicon.svg');
          const ms: number[] = [];
          const snaps: Array<ReturnType<typeof threadCpu>> = [threadCpu()];
          for (const [k, f] of files.entries()) {
            if (k === tenth || k === steps - tenth) snaps.push(threadCpu());
            const text = readFileSync(f, 'utf8');
            ms.push(await page.evaluate(putFile, { text, k, keys }));
          }
          snaps.push(threadCpu());
          await page.context().close();
          const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
          const first = sum(ms.slice(0, 20));
          const last = sum(ms.slice(-20));
          out[keys] = {
            first20_s: round(first / 1000, 2),
            last20_s: round(last / 1000, 2),
            last20_over_first20: round(last / first, 2),
            cpu_first_tenth_ms_per_file: perFile(cpuBetween(snaps[0]!, snaps[1]!), tenth),
            cpu_last_tenth_ms_per_file: perFile(cpuBetween(snaps[2]!, snaps[3]!), tenth),
          };
          note(`${keys} keys: ${JSON.stringify(out[keys])}`);
        }
        return out;
      },
      { prod: false, diskProfile: true },
    );
    load.end = loadavg().map((x) => round(x, 1));
    const result = { steps, samples_per_step: perStep, load_average: load, ...results };
    if (!json) for (const k of kinds) console.log(`${k} keys: ${JSON.stringify(results[k])}`);
    console.log(JSON.stringify(result));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs in the page: puts one file's samples in one transaction; resolves with its milliseconds. */
async function putFile({ text, k, keys }: { text: string; k: number; keys: Keys }): Promise<number> {
  const records = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const db = await new Promise<IDBDatabase>((ok, no) => {
    const req = indexedDB.open('bench-put-growth', 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore('trajectories', { keyPath: 'id' });
      req.result.createObjectStore('rows', { keyPath: 'id' }).createIndex('file', 'file');
    };
    req.onsuccess = () => ok(req.result);
    req.onerror = () => no(req.error);
  });
  const hex = () => {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    return [...a].map((x) => x.toString(16).padStart(8, '0')).join('');
  };
  const t0 = performance.now();
  const tx = db.transaction(['trajectories', 'rows'], 'readwrite');
  for (const [i, r] of records.entries()) {
    const id = keys === 'random' ? hex() : `${String(k).padStart(6, '0')}:${String(i).padStart(6, '0')}`;
    tx.objectStore('trajectories').put({ ...r, id });
    // A row: the record's short fields (long texts left out), with its file.
    const row: Record<string, unknown> = { id, file: `run/${k + 1}.jsonl` };
    for (const [key, v] of Object.entries(r)) if (typeof v !== 'string' || v.length < 200) row[key] = v;
    tx.objectStore('rows').put(row);
  }
  await new Promise<void>((ok, no) => {
    tx.oncomplete = () => ok();
    tx.onerror = () => no(tx.error);
  });
  db.close();
  return performance.now() - t0;
}
