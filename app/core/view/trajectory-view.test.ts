// The table's rows take their numbers from trajectoryView: checked here on every record of the
// shared real logs, with and without gold joined from a question set. screens.test.ts checks that
// every other screen (trajectory page, live run, fork panel, report, presenter, CLI) calls it too.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildQuestionIndex, withSupportTitles } from '../corpus/gold-join';
import { loadDataset } from '../corpus/registry';
import { efficiencyCounts } from '../diagnose/efficiency';
import { importAll, stringChunks } from '../importers/pipeline';
import { finalAnswerText } from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';
import { toRow } from '../table/row';
import { flagsSoFar, trajectoryView } from './trajectory-view';

const DATA = resolve('..', 'shared', 'data');
const LOGS = [
  'r1searcher_bamboogle_qwen.jsonl',
  'r1searcher_hotpotqa_llama_30.jsonl',
  'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json',
];
const load = async (name: string): Promise<Trajectory[]> =>
  (await importAll(stringChunks(readFileSync(resolve(DATA, 'trajectories', name), 'utf8')), { file: name }))
    .trajectories;

function bamboogleIndex() {
  const r = loadDataset(readFileSync(resolve(DATA, 'bamboogle', 'dev_subset.json'), 'utf8'), 'bamboogle');
  const questions = r.questions?.questions ?? [];
  withSupportTitles(questions, r.corpus?.passages ?? []);
  return buildQuestionIndex([{ name: 'bamboogle', questions }]);
}

/** The row's numbers as the view has them. */
function expectRowOfView(t: Trajectory, questions: ReturnType<typeof bamboogleIndex> | null) {
  const v = trajectoryView(t, { questions });
  const row = toRow(t, questions);
  const m = v.metrics;
  expect({
    em: row.em,
    f1: row.f1,
    acc: row.acc,
    judge: row.judge,
    recall: row.recall,
    answerInDocs: row.answerInDocs,
    r3: row.r3,
    r5: row.r5,
    p3: row.p3,
    p5: row.p5,
    rc: row.rc,
    queries: row.queries,
    steps: row.steps,
  }).toEqual({
    em: m.em,
    f1: m.f1,
    acc: m.acc,
    judge: m.judge,
    recall: m.goldPassageRecall,
    answerInDocs: m.answerRecall,
    r3: m.r3,
    r5: m.r5,
    p3: m.p3,
    p5: m.p5,
    rc: m.rc,
    queries: m.queries,
    steps: m.steps,
  });
  expect(row.flags).toEqual([...new Set(v.flags.map((f) => f.kind))]);
  expect(row.flagCount).toBe(v.flags.length);
  expect(row.flagNotes.map((f) => [f.kind, f.stepId])).toEqual(
    v.flags.slice(0, row.flagNotes.length).map((f) => [f.kind, f.stepId]),
  );
  expect(row.eff).toEqual(efficiencyCounts(v.diagnosis, finalAnswerText(v.trajectory) !== undefined));
  expect(row.goldFrom).toBe(v.goldFrom ?? '');
  expect(row.gold).toBe((v.trajectory.gold?.answers ?? []).join(' | ').slice(0, 300));
  return v;
}

describe('trajectoryView', () => {
  it('gives the table rows their numbers and flags, on every record of the shared real logs', async () => {
    let flagged = 0;
    let records = 0;
    for (const name of LOGS) {
      const ts = await load(name);
      expect(ts.length).toBeGreaterThan(20);
      for (const t of ts) {
        const v = expectRowOfView(t, null);
        records += 1;
        if (v.flags.length > 0) flagged += 1;
      }
    }
    // Real logs with real flags, not an empty comparison.
    expect(records).toBeGreaterThan(100);
    expect(flagged).toBeGreaterThan(20);
  }, 60_000);

  it('joins gold from a question set once, for the view and the row alike', async () => {
    const questions = bamboogleIndex();
    const stripped = (await load(LOGS[0]!)).map(({ gold: _, ...t }) => t as Trajectory);
    let joined = 0;
    for (const t of stripped) {
      const v = expectRowOfView(t, questions);
      if (v.goldFrom === null) continue;
      joined += 1;
      expect(v.goldFrom).toBe('bamboogle');
      expect(v.trajectory.gold?.answers.length).toBeGreaterThan(0);
      expect(v.metrics.em).not.toBeNull();
    }
    expect(joined).toBe(75);
  }, 60_000);

  it('holds back the flags about how a run ended while it is still going', async () => {
    const [t] = await load(LOGS[0]!);
    const { answer: _, ...rest } = t!;
    const unanswered: Trajectory = { ...rest, steps: rest.steps.filter((s) => s.kind !== 'answer') };
    const v = trajectoryView(unanswered);
    expect(v.flags.map((f) => f.kind)).toContain('no-answer');
    expect(flagsSoFar(v.flags, true)).toEqual(v.flags);
    const going = flagsSoFar(v.flags, false);
    expect(going.map((f) => f.kind)).not.toContain('no-answer');
    expect(going).toEqual(v.flags.filter((f) => f.kind !== 'no-answer'));
  });

  it('derives each part once, when first read, and a copy of the view holds every part', async () => {
    const [t] = await load(LOGS[1]!);
    const v = trajectoryView(t!);
    expect(v.flags).toBe(v.flags);
    expect(v.diagnosis).toBe(v.diagnosis);
    const copy = structuredClone({ ...v });
    expect(copy.metrics).toEqual(v.metrics);
    expect(copy.diagnosis).toEqual(v.diagnosis);
    expect(copy.flags).toEqual(v.flags);
  });
});
