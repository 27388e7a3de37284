// Every command that takes --questions says the records a question set skipped, by file, line and
// field (on stderr, so a JSON stdout stays parseable), as `report` does: summarize, diagnose and
// run-summary dropped them without a word.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli';
import { writeTrainingRun } from '../testing/training-run-generator';
import { diagnoseFile } from './diagnose';
import { readRun } from './run-summary';

const DATA = resolve(__dirname, '../../../shared/data');
const R1 = join(DATA, 'trajectories', 'r1searcher_bamboogle_qwen.jsonl');
const BAMBOOGLE = join(DATA, 'bamboogle', 'dev_subset.json');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-question-issues-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// Bamboogle's set one record a line, the record on line 3 with a number for its question.
const bad = join(tmp, 'bamboogle-one-bad.jsonl');
writeFileSync(
  bad,
  (JSON.parse(readFileSync(BAMBOOGLE, 'utf8')) as unknown[])
    .map((q, i) => JSON.stringify(i === 2 ? { Question: 5, Answer: 'x' } : q))
    .join('\n'),
);
const said = `${bad} line 3 field Question: "Question" should be a string, not a number`;

describe('a question set record skipped is said by every command', () => {
  it('summarize, on stderr, its stdout still one JSON object', async () => {
    const r = await runCli('summarize', R1, '--questions', bad);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(said);
    expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
  }, 60_000);

  it('diagnose', async () => {
    const lines: string[] = [];
    await diagnoseFile(R1, undefined, [bad], (l) => lines.push(l));
    expect(lines).toContain(said);
  }, 60_000);

  it('run-summary', async () => {
    const dir = join(tmp, 'grpo');
    await writeTrainingRun(dir, { steps: 1, samplesPerStep: 4, seed: 3, malformedRate: 0 });
    const lines: string[] = [];
    await readRun({ path: dir, format: 'verl', questions: [bad] }, (l) => lines.push(l));
    expect(lines).toContain(said);
  }, 60_000);
});
