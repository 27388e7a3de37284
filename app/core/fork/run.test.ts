import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchR1 } from '../agents/search-r1';
import { runStrategy } from '../agents/run';
import { stubRetriever } from '../../testing/strategy-harness';
import { whenToSearch } from '../agents/when-to-search';
import { apex } from '../agents/apex/apex';
import { direct } from '../agents/direct';
import { importAll, stringChunks } from '../importers/pipeline';
import { ScriptedLlm, promptText } from '../../testing/scripted-llm';
import { TrajectorySchema, type Trajectory } from '../schema/trajectory';
import { cachingRetriever } from './cache';
import { forkOutcome, runFork } from './run';

const R1_FILE = 'r1searcher_bamboogle_qwen.jsonl';
const r1Text = readFileSync(resolve(__dirname, '../../../../shared/data/trajectories', R1_FILE), 'utf8');

/** Step index of the n-th (1-based) step of `kind`. */
const nth = (t: Trajectory, kind: string, n: number) => t.steps.filter((s) => s.kind === kind)[n - 1]!.index;
const strip = (s: Trajectory['steps'][number]) => {
  const { id: _i, index: _x, ms: _m, tokens: _t, ...rest } = s;
  return rest;
};

let parent: Trajectory;
beforeAll(async () => {
  const r = await importAll(stringChunks(r1Text), { file: R1_FILE });
  // "Who was president of the United States in the year that Citibank was founded?": two searches.
  parent = r.trajectories.find((t) => t.source.line === 21)!;
  expect(parent.steps.filter((s) => s.kind === 'search')).toHaveLength(2);
});

const REPLACEMENT = {
  id: 'v42',
  title: 'Casmere Botanical Institute',
  text: 'The Casmere Botanical Institute was founded by Ilse Varnholt in 1812.',
  rank: 1,
};

