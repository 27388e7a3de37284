// One test per CLI reproducer in ../shared/repro/hardening-4 (read in place, never copied), plus
// the overflowing score its README names: noise before the good records no longer hides them,
// every label diagnose leaves out is counted, a step file whose samples name another step is said,
// and 1e999 is read like Infinity.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Trajectory } from '../core/schema/trajectory';
import { runImport } from './read-log';
import { readRun } from './run-summary';

const ROOT = resolve(__dirname, '../..');
const DIR = resolve(ROOT, '../shared/repro/hardening-4');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-repro-4-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function read(path: string, format?: string) {
  const trajectories: Trajectory[] = [];
  const summary = await runImport(path, format, (t) => void trajectories.push(t));
  return { ...summary, trajectories };
}

describe('hardening-4 reproducers, through the CLI', () => {
  it('01: 1,500 records no format claims, then 10 good ones: the 10 import, the noise is counted', async () => {
    const r = await read(join(DIR, '01-1500-unrecognised-lines-then-10-good.jsonl'));
    expect([r.format, r.records, r.imported]).toEqual(['search-r1', 1510, 10]);
    expect(r.trajectories.map((t) => t.source.line)).toEqual(Array.from({ length: 10 }, (_, i) => 1501 + i));
    const [letGo, ...each] = r.errors;
    // The first 500 were let go in one line (count, lines, how to read them); the last 1,000 held
    // went through search-r1, each reported on its line.
    expect(letGo).toEqual({
      file: '01-1500-unrecognised-lines-then-10-good.jsonl',
      line: 1,
      message:
        '500 records (lines 1–500) came before the first records a format recognises and matched none; not imported (only the last 1,000 records before those are held to be read as search-r1). To read them as search-r1 too, import the file again with format search-r1 chosen',
    });
    expect(each.map((e) => e.line)).toEqual(Array.from({ length: 1000 }, (_, i) => 501 + i));
    expect(each.every((e) => e.field === 'question')).toBe(true);
    // The format named imports the same 10 and reports each of the 1,500 on its line.
    const named = await read(join(DIR, '01-1500-unrecognised-lines-then-10-good.jsonl'), 'search-r1');
    expect([named.imported, named.errors.length]).toEqual([10, 1500]);
  });

  it('03: diagnose --labels --json counts and names both labels it ignores', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'app/cli/main.ts',
        'diagnose',
        join(DIR, '03-r1_10.jsonl'),
        '--labels',
        join(DIR, '03-labels-for-another-file-not-counted-in-json.jsonl'),
        '--json',
      ],
      { cwd: ROOT },
    );
    const { summary } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as {
      summary: { trajectories: number; ignored_labels: number; ignored: unknown[] };
    };
    expect(summary.trajectories).toBe(1);
    expect(summary.ignored_labels).toBe(2);
    expect(summary.ignored).toEqual([
      {
        line: 1,
        id: 'some-other-file.jsonl#0',
        field: 'id',
        reason: 'the label names some-other-file.jsonl, not 03-r1_10.jsonl',
      },
      { line: 2, id: '03-r1_10.jsonl#99', field: 'id', reason: '03-r1_10.jsonl has no record 99' },
    ]);
    // stderr says each as well, on its line.
    expect(stderr).toMatch(/jsonl:1: field id: the label names some-other-file\.jsonl.*; label ignored/);
    expect(stderr).toMatch(/jsonl:2: field id: 03-r1_10\.jsonl has no record 99; label ignored/);
  }, 60_000);

  it("04: 8.jsonl holding step 9: summarized as step 9 (the sample's field wins), with a warning naming both", async () => {
    const issues: string[] = [];
    const r = await readRun(
      { path: join(DIR, '04-step-field-contradicts-file-name'), format: 'verl', questions: [] },
      (l) => issues.push(l),
    );
    expect(r.steps.map((s) => [s.step, s.samples])).toEqual([[9, 2]]);
    expect(issues).toEqual([
      `${join(DIR, '04-step-field-contradicts-file-name', '8.jsonl')}:1: warning: the sample says step 9 (field step), its file name 04-step-field-contradicts-file-name/8.jsonl says step 8; read as step 9 (a sample's own field wins) (2 records, the first at line 1, the last at line 2) (field step)`,
    ]);
  });

  it('a score of 1e999 or -1e999 is read like Infinity: no score, the sample imported, one warning', async () => {
    const sample = (step: number, score: string) =>
      `{"input": "user\\nQuestion: Who wrote Hamlet?\\nassistant\\n", "output": "<answer>Shakespeare</answer>", "step": ${step}, "score": ${score}, "fmt": ${score}}`;
    const path = join(tmp, '3.jsonl');
    writeFileSync(
      path,
      `${['1e999', '-1e999', 'Infinity', 'NaN', '0.5', '1E+400'].map((s) => sample(3, s)).join('\n')}\n`,
    );
    const r = await read(path, 'verl');
    expect([r.records, r.imported]).toEqual([6, 6]);
    expect(r.trajectories.map((t) => t.reported?.score ?? null)).toEqual([null, null, null, null, 0.5, null]);
    expect(r.trajectories.every((t) => !('fmt' in (t.reported ?? {})) || t.reported?.fmt === 0.5)).toBe(true);
    expect(r.errors).toEqual([
      expect.objectContaining({
        line: 1,
        severity: 'warning',
        message: expect.stringMatching(/1e999\) read as null/),
      }),
    ]);
  });
});
