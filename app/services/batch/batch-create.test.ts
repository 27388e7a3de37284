import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteDB } from 'idb';
import { strategy as strategyById } from '../../core/agents/registry';
import { runStrategy } from '../../core/agents/run';
import { stubRetriever } from '../../testing/strategy-harness';
import { batchJobs, goldOf, jobParams, pendingJobs } from '../../core/batch/plan';
import { sweepPoints } from '../../core/batch/sweep-series';
import { ScriptedLlm } from '../../testing/scripted-llm';
import { batchTrajectories, getBatch, recordBatchJob } from '../../db/batch-store';
import { db, DB_NAME, type QuestionSetRecord, resetDbConnection } from '../../db/db';
import { batchQuestions, createBatch } from './batch-create';

const SET: QuestionSetRecord = {
  id: 'qs1',
  name: 'tiny',
  source: 'test',
  createdAt: '2025-01-01T00:00:00.000Z',
  questions: [
    ['q1', 'Where was Ilse born?', 'Tavish'],
    ['q2', 'Who founded the institute?', 'Ilse Varnholt'],
    ['q3', 'Not in the batch?', 'x'],
  ].map(([id, question, answer], i) => ({
    id: id!,
    question: question!,
    answers: [answer!],
    source: { format: 'hotpotqa' as const, file: 'tiny.json', line: i + 1 },
  })),
};

const PASSAGES = [1, 2, 3].map((i) => ({ id: `p${i}`, title: `T${i}`, text: `Passage ${i} about Tavish.` }));

afterAll(async () => {
  (await db()).close();
  resetDbConnection();
  await deleteDB(DB_NAME);
});

describe('a sweep stored and resumed', () => {
  it('runs each grid point with its own top-k, records it, and resumes past finished jobs', async () => {
    const b = await createBatch({
      name: 'sweep',
      questions: batchQuestions(SET, 2),
      strategies: [],
      sweep: { strategy: 'search-r1', params: [{ name: 'topK', values: [1, 3] }] },
      settings: { params: { 'search-r1': { maxTurns: 2 } }, prompts: {}, llm: {}, retriever: {}, embed: {} },
    });
    expect(b.spec.strategies).toEqual(['search-r1(topK=1)', 'search-r1(topK=3)']);
    expect(b.spec.params).toEqual({ 'search-r1': { maxTurns: 2 } });

    // Run the first two jobs (question 1 at both grid points) as the runner does.
    for (const job of batchJobs(b.spec).slice(0, 2)) {
      const retriever = stubRetriever(() => PASSAGES);
      const llm = new ScriptedLlm(['<search> Ilse </search>', '<answer> Tavish </answer>']);
      const t = await runStrategy(strategyById(job.strategy), {
        question: job.question.question,
        llm,
        retriever,
        params: jobParams(b.spec.params, job),
        gold: goldOf(job.question),
        id: job.trajectoryId,
        source: { qid: job.question.qid },
      });
      expect(retriever.calls[0]!.k).toBe(job.params.topK);
      expect(t.agent.params).toMatchObject({ topK: job.params.topK, maxTurns: 2 });
      await recordBatchJob(b.id, { key: job.key, trajectoryId: t.id, ms: 5 }, t);
    }

    // A reload: the stored record resumes with question 2 only.
    (await db()).close();
    resetDbConnection();
    const again = (await getBatch(b.id))!;
    const left = pendingJobs(again.spec, new Set(again.done.map((d) => d.key)));
    expect(left.map((j) => [j.question.qid, j.params.topK])).toEqual([
      ['q2', 1],
      ['q2', 3],
    ]);
    const points = sweepPoints(again.spec.sweep!, await batchTrajectories(again));
    expect(points.map((p) => [p.variant.params.topK, p.summary.n, p.summary.em, p.summary.meanRc])).toEqual([
      [1, 1, 1, 1],
      [3, 1, 1, 1],
    ]);
  });
});

describe('a batch honours the ablation switches of the Live run tab', () => {
  it('hands each job its strategy’s switches, so ExSearch w/o thinking retrieves once with the question', async () => {
    const b = await createBatch({
      name: 'ablations',
      questions: batchQuestions(SET, 2),
      strategies: ['exsearch', 'apex'],
      settings: {
        params: {
          exsearch: { thinking: false, topK: 2 },
          apex: { planning: false },
          'search-r1': { topK: 9 },
        },
        prompts: {},
        llm: {},
        retriever: {},
        embed: {},
      },
    });
    // Only the batch's strategies are stored, each with its own switches.
    expect(b.spec.params).toEqual({ exsearch: { thinking: false, topK: 2 }, apex: { planning: false } });
    const jobs = batchJobs(b.spec);
    expect(jobs.map((j) => [j.strategy, jobParams(b.spec.params, j)])).toEqual([
      ['exsearch', { thinking: false, topK: 2 }],
      ['apex', { planning: false }],
      ['exsearch', { thinking: false, topK: 2 }],
      ['apex', { planning: false }],
    ]);

    const job = jobs[0]!;
    const retriever = stubRetriever(() => PASSAGES);
    const t = await runStrategy(strategyById(job.strategy), {
      question: job.question.question,
      llm: new ScriptedLlm(['Tavish', 'Tavish', 'Tavish']),
      retriever,
      params: jobParams(b.spec.params, job),
      gold: goldOf(job.question),
      id: job.trajectoryId,
      source: { qid: job.question.qid },
    });
    // w/o thinking (ExSearch §5.2): one retrieval, with the question itself, then the answer.
    expect(retriever.calls.map((c) => [c.queries, c.k])).toEqual([[[job.question.question], 2]]);
    expect(t.agent.params).toMatchObject({ thinking: false, recording: true });
  });
});