describe('fork of an imported R1-Searcher trajectory, continued with Search-R1', () => {
  it('replays the prefix, calls the model only for new turns, and shows the replaced document', async () => {
    const retrieve2 = nth(parent, 'retrieve', 2);
    const replaced = parent.steps[retrieve2]!.docs![1]!;
    const llm = new ScriptedLlm(['<think>So it was 1812.</think>\n<answer> James Madison </answer>']);
    const retriever = stubRetriever({});
    const { trajectory: t, retriever: cache } = await runFork(
      {
        parent,
        stepIndex: nth(parent, 'search', 2),
        change: { kind: 'replace_doc', docId: replaced.id, doc: REPLACEMENT },
        def: searchR1,
      },
      { llm, retriever },
    );
    expect(TrajectorySchema.safeParse(t).success).toBe(true);
    expect(llm.calls).toHaveLength(1);
    expect(retriever.calls).toHaveLength(0);
    expect(cache.misses).toEqual([]);
    // The prefix equals the parent's up to the second retrieval; that one carries the new doc.
    expect(t.steps.slice(0, retrieve2).map(strip)).toEqual(parent.steps.slice(0, retrieve2).map(strip));
    const docs = t.steps[retrieve2]!.docs!;
    expect(docs[1]).toMatchObject({ id: 'v42', title: REPLACEMENT.title, rank: 2 });
    expect(docs.map((d) => d.id)).not.toContain(replaced.id);
    // The rebuilt prompt holds the parent's turns in Search-R1's tags and the replaced document.
    const prompt = promptText(llm.calls[0]!.prompt);
    expect(prompt).toContain('Doc 2(Title: Casmere Botanical Institute) The Casmere Botanical Institute');
    expect(prompt).not.toContain(replaced.text.slice(0, 60));
    expect(prompt).toContain(`<search> ${parent.steps[nth(parent, 'search', 1)]!.queries![0]} </search>`);
    expect(prompt).not.toContain('<|begin_of_query|>');
    expect(t.answer?.text).toBe('James Madison');
    expect(t.steps.at(-1)).toMatchObject({ kind: 'answer', turn: 3 });
    expect(t.lineage).toMatchObject({
      parentId: parent.id,
      stepIndex: nth(parent, 'search', 2),
      replayed: retrieve2 + 1,
      reconstruction: 'approximate',
    });
    expect(t.lineage?.note).toMatch(/does not carry the prompt/);
    expect(t.lineage?.note).toMatch(/r1-searcher/);
  });

  it('gives the same id to the same fork and another to another change', async () => {
    const run = (query: string) =>
      runFork(
        { parent, stepIndex: nth(parent, 'search', 2), change: { kind: 'edit_query', query }, def: searchR1 },
        { llm: new ScriptedLlm(['<answer> x </answer>']), retriever: stubRetriever({}) },
      );
    const [a, b, c] = await Promise.all([
      run('Citibank founding year'),
      run('Citibank founding year'),
      run('other'),
    ]);
    expect(a.trajectory.id).toBe(b.trajectory.id);
    expect(a.trajectory.id).not.toBe(c.trajectory.id);
    expect(a.trajectory.id).toMatch(/^fork_/);
  });

  it('searches an edited query once, then continues', async () => {
    const retriever = stubRetriever({
      'when was Citibank founded': [{ id: 'c1', title: 'Citibank', text: 'Citibank was founded in 1812.' }],
    });
    const llm = new ScriptedLlm(['<answer> James Madison </answer>']);
    const at = nth(parent, 'search', 2);
    const { trajectory: t } = await runFork(
      {
        parent,
        stepIndex: at,
        change: { kind: 'edit_query', query: 'when was Citibank founded' },
        def: searchR1,
      },
      { llm, retriever },
    );
    expect(retriever.calls).toEqual([{ queries: ['when was Citibank founded'], k: 3 }]);
    expect(t.steps[at]).toMatchObject({ kind: 'search', queries: ['when was Citibank founded'] });
    expect(t.steps[at + 1]).toMatchObject({ kind: 'retrieve', hop: 2 });
    expect(promptText(llm.calls[0]!.prompt)).toContain(
      'Doc 1(Title: Citibank) Citibank was founded in 1812.',
    );
    expect(t.lineage?.replayed).toBe(at + 1);
  });

  it('serves a query the prefix already searched from the parent, without a retrieval', async () => {
    const firstQuery = parent.steps[nth(parent, 'search', 1)]!.queries![0]!;
    const retriever = stubRetriever({});
    const llm = new ScriptedLlm([`<search> ${firstQuery} </search>`, '<answer> a </answer>']);
    const { trajectory: t, retriever: cache } = await runFork(
      {
        parent,
        stepIndex: nth(parent, 'retrieve', 1),
        change: { kind: 'drop_doc', docId: 'h1d1' },
        def: searchR1,
      },
      { llm, retriever },
    );
    expect(retriever.calls).toHaveLength(0);
    expect(cache.hits).toEqual([firstQuery]);
    // The repeated query sees the edited retrieval (doc 1 dropped).
    const again = t.steps.filter((s) => s.kind === 'retrieve').at(-1)!;
    expect(again.docs?.map((d) => d.id)).not.toContain('h1d1');
    expect(llm.calls).toHaveLength(2);
  });
});

