import { describe, expect, it } from 'vitest';
import { buildTrajectory, type TrajectoryEvent } from '../schema/builder';
import { retrievalBreakdown, summarizeByDataset, summarizeByStrategy } from './aggregate';
import { batchJobs, etaSeconds, goldOf, jobKey, pendingJobs } from './plan';

const q = (qid: string, answers = ['a']) => ({ qid, question: `Question ${qid}?`, answers });

function run(
  strategy: string,
  question: string,
  answer: string,
  searches: number,
  ms?: number,
  dataset?: string,
) {
  const events: TrajectoryEvent[] = [
    {
      type: 'start',
      question,
      source: { kind: 'live', ...(dataset ? { dataset } : {}) },
      agent: { strategy, params: {} },
      gold: { answers: ['paris'] },
    },
  ];
  for (let i = 0; i < searches; i++)
    events.push({ type: 'step', step: { kind: 'search', queries: [`q${i}`] } });
  events.push({ type: 'answer', text: answer });
  events.push({ type: 'finish', reason: 'answer', ...(ms !== undefined ? { timing: { ms } } : {}) });
  return buildTrajectory(events);
}

describe('batch plan', () => {
  const spec = { id: 'b1', questions: [q('1'), q('2')], strategies: ['direct', 'search-r1'] };

  it('orders jobs question by question with stable trajectory ids', () => {
    const jobs = batchJobs(spec);
    expect(jobs.map((j) => [j.question.qid, j.strategy])).toEqual([
      ['1', 'direct'],
      ['1', 'search-r1'],
      ['2', 'direct'],
      ['2', 'search-r1'],
    ]);
    expect(new Set(jobs.map((j) => j.trajectoryId)).size).toBe(4);
    expect(batchJobs(spec)[3]!.trajectoryId).toBe(jobs[3]!.trajectoryId);
  });

  it('skips finished jobs on resume', () => {
    const done = new Set([jobKey('direct', '1'), jobKey('search-r1', '1')]);
    expect(pendingJobs(spec, done).map((j) => j.key)).toEqual([
      jobKey('direct', '2'),
      jobKey('search-r1', '2'),
    ]);
  });

  it('estimates the time left from finished jobs', () => {
    expect(etaSeconds([], 3)).toBeNull();
    expect(etaSeconds([1000, 3000], 3)).toBe(6);
  });

  it('turns a question into gold', () => {
    expect(goldOf({ ...q('1', ['x']), plan: [{ text: 'p' }], supports: [{ docId: 'd' }] })).toEqual({
      answers: ['x'],
      plan: [{ text: 'p' }],
      supporting: [{ docId: 'd' }],
    });
  });
});

describe('aggregates', () => {
  const ts = [
    run('direct', 'Q1?', 'paris', 0, 100, 'veloria'),
    run('direct', 'Q2?', 'rome', 0, 300, 'veloria'),
    run('search-r1', 'Q1?', 'paris', 2, 1000, 'veloria'),
    run('search-r1', 'Q2?', 'paris', 1, 2000, 'other'),
  ];

  it('summarizes per strategy: EM/F1/acc, mean RC and latency', () => {
    // No documents were retrieved: R@k is 0 (nothing holds the answer), P@k undefined (null).
    const none = { judge: null, r3: 0, r5: 0, p3: null, p5: null };
    const summaries = summarizeByStrategy(ts);
    // Direct answered Q2 wrong with no search: an under-search (diagnose/efficiency.ts).
    expect(summaries[0]?.efficiency.underSearchRate).toEqual({ value: 0.5, n: 2 });
    expect(summaries[0]?.efficiency.redundantRate).toEqual({ value: null, n: 0 });
    expect(summaries.map(({ efficiency: _, ...s }) => s)).toEqual([
      {
        strategy: 'direct',
        n: 2,
        em: 0.5,
        f1: 0.5,
        acc: 0.5,
        correct: 0.5,
        judged: 2,
        ...none,
        meanRc: 0,
        meanQueries: 0,
        meanMs: 200,
      },
      {
        strategy: 'search-r1',
        n: 2,
        em: 1,
        f1: 1,
        acc: 1,
        correct: 1,
        judged: 2,
        ...none,
        meanRc: 1.5,
        meanQueries: 1.5,
        meanMs: 1500,
      },
    ]);
  });

  it("the share correct and the four categories follow the correctness signal; the log's judge is averaged", () => {
    // A judge (here: the log's own verdicts) that calls Direct's "rome" on Q2 right.
    const judged = ts.map((t) => ({
      ...t,
      reported: { judge: t.answer?.text === 'paris' || t.question === 'Q2?' },
    }));
    const [direct] = summarizeByStrategy(judged, { signal: 'log-judge' });
    expect(direct).toMatchObject({ em: 0.5, judge: 1, correct: 1, judged: 2 });
    const [b] = retrievalBreakdown(judged, 'direct', { signal: 'log-judge' });
    expect(b?.result.counts).toEqual({ 'both-right': 2, helped: 0, hurt: 0, 'both-wrong': 0 });
    // Logs without verdicts: every question unjudged, none counted.
    const [u] = retrievalBreakdown(ts, 'direct', { signal: 'log-judge' });
    expect(u).toMatchObject({ unjudged: 2, result: { total: 0 } });
  });

  it('summarizes per dataset and strategy', () => {
    const rows = summarizeByDataset(ts).map((r) => [r.dataset, r.strategy, r.n, r.em]);
    expect(rows).toEqual([
      ['veloria', 'direct', 2, 0.5],
      ['veloria', 'search-r1', 1, 1],
      ['other', 'search-r1', 1, 1],
    ]);
  });

  it('breaks a retrieval strategy down against Direct on the same questions', () => {
    const [b] = retrievalBreakdown(ts);
    expect(b?.strategy).toBe('search-r1');
    // Q1: right both ways; Q2: right only with retrieval
    expect(b?.result.counts).toEqual({ 'both-right': 1, helped: 1, hurt: 0, 'both-wrong': 0 });
    expect(retrievalBreakdown(ts.filter((t) => t.agent.strategy !== 'direct'))).toEqual([]);
  });
});
