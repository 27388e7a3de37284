// `index` across worker threads: the same tables, and so the same Parquet bytes, as reading the
// files one after another on one thread (the shared real logs, each format detected; a generated
// veRL run through the CLI); and the three files of an index replaced all together or not at all.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { batchToParquet } from '../core/sql/parquet';
import { TABLE_NAMES } from '../core/sql/schema';
import { writeTrainingRun } from '../testing/training-run-generator';
import { indexCommand, writeIndex } from './index-run';
import { nodeBundle } from '../build/node-bundle';
import { parquetPaths, planFiles } from './sql/load-tables';
import {
  INDEX_WORKER_BUNDLE,
  eachFileTables,
  tablesAcrossThreads,
  tablesInOneThread,
} from './sql/index-pool';

const SHARED = resolve('..', 'shared', 'data', 'trajectories');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-index-pool-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((s: string) => ((err += s), true)) as typeof process.stderr.write;
  try {
    return { code: await indexCommand(argv, 'usage'), err };
  } finally {
    process.stderr.write = write;
  }
}

describe('index across threads', () => {
  it('runs its threads from one bundle of plain JavaScript, keyed by every source the worker reads', async () => {
    // nodeBundle refuses a worker that reads a file outside the inputs its key hashes.
    const path = await nodeBundle(resolve('.'), INDEX_WORKER_BUNDLE);
    expect(path).toMatch(/[\\/]\.node-build[\\/]index-worker-[0-9a-f]{16}\.mjs$/);
    expect(await nodeBundle(resolve('.'), INDEX_WORKER_BUNDLE)).toBe(path);
    expect(readFileSync(path, 'utf8')).not.toMatch(/\btsx\b/);
  }, 120_000);

  it('derives the shared real logs into the bytes one thread writes', async () => {
    const tasks = readdirSync(SHARED)
      .sort()
      .map((f) => ({ disk: join(SHARED, f), name: basename(f), format: undefined }));
    expect(tasks.length).toBeGreaterThanOrEqual(3);
    const oneIssues: string[] = [];
    const manyIssues: string[] = [];
    const one = await tablesInOneThread(tasks, (l) => oneIssues.push(l));
    const many = await tablesAcrossThreads(tasks, 3, (l) => manyIssues.push(l));
    expect(one.imported).toBeGreaterThan(200);
    expect([many.records, many.imported]).toEqual([one.records, one.imported]);
    expect(manyIssues).toEqual(oneIssues);
    for (const t of TABLE_NAMES)
      expect(
        Buffer.from(batchToParquet(many.batches[t])).equals(Buffer.from(batchToParquet(one.batches[t]))),
        t,
      ).toBe(true);
  }, 240_000);

  it('writes a generated run byte for byte as --threads 1 does', async () => {
    const dir = join(tmp, 'grpo');
    await writeTrainingRun(dir, { steps: 4, samplesPerStep: 24, seed: 11, malformedRate: 0.05 });
    expect((await run([dir, '--out', 'x.parquet', '--threads', '0'])).code).toBe(2);
    mkdirSync(join(tmp, 'one'));
    mkdirSync(join(tmp, 'two'));
    const one = await run([dir, '--out', join(tmp, 'one', 'run.parquet'), '--threads', '1']);
    const two = await run([dir, '--out', join(tmp, 'two', 'run.parquet'), '--threads', '2']);
    expect([one.code, two.code]).toEqual([0, 0]);
    expect(two.err).toBe(one.err.replaceAll(join(tmp, 'one'), join(tmp, 'two')));
    for (const f of ['run.parquet', 'run.searches.parquet', 'run.labels.parquet'])
      expect(readFileSync(join(tmp, 'two', f)).equals(readFileSync(join(tmp, 'one', f))), f).toBe(true);
  }, 240_000);

  it('holds a row group and a few files of rows, never the run’s, and writes what one thread writes', async () => {
    const dir = join(tmp, 'long');
    await writeTrainingRun(dir, { steps: 12, samplesPerStep: 16, seed: 5, malformedRate: 0 });
    mkdirSync(join(tmp, 'long-out'));
    const out = (name: string) => join(tmp, 'long-out', name);
    // Groups of 20 rows: the run's 192 trajectories and their searches pass through many groups.
    const streamed = await writeIndex(dir, undefined, out('two.parquet'), () => {}, 2, [20]);
    expect(streamed.rows.trajectories).toBe(192);
    expect(streamed.rows.searches).toBeGreaterThan(192);
    expect(streamed.peakFilesHeld).toBeLessThanOrEqual(4);
    // Held at once: under a group plus one file's rows per table (a file: 16 trajectories and their
    // searches), where the whole run's rows were held before.
    expect(streamed.peakRowsHeld).toBeLessThan(3 * 20 + 16 * 8);
    expect(streamed.peakRowsHeld).toBeLessThan((streamed.rows.trajectories + streamed.rows.searches) / 2);
    // The same bytes as one thread writing its tables at once in the same groups.
    const one = await tablesInOneThread(await planFiles(dir, undefined), () => {});
    const paths = parquetPaths(out('two.parquet'));
    for (const t of TABLE_NAMES)
      expect(readFileSync(paths[t]).equals(Buffer.from(batchToParquet(one.batches[t], [20]))), t).toBe(true);
  }, 240_000);

  it('hands files on in order, with no more than its window derived ahead', async () => {
    const dir = join(tmp, 'order');
    await writeTrainingRun(dir, { steps: 9, samplesPerStep: 4, seed: 3, malformedRate: 0 });
    const tasks = await planFiles(dir, undefined);
    const fileOf = (r: {
      batches: { trajectories: { columns: Array<{ name: string; values: unknown[] }> } };
    }) => r.batches.trajectories.columns.find((c) => c.name === 'file')?.values[0];
    const seen: unknown[] = [];
    const counts = await eachFileTables(tasks, 2, (r) => seen.push(fileOf(r)), 2);
    expect(seen).toEqual(tasks.map((t) => t.name));
    expect(counts.peakFilesHeld).toBeGreaterThanOrEqual(1);
    expect(counts.peakFilesHeld).toBeLessThanOrEqual(2);
    expect(counts.imported).toBe(36);
  }, 240_000);

  it('replaces the three files together: a failed write leaves the older index whole', async () => {
    const out = join(tmp, 'atomic');
    mkdirSync(out);
    for (const f of ['run.parquet', 'run.searches.parquet', 'run.labels.parquet'])
      writeFileSync(join(out, f), `old ${f}`);
    // The labels' part cannot be written (a folder is in its place).
    mkdirSync(join(out, 'run.labels.parquet.part'));
    const r = await run([
      join(SHARED, 'r1searcher_hotpotqa_llama_30.jsonl'),
      '--out',
      join(out, 'run.parquet'),
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/error: .*run\.labels\.parquet\.part/);
    for (const f of ['run.parquet', 'run.searches.parquet', 'run.labels.parquet'])
      expect(readFileSync(join(out, f), 'utf8')).toBe(`old ${f}`);
    expect(readdirSync(out).sort()).toEqual([
      'run.labels.parquet',
      'run.labels.parquet.part',
      'run.parquet',
      'run.searches.parquet',
    ]);
  }, 120_000);
});