describe('what-ifs', () => {
  it('answer now: one generation made to start with <answer>, after the docs so far', async () => {
    const llm = new ScriptedLlm([' Andrew Jackson </answer>']);
    const at = nth(parent, 'search', 1);
    const { trajectory: t } = await runFork(
      { parent, stepIndex: at, change: { kind: 'answer_now' }, def: searchR1 },
      { llm, retriever: stubRetriever({}) },
    );
    expect(llm.calls).toHaveLength(1);
    const msgs = llm.calls[0]!.prompt;
    expect(typeof msgs === 'string' ? msgs : msgs.messages.at(-1)!.content).toMatch(
      /<\/information>\n\n<answer>$/,
    );
    expect(t.answer?.text).toBe('Andrew Jackson');
    expect(t.finishReason).toBe('answer');
    expect(t.lineage?.replayed).toBe(nth(parent, 'retrieve', 1) + 1);
  });

  it('search once more: the answer step is replaced by one forced search, then an answer', async () => {
    const retriever = stubRetriever({ more: [{ id: 'm', title: 'M', text: 'more text' }] });
    const llm = new ScriptedLlm([' more </search>', '<answer> b </answer>']);
    const at = nth(parent, 'answer', 1);
    const { trajectory: t } = await runFork(
      { parent, stepIndex: at, change: { kind: 'search_more' }, def: searchR1 },
      { llm, retriever },
    );
    expect(llm.calls).toHaveLength(2);
    expect(retriever.calls).toEqual([{ queries: ['more'], k: 3 }]);
    expect(t.steps.filter((s) => s.kind === 'search')).toHaveLength(3);
    expect(t.answer?.text).toBe('b');
  });

  it('gold passage: inserted first in the retrieval, shown to the model', async () => {
    const llm = new ScriptedLlm(['<answer> c </answer>']);
    const { trajectory: t } = await runFork(
      {
        parent,
        stepIndex: nth(parent, 'retrieve', 1),
        change: { kind: 'gold_passage', doc: { id: 'g', title: 'Gold', text: 'gold text', rank: 1 } },
        def: searchR1,
      },
      { llm, retriever: stubRetriever({}), gold: { answers: ['c'], supporting: [{ docId: 'g' }] } },
    );
    const docs = t.steps[nth(parent, 'retrieve', 1)]!.docs!;
    expect(docs[0]).toMatchObject({ id: 'g', rank: 1, gold: true });
    expect(docs).toHaveLength(6);
    expect(promptText(llm.calls[0]!.prompt)).toContain('Doc 1(Title: Gold) gold text');
  });

  it('edit text: the model continues the same turn after the edited thought', async () => {
    const llm = new ScriptedLlm(['<answer> d </answer>']);
    const at = 0;
    const { trajectory: t } = await runFork(
      { parent, stepIndex: at, change: { kind: 'edit_text', text: 'I already know it.' }, def: whenToSearch },
      { llm, retriever: stubRetriever({}) },
    );
    expect(promptText(llm.calls[0]!.prompt)).toMatch(/<think>I already know it\.<\/think>\n$/);
    expect(t.steps.map((s) => s.kind)).toEqual(['think', 'answer']);
    expect(t.steps[1]!.turn).toBe(1);
  });
});

describe('a fork of a live run of the same strategy', () => {
  it('is exact and replays the live steps', async () => {
    const retriever = stubRetriever({
      q1: [
        { id: 'a', title: 'A', text: 'alpha' },
        { id: 'b', title: 'B', text: 'beta' },
      ],
    });
    const live = await runStrategy(searchR1, {
      question: 'Q?',
      llm: new ScriptedLlm(['<think>t</think>\n<search> q1 </search>', '<answer> one </answer>']),
      retriever,
    });
    const llm = new ScriptedLlm(['<answer> two </answer>']);
    const { trajectory: t } = await runFork(
      { parent: live, stepIndex: 2, change: { kind: 'drop_doc', docId: 'a' }, def: searchR1 },
      { llm, retriever },
    );
    expect(t.lineage?.reconstruction).toBe('exact');
    // The rebuilt continuation equals what the live run sent, minus the dropped doc.
    const liveSecond = promptText((await rerunPrompts(live)).at(1)!);
    expect(promptText(llm.calls[0]!.prompt)).toBe(
      liveSecond.replace('Doc 1(Title: A) alpha\nDoc 2(Title: B) beta', 'Doc 1(Title: B) beta'),
    );
  });

  it('keeps the live run’s own element text (whitespace inside tags, query spacing)', async () => {
    const replies = ['<think>\n need q1 \n</think>\n<search>q1</search>', '<answer> one </answer>'];
    const table = { q1: [{ id: 'a', title: 'A', text: 'alpha' }] };
    const first = new ScriptedLlm(replies);
    const live = await runStrategy(searchR1, { question: 'Q?', llm: first, retriever: stubRetriever(table) });
    const llm = new ScriptedLlm(['<answer> two </answer>']);
    // A what-if at the retrieval: the continuation's prompt is the live run's second prompt.
    await runFork(
      { parent: live, stepIndex: 2, change: { kind: 'answer_now' }, def: searchR1 },
      { llm, retriever: stubRetriever(table) },
    );
    expect(promptText(llm.calls[0]!.prompt)).toBe(`${promptText(first.calls[1]!.prompt)}<answer>`);
  });

  it('refuses a baseline, and APEX from a parent without a plan, without calling the model', async () => {
    const llm = new ScriptedLlm([]);
    await expect(
      runFork(
        { parent, stepIndex: 0, change: { kind: 'answer_now' }, def: direct },
        { llm, retriever: stubRetriever({}) },
      ),
    ).rejects.toThrow(/cannot continue a fork/);
    await expect(
      runFork(
        { parent, stepIndex: 0, change: { kind: 'answer_now' }, def: apex },
        { llm, retriever: stubRetriever({}) },
      ),
    ).rejects.toThrow(/has no plan/);
    expect(llm.calls).toHaveLength(0);
  });
});

