// `npm run bench -- index-run [--json] [--steps 40] [--samples 256] [--threads N]`: the CLI's
// `index` on a generated veRL run (app/testing's generator, no malformed lines) against the
// one-core floor measured in the same process: every step file read and derived into the SQL
// tables on this thread, one after another (tablesInOneThread: parse + derive, no Parquet). The
// ratio is index rate ÷ (threads × floor rate): 1 would be a perfect spread over the cores, with
// the Parquet writing free. The floor is warmed, and taken as the faster of a run before and one
// after the index runs. `index --threads 1` is timed too (the pool's own overhead at one
// thread). Progress goes to stderr; with --json the last line of stdout is one JSON object.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexCommand } from '../app/cli/index-run';
import { defaultThreads, tablesInOneThread } from '../app/cli/sql/index-pool';
import { stepFilesOf } from '../app/cli/run-summary';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { flag, note, round } from './util';

async function timed<T>(fn: () => Promise<T>): Promise<{ s: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { s: (performance.now() - t0) / 1000, value };
}

/** `index` as the CLI runs it, its stderr kept out of the bench's output. */
async function index(dir: string, out: string, threads: number): Promise<number> {
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return await indexCommand([dir, '--out', out, '--threads', String(threads)], '');
  } finally {
    process.stderr.write = write;
  }
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const steps = Number(flag(args, 'steps') ?? 40);
  const samples = Number(flag(args, 'samples') ?? 256);
  const threads = Number(flag(args, 'threads') ?? defaultThreads());
  const tmp = mkdtempSync(join(tmpdir(), 'hopscope-index-bench-'));
  try {
    const dir = join(tmp, 'bench-run');
    await writeTrainingRun(dir, { steps, samplesPerStep: samples, seed: 7, malformedRate: 0 });
    const files = (await stepFilesOf(dir, undefined)).files.map((f) => ({ ...f, format: 'verl' }));
    const total = steps * samples;
    note(`index-run: ${steps} steps × ${samples} samples, ${threads} threads`);

    // Warmed first (the floor's code compiled), and measured before and after the index runs: the
    // faster of the two is the floor, so machine load never flatters the ratio.
    await tablesInOneThread(files.slice(0, 2), () => {});
    const floorRun = async () => {
      const f = await timed(() => tablesInOneThread(files, () => {}));
      if (f.value.imported !== total) throw new Error(`floor imported ${f.value.imported} of ${total}`);
      note(`floor (one core, parse + derive): ${round(total / f.s, 0)} samples/s`);
      return total / f.s;
    };
    const floorBefore = await floorRun();
    const one = await timed(() => index(dir, join(tmp, 'one.parquet'), 1));
    note(`index --threads 1: ${round(total / one.s, 0)} samples/s`);
    const many = await timed(() => index(dir, join(tmp, 'many.parquet'), threads));
    if (one.value !== 0 || many.value !== 0) throw new Error('index failed');
    note(`index --threads ${threads}: ${round(total / many.s, 0)} samples/s`);
    const floorAfter = await floorRun();

    const floorRate = Math.max(floorBefore, floorAfter);
    const out = {
      bench: 'index-run',
      steps,
      samples_per_step: samples,
      threads,
      floor_samples_per_s: round(floorRate, 1),
      floor_before_after_samples_per_s: [round(floorBefore, 1), round(floorAfter, 1)],
      index_one_thread_samples_per_s: round(total / one.s, 1),
      index_samples_per_s: round(total / many.s, 1),
      ratio_index_over_threads_x_floor: round(total / many.s / (threads * floorRate), 3),
    };
    if (json) console.log(JSON.stringify(out));
    else console.log(out);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
