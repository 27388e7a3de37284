import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { flagTrajectory } from '../metrics/flags';
import { trajectoryMetrics } from '../metrics/trajectory-metrics';
import { SCHEMA_ID, type Step, type Trajectory } from '../schema/trajectory';
import { ROW_EVIDENCE_CHARS, ROW_FLAG_NOTES, toRow } from './row';
import { REASONING_STEP_CHARS, SEARCH_TEXT_CHARS } from './search-text';

const SHARED = resolve('..', 'shared', 'data', 'trajectories');
const load = async (name: string, file = name): Promise<Trajectory[]> =>
  (await importAll(stringChunks(readFileSync(resolve(SHARED, name), 'utf8')), { file })).trajectories;

function search(index: number, q: string, titles: string[]): Step[] {
  return [
    { id: `s${index}`, index, kind: 'search', queries: [q] },
    {
      id: `r${index}`,
      index: index + 1,
      kind: 'retrieve',
      docs: titles.map((title, rank) => ({ id: `${title}-${index}`, title, text: `${title} text`, rank })),
    },
  ];
}

/** A run that repeats one query many times: many flags, long reasoning. */
function repetitive(): Trajectory {
  const steps: Step[] = [{ id: 'th', index: 0, kind: 'think', text: `Plan: ${'look it up '.repeat(100)}` }];
  for (let i = 0; i < 20; i++)
    steps.push(...search(1 + 2 * i, 'Who founded Veltmark Press?', ['Veltmark Press']));
  return {
    schema: SCHEMA_ID,
    id: 'rep',
    question: 'Who founded Veltmark Press?',
    gold: { answers: ['Ilse Marrow'], supporting: [{ title: 'Veltmark Press' }, { title: 'Ilse Marrow' }] },
    source: { kind: 'import', format: 'hopscope', file: 'rep.jsonl', line: 7, qid: 'test_42' },
    agent: { strategy: 'search-r1', params: {} },
    steps,
  };
}

describe('toRow', () => {
  it('takes judge, gold-passage recall and answer-in-docs from trajectoryMetrics', async () => {
    const ts = await load('r1searcher_bamboogle_qwen.jsonl');
    expect(ts.length).toBeGreaterThan(100);
    let judged = 0;
    for (const t of ts) {
      const m = trajectoryMetrics(t);
      const r = toRow(t);
      expect([r.judge, r.recall, r.answerInDocs]).toEqual([m.judge, m.goldPassageRecall, m.answerRecall]);
      expect([r.r3, r.r5, r.p3, r.p5]).toEqual([m.r3, m.r5, m.p3, m.p5]);
      if (r.judge !== null) judged += 1;
    }
    // R1-Searcher's records carry gpt4o_output: the judge column is filled from the log.
    expect(judged).toBe(ts.length);
    expect(new Set(ts.map((t) => toRow(t).judge))).toEqual(new Set([0, 1]));
  });

  it('keeps every flag kind and the flags with their evidence, bounded', () => {
    const t = repetitive();
    const flags = flagTrajectory(t);
    const r = toRow(t);
    expect(flags.length).toBeGreaterThan(ROW_FLAG_NOTES);
    expect(r.flagCount).toBe(flags.length);
    expect(r.flagNotes).toHaveLength(ROW_FLAG_NOTES);
    expect(r.flags).toEqual([...new Set(flags.map((f) => f.kind))]);
    expect(r.flagNotes[0]).toEqual({
      kind: flags[0]!.kind,
      stepId: flags[0]!.stepId,
      // The number the table links to is the one the evidence names and the step panel shows.
      step: 4,
      evidence: flags[0]!.evidence,
    });
    expect(r.flagNotes[0]!.evidence).toContain('(step 4)');
    for (const n of r.flagNotes) expect(n.evidence.length).toBeLessThanOrEqual(ROW_EVIDENCE_CHARS);
    expect(r.recall).toBe(0.5);
    expect(r.qid).toBe('test_42');
  });

  it('builds bounded search text: file:line, ids, queries once, titles once, reasoning cut short', () => {
    const r = toRow(repetitive());
    expect(r.searchText).toContain('rep.jsonl:7');
    expect(r.searchText).toContain('test_42');
    // 20 searches for the same query and 20 hits of the same title: each kept once.
    expect(r.searchText.split('who founded veltmark press?')).toHaveLength(2);
    expect(r.searchText.split('veltmark press')).toHaveLength(3);
    expect(r.searchText).toContain('plan: look it up');
    expect(r.searchText.length).toBeLessThan(REASONING_STEP_CHARS + 200);
    expect(r.searchText).toBe(r.searchText.toLowerCase());
  });

  it('reaches a FlashRAG record by its own id and a large file stays within the bound', async () => {
    const ts = await load('searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json', 'fr.json');
    const rows = ts.map((t) => toRow(t));
    const first = rows.find((r) => r.qid === 'test_0');
    expect(first?.searchText).toContain('test_0');
    for (const r of rows) expect(r.searchText.length).toBeLessThanOrEqual(SEARCH_TEXT_CHARS);
  });
});

describe('toRow file groups', () => {
  const base = (extra: Partial<Trajectory>): Trajectory => ({
    schema: SCHEMA_ID,
    id: 'x',
    question: 'q',
    source: { kind: 'live' },
    agent: { strategy: 'search-r1', params: {} },
    steps: [],
    ...extra,
  });
  it('puts forks in their own group, apart from the live runs they resemble', () => {
    expect(toRow(base({})).file).toBe('live runs');
    const lineage = {
      parentId: 'p',
      stepIndex: 3,
      change: { kind: 'answer_now' as const },
      replayed: 3,
      reconstruction: 'approximate' as const,
    };
    expect(toRow(base({ lineage })).file).toBe('forks');
    expect(toRow(base({ source: { kind: 'live', file: 'batch: b1' } })).file).toBe('batch: b1');
  });
});