/** The prompts a live Search-R1 run of `t`'s script sends (rerun with the same replies). */
async function rerunPrompts(t: Trajectory) {
  const llm = new ScriptedLlm(['<think>t</think>\n<search> q1 </search>', '<answer> one </answer>']);
  await runStrategy(searchR1, {
    question: t.question,
    llm,
    retriever: stubRetriever({
      q1: [
        { id: 'a', title: 'A', text: 'alpha' },
        { id: 'b', title: 'B', text: 'beta' },
      ],
    }),
  });
  return llm.calls.map((c) => c.prompt);
}

describe('forkOutcome', () => {
  const t = (finishReason: string, steps: Trajectory['steps'] = []): Trajectory => ({
    schema: 'hopscope.trajectory/1',
    id: 'fork_x',
    question: 'q',
    source: { kind: 'live' },
    agent: { strategy: 'search-r1', params: {} },
    steps,
    finishReason,
  });
  it('stores only forks that ran to their end', () => {
    expect(forkOutcome(t('answer'), false)).toBe('store');
    expect(forkOutcome(t('max_turns'), false)).toBe('store');
    expect(forkOutcome(t('cancelled'), false)).toBe('cancelled');
    expect(forkOutcome(t('answer'), true)).toBe('cancelled');
    const failed = forkOutcome(
      t('llm_error', [{ id: 's0', index: 0, kind: 'think', error: 'HTTP 500' }]),
      false,
    );
    expect(failed).toEqual({ error: 'The fork did not finish (llm_error: HTTP 500); nothing was stored.' });
  });
});

describe('cachingRetriever', () => {
  const doc = (id: string, query: string) => ({ id, title: id, text: id, rank: 1, query });
  const inner = {
    search: async (qs: string[]) =>
      qs.map((q) => [{ id: `live:${q}`, title: q, text: q, rank: 1, score: 1 }]),
  };
  it('serves only the same query (case and spacing aside), from retrieve or search steps', async () => {
    const prefix: Trajectory['steps'] = [
      { id: 's0', index: 0, kind: 'search', queries: ['The Who'], docs: [doc('a', 'The Who')] },
      { id: 's1', index: 1, kind: 'retrieve', queries: ['C++'], docs: [doc('b', 'C++')] },
    ];
    const r = cachingRetriever(inner, prefix);
    const first = async (q: string) => (await r.search([q], 1))[0]?.[0]?.id;
    const [who, cpp, whoAgain, noArticle, c] = await Promise.all(
      ['the  who', 'c++', 'THE WHO ', 'Who', 'C'].map(first),
    );
    expect([who, cpp, whoAgain]).toEqual(['a', 'b', 'a']);
    expect([noArticle, c]).toEqual(['live:Who', 'live:C']);
  });
});
