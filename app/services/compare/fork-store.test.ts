// The fork service end to end on fake-indexeddb: a scripted model and a stub retriever drive the
// real fork runner, and the real store decides what is kept.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubRetriever } from '../../testing/strategy-harness';
import { ScriptedLlm } from '../../testing/scripted-llm';
import { isAbort } from '../../core/abort';
import type { Trajectory } from '../../core/schema/trajectory';
import { DB_NAME, db, resetDbConnection } from '../../db/db';
import { getTrajectory, listForks, putTrajectories } from '../../db/store';
import { runAndStoreForkWith } from './fork';

const parent: Trajectory = {
  schema: 'hopscope.trajectory/1',
  id: 'parent-1',
  question: 'Who founded the Casmere Institute?',
  source: { kind: 'import' },
  agent: { strategy: 'search-r1', params: {} },
  steps: [
    { id: 's0', index: 0, kind: 'search', turn: 1, hop: 1, queries: ['Casmere founder'] },
    {
      id: 's1',
      index: 1,
      kind: 'retrieve',
      turn: 1,
      hop: 1,
      queries: ['Casmere founder'],
      docs: [{ id: 'd1', text: 'Casmere was founded by Ilse Varn.', rank: 1, query: 'Casmere founder' }],
    },
    { id: 's2', index: 2, kind: 'answer', turn: 2, text: 'Ilse Varn' },
  ],
  answer: { text: 'Ilse Varn' },
  finishReason: 'answer',
};

const spec = {
  parent,
  stepIndex: 1,
  change: { kind: 'answer_now' as const },
  strategyId: 'search-r1',
  params: {},
  prompts: {},
  llm: {
    kind: 'http' as const,
    baseUrl: 'http://127.0.0.1:1/v1',
    model: 'scripted',
    endpoint: 'chat' as const,
  },
  retriever: {
    kind: 'remote' as const,
    url: 'http://127.0.0.1:2',
    api: 'search-r1' as const,
    timeoutMs: 1000,
    retries: 0,
  },
};

beforeEach(async () => {
  (await db()).close();
  resetDbConnection();
  await deleteDB(DB_NAME);
  await putTrajectories([parent]);
});

const ports = (llm: ScriptedLlm) => ({ llm, retriever: stubRetriever({}) });

describe('runAndStoreForkWith', () => {
  it('stores a finished fork with its lineage, listed under its parent', async () => {
    const llm = new ScriptedLlm([' Ilse Varnholt </answer>']);
    const t = await runAndStoreForkWith(spec, ports(llm), new AbortController().signal);
    expect(llm.calls).toHaveLength(1);
    const stored = await getTrajectory(t.id);
    expect(stored?.lineage).toMatchObject({
      parentId: 'parent-1',
      stepIndex: 1,
      change: { kind: 'answer_now' },
    });
    expect(stored?.answer?.text).toBe('Ilse Varnholt');
    expect((await listForks('parent-1')).map((f) => f.id)).toEqual([t.id]);
  });

  it('stores nothing for a stopped fork', async () => {
    const ac = new AbortController();
    const llm = new ScriptedLlm(() => {
      ac.abort();
      return ' never </answer>';
    });
    const err = await runAndStoreForkWith(spec, ports(llm), ac.signal).catch((e: unknown) => e);
    expect(isAbort(err, ac.signal)).toBe(true);
    expect(await listForks('parent-1')).toEqual([]);
  });

  it('stores nothing for a failed fork, and keeps the finished fork with the same id', async () => {
    const done = await runAndStoreForkWith(
      spec,
      ports(new ScriptedLlm([' Ilse Varnholt </answer>'])),
      new AbortController().signal,
    );
    const failing = new ScriptedLlm([new Error('server went away')]);
    await expect(runAndStoreForkWith(spec, ports(failing), new AbortController().signal)).rejects.toThrow(
      /did not finish \(llm_error: .*server went away\); nothing was stored/,
    );
    const forks = await listForks('parent-1');
    expect(forks.map((f) => f.id)).toEqual([done.id]);
    expect(forks[0]!.answer?.text).toBe('Ilse Varnholt');
    expect(forks[0]!.finishReason).toBe('answer');
  });
});
