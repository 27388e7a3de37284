import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSummary } from '../core/training/step-summary';
import { type GeneratedStep, writeTrainingRun } from '../testing/training-run-generator';
import { planStepFiles } from '../core/training/step-files';
import { parseRunSummaryArgs, readRun, stepFilesOf } from './run-summary';

const ROOT = resolve(__dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-run-summary-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const close = (a: number | null | undefined, b: number | null | undefined) =>
  expect(a ?? NaN).toBeCloseTo(b ?? NaN, 9);

describe('run-summary on a generated run', () => {
  const dir = join(tmp, 'grpo-a');
  let manifest: Array<Omit<GeneratedStep, 'lines'>>;
  let issues: string[];
  let r: Awaited<ReturnType<typeof readRun>>;
  beforeAll(async () => {
    manifest = await writeTrainingRun(dir, { steps: 8, samplesPerStep: 40, seed: 11, malformedRate: 0.05 });
    issues = [];
    r = await readRun({ path: dir, format: 'verl', questions: [] }, (l) => issues.push(l));
  });

  it('summarizes every step of the run, in step order', () => {
    expect(r.steps.map((s) => [s.run, s.step])).toEqual(manifest.map((m) => ['grpo-a', m.step]));
    r.steps.forEach((s, i) => expect(s.samples).toBe(40 - (manifest[i]?.malformed.length ?? 0)));
    expect(r.records).toBe(8 * 40);
  });

  it('reports every malformed line with its file and line, and nothing else', () => {
    const expected = manifest.flatMap((m) => m.malformed.map((b) => `${join(dir, m.file)}:${b.line}:`));
    expect(expected.length).toBeGreaterThan(0);
    // Each issue is `path:line: message`.
    expect(issues.map((l) => `${l.slice(0, l.indexOf(': '))}:`)).toEqual(expected);
  });

  it("reads the generator's truth back out of the responses", () => {
    for (const s of r.steps) {
      // The generator's `acc` says whether the response's answer is right; Hopscope finds it in the text.
      close(s.accuracy, s.extras.acc);
      // Its format reward is 0 exactly where it broke the response's tag format.
      close(s.format_error_rate, 1 - (s.extras.format_reward ?? NaN));
      expect(s.graded).toBe(s.samples);
    }
  });

  it('shows the drift the generator puts in: accuracy up, format errors down, searches up', () => {
    const mean = (xs: StepSummary[], f: (s: StepSummary) => number | null) =>
      xs.reduce((a, s) => a + (f(s) ?? 0), 0) / xs.length;
    const early = r.steps.slice(0, 3);
    const late = r.steps.slice(-3);
    expect(mean(late, (s) => s.accuracy)).toBeGreaterThan(mean(early, (s) => s.accuracy) + 0.2);
    expect(mean(late, (s) => s.format_error_rate)).toBeLessThan(mean(early, (s) => s.format_error_rate));
    expect(mean(late, (s) => s.searches_mean)).toBeGreaterThan(mean(early, (s) => s.searches_mean));
    expect(Math.max(...r.steps.map((s) => s.over_search_rate))).toBeGreaterThan(0);
  });
});

describe('run-summary command', () => {
  it('prints one JSON object per step with the issue’s keys, and bad lines on stderr as file:line', async () => {
    const dir = join(tmp, 'r1s-run');
    const manifest = await writeTrainingRun(dir, {
      steps: 3,
      samplesPerStep: 12,
      seed: 4,
      style: 'r1-searcher',
      stepField: false,
      malformedRate: 0.2,
    });
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'app/cli/main.ts', 'run-summary', dir, '--json'],
      { cwd: ROOT },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.step)).toEqual([1, 2, 3]);
    for (const l of lines)
      for (const key of [
        'step',
        'samples',
        'accuracy',
        'mean_score',
        'searches_mean',
        'over_search_rate',
        'under_search_rate',
        'format_error_rate',
      ])
        expect(l).toHaveProperty(key);
    for (const m of manifest)
      for (const b of m.malformed) expect(stderr).toContain(`${join(dir, m.file)}:${b.line}: `);
    expect(stderr).toContain('read 3 step files: 36 records');
  });

  it('gives each run folder under DIR its own lines, and --run names a single run', async () => {
    const parent = join(tmp, 'ablation');
    await writeTrainingRun(join(parent, 'with-format-reward'), {
      steps: 2,
      samplesPerStep: 8,
      seed: 1,
      malformedRate: 0,
    });
    await writeTrainingRun(join(parent, 'without', 'global_step_5'), {
      steps: 1,
      samplesPerStep: 8,
      seed: 2,
      malformedRate: 0,
      stepField: false,
    });
    const both = await readRun({ path: parent, format: 'verl', questions: [] }, () => {});
    // `without/global_step_5/1.jsonl`: the file's own name is its step (the folder is a checkpoint's).
    expect(both.steps.map((s) => `${s.run}:${s.step}:${s.samples}`)).toEqual([
      'with-format-reward:1:8',
      'with-format-reward:2:8',
      'without:1:8',
    ]);
    const named = await readRun(
      { path: join(parent, 'with-format-reward'), run: 'grpo', format: 'verl', questions: [] },
      () => {},
    );
    expect(named.steps.map((s) => s.run)).toEqual(['grpo', 'grpo']);
  });

  it('names runs as the app does: --run over a subfolder, and same-named folders kept apart', async () => {
    const parent = join(tmp, 'x');
    await writeTrainingRun(join(parent, 'a', 'val'), {
      steps: 2,
      samplesPerStep: 6,
      seed: 3,
      malformedRate: 0,
    });
    await writeTrainingRun(join(parent, 'b', 'val'), {
      steps: 2,
      samplesPerStep: 6,
      seed: 3,
      malformedRate: 0,
    });
    // The same seed: both folders hold the same sample texts, which must not merge or collide.
    const both = await readRun({ path: parent, format: 'verl', questions: [] }, () => {});
    expect(both.steps.map((s) => `${s.run}:${s.step}:${s.samples}`)).toEqual([
      'a/val:1:6',
      'a/val:2:6',
      'b/val:1:6',
      'b/val:2:6',
    ]);
    // The step files of one run in a subfolder: --run names it, and the app's plan names it alike.
    const named = await stepFilesOf(join(parent, 'a'), 'grpo');
    expect(named.files.map((f) => f.name)).toEqual(
      planStepFiles(['val/1.jsonl', 'val/2.jsonl'], 'grpo').files.map((f) => f.name),
    );
    const r = await readRun(
      { path: join(parent, 'a'), run: 'grpo', format: 'verl', questions: [] },
      () => {},
    );
    expect(r.steps.map((s) => s.run)).toEqual(['grpo', 'grpo']);
  });

  it('refuses --run on a folder of several runs, naming them, instead of merging them', async () => {
    const parent = join(tmp, 'x2');
    await writeTrainingRun(join(parent, 'a', 'val'), {
      steps: 1,
      samplesPerStep: 4,
      seed: 5,
      malformedRate: 0,
    });
    await writeTrainingRun(join(parent, 'b', 'val'), {
      steps: 1,
      samplesPerStep: 4,
      seed: 6,
      malformedRate: 0,
    });
    await expect(
      readRun({ path: parent, run: 'grpo', format: 'verl', questions: [] }, () => {}),
    ).rejects.toThrow(/--run "grpo" names one run, but .* holds 2: a\/val, b\/val/);
  });

  it('parses its arguments', () => {
    expect(parseRunSummaryArgs(['d', '--json', '--run', 'x'])).toEqual({
      path: 'd',
      run: 'x',
      json: true,
      format: 'verl',
      questions: [],
    });
    expect(parseRunSummaryArgs([])).toMatch(/exactly one folder/);
    expect(parseRunSummaryArgs(['d', '--bogus'])).toMatch(/unknown option/);
  });
});
