// `index` stopped by a signal (Ctrl-C) while it streams a run into its `.part` files: the parts go
// with it. They are open for the whole run now (rows are written as row groups fill), so a long
// index stopped midway would otherwise leave three partial files beside the older index.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeTrainingRun } from '../testing/training-run-generator';

const ROOT = resolve('.');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-index-interrupt-'));
let child: ChildProcess | null = null;
afterAll(() => {
  // Never left running by a test that failed or timed out.
  if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

it('removes its .part files when stopped by SIGINT, and leaves the older index whole', async () => {
  const dir = join(tmp, 'grpo');
  // Long enough that the parts are open for a few seconds on one thread.
  await writeTrainingRun(dir, { steps: 40, samplesPerStep: 64, seed: 2, malformedRate: 0 });
  const out = join(tmp, 'out');
  mkdirSync(out);
  const names = ['run.parquet', 'run.searches.parquet', 'run.labels.parquet'];
  for (const f of names) writeFileSync(join(out, f), `old ${f}`);
  const c = spawn(
    process.execPath,
    ['--import', 'tsx', 'app/cli/main.ts', 'index', dir, '--out', join(out, 'run.parquet'), '--threads', '1'],
    { cwd: ROOT, stdio: 'ignore' },
  );
  child = c;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    c.on('exit', (code, signal) => done({ code, signal })),
  );
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  void exited.then((e) => (ended = e));
  // Stopped once its parts exist, as a user's Ctrl-C midway through a run.
  while (!readdirSync(out).some((f) => f.endsWith('.part'))) {
    if (ended) throw new Error(`index ended before its parts were seen: ${JSON.stringify(ended)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  c.kill('SIGINT');
  const e = await exited;
  expect(e.code === 130 || e.signal === 'SIGINT', JSON.stringify(e)).toBe(true);
  expect(readdirSync(out).sort()).toEqual([...names].sort());
  for (const f of names) expect(readFileSync(join(out, f), 'utf8')).toBe(`old ${f}`);
}, 120_000);
