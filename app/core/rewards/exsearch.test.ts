import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import {
  exsearchFinalSentence,
  exsearchLogWeight,
  exsearchMessages,
  exsearchPrompt,
  normalizeImportanceWeights,
} from './exsearch';
import { doc, fakeLlm, traj } from '../../testing/reward-fakes';
import { exsearch } from '../agents/exsearch/exsearch';
import { runCollect, stubRetriever } from '../../testing/strategy-harness';
import { ScriptedLlm } from '../../testing/scripted-llm';
import type { Trajectory } from '../schema/trajectory';

const question = 'Where was the director of Film born?';

describe('exsearchMessages (the prefix the gold answer is scored after)', () => {
  it('renders QUERY / SEARCH (selected docs, rank order) / FACT turns, then FINAL and the final question', () => {
    const t = traj(
      [
        { kind: 'think', text: 'Film director' },
        { kind: 'search', queries: ['Film director'] },
        {
          kind: 'retrieve',
          docs: [doc('1', 'A', 'a text', 1), doc('2', 'B', 'b text', 2), doc('3', 'C', 'c text', 3)],
        },
        { kind: 'rank', ranking: ['2', '1'] },
        { kind: 'record', text: 'B directed Film.' },
        { kind: 'search', queries: ['B birthplace'] },
        { kind: 'retrieve', docs: [doc('h2d1', 'B', 'B was born in Oslo.', 1)] },
        { kind: 'record', text: 'B was born in Oslo.' },
        { kind: 'answer', text: 'Oslo' },
      ],
      { question },
    );
    expect(exsearchMessages(t)).toEqual([
      { role: 'user', content: exsearchPrompt(question) },
      { role: 'assistant', content: '<QUERY> Film director' },
      { role: 'user', content: '<SEARCH> [2, 1] Title: B. Content: b text\nTitle: A. Content: a text' },
      { role: 'assistant', content: '<FACT> B directed Film.\n<QUERY> B birthplace' },
      { role: 'user', content: '<SEARCH> [1] Title: B. Content: B was born in Oslo.' },
      { role: 'assistant', content: '<FACT> B was born in Oslo.\n<FINAL>' },
      { role: 'user', content: `please give the final answer to the input question: ${question}` },
    ]);
    expect(exsearchPrompt(question)).toMatch(
      /<USER QUERY> Where was the director of Film born\?\nYour Output:$/,
    );
  });

  it('reproduces a real ExSearch log’s turns from its imported trajectory', async () => {
    const line = readFileSync(
      new URL('../../testing/importer-fixtures/exsearch.jsonl', import.meta.url),
      'utf8',
    ).split('\n')[0];
    if (!line) throw new Error('empty fixture');
    const record = JSON.parse(line) as { messages: Array<{ role: string; content: string }> };
    const r = await importAll(stringChunks(line), { file: 'exsearch.jsonl', format: 'exsearch' });
    const t = r.trajectories[0];
    if (!t) throw new Error(`not imported: ${JSON.stringify(r.errors)}`);
    // Every turn after the prompt, up to (not including) the model's bare answer.
    expect(exsearchMessages(t).slice(1)).toEqual(record.messages.slice(1, -1));
  });

  it('appends the final question to the last results when the loop ran out without FINAL', () => {
    const t = traj(
      [
        { kind: 'search', queries: ['q'] },
        { kind: 'retrieve', docs: [doc('7', 'T', 'x', 1)] },
      ],
      {
        question: 'Q?',
      },
    );
    // Labels are positions (what a live run shows), not corpus ids …
    expect(exsearchMessages(t).at(-1)).toEqual({
      role: 'user',
      content: `<SEARCH> [1] Title: T. Content: x\n${exsearchFinalSentence('Q?')}`,
    });
    // … except in an imported ExSearch log, whose doc ids are the labels its messages showed.
    const imported: Trajectory = { ...t, source: { kind: 'import', format: 'exsearch' } };
    expect(exsearchMessages(imported).at(-1)).toEqual({
      role: 'user',
      content: `<SEARCH> [7] Title: T. Content: x\n${exsearchFinalSentence('Q?')}`,
    });
  });

  it('keeps the first rankKeep ranked docs (0 or absent: all), labelled by position', () => {
    const t = traj([
      { kind: 'search', queries: ['q'] },
      {
        kind: 'retrieve',
        docs: [doc('4213', 'A', 'a', 1), doc('977', 'B', 'b', 2), doc('15', 'C', 'c', 3)],
      },
      { kind: 'rank', ranking: ['15', '4213'] },
    ]);
    const search = (rankKeep?: number) => {
      const params = rankKeep === undefined ? {} : { rankKeep };
      return exsearchMessages({ ...t, agent: { ...t.agent, params } })[2]?.content.split('\n')[0];
    };
    expect(search(1)).toBe('<SEARCH> [3] Title: C. Content: c');
    expect(search(0)).toBe('<SEARCH> [3, 1] Title: C. Content: c');
    expect(search()).toBe('<SEARCH> [3, 1] Title: C. Content: c');
  });

  it('is the transcript a live ExSearch run showed the model (rank on, rankKeep 1, numeric corpus ids)', async () => {
    const llm = new ScriptedLlm([
      '<QUERY> Film director <SEARCH>',
      '[2] > [1]',
      '<FACT> B directed Film.\n<QUERY> B birthplace <SEARCH>',
      '[1]',
      '<FACT> B was born in Oslo.\n<FINAL> Oslo',
      'Oslo',
    ]);
    const retriever = stubRetriever({
      'Film director': [
        { id: '4213', title: 'A', text: 'a text' },
        { id: '977', title: 'B', text: 'b text' },
        { id: '15', title: 'C', text: 'c text' },
      ],
      'B birthplace': [{ id: '88', title: 'B', text: 'B was born in Oslo.' }],
    });
    const { t } = await runCollect(exsearch, {
      question,
      llm,
      retriever,
      params: { rank: true, rankKeep: 1 },
    });
    expect(t.answer?.text).toBe('Oslo');
    const last = llm.calls.at(-1)?.prompt;
    const seen = typeof last === 'object' ? last.messages : [];
    const ours = exsearchMessages(t);
    expect(seen[2]?.content).toBe('<SEARCH> [2] Title: B. Content: b text');
    // The same turns; only the model's own prediction after <FINAL> is left out.
    expect(ours.slice(0, -2)).toEqual(seen.slice(0, -2));
    expect(ours.at(-2)).toEqual({ role: 'assistant', content: '<FACT> B was born in Oslo.\n<FINAL>' });
    expect(ours.at(-1)).toEqual(seen.at(-1));
  });
});

describe('ExSearch importance weight', () => {
  const t = traj(
    [
      { kind: 'search', queries: ['q'] },
      { kind: 'answer', text: 'x' },
    ],
    {
      question,
      gold: { answers: ['Oslo', 'Oslo, Norway'] },
      answer: 'x',
    },
  );
  const scores = { Oslo: { logprob: -1.2, tokens: 2 }, 'Oslo, Norway': { logprob: -3, tokens: 4 } };

  it('is llm.score(prefix, first gold alias) by default', async () => {
    const llm = fakeLlm('', scores);
    const r = await exsearchLogWeight.compute(t, { llm });
    expect(r.value).toBe(-1.2);
    expect(r.inputs).toMatchObject({ goldAnswer: 'Oslo', tokens: 2, meanLogprobPerToken: -0.6 });
    expect(r.inputs.w).toBeCloseTo(0.301194212, 9);
    expect(llm.scored).toEqual([{ prefix: { messages: exsearchMessages(t) }, continuation: 'Oslo' }]);
  });

  it('with aliases = logsumexp is log(e^−1.2 + e^−3) = −1.047022…', async () => {
    const r = await exsearchLogWeight.compute(t, { llm: fakeLlm('', scores) }, { aliases: 'logsumexp' });
    expect(r.value).toBeCloseTo(-1.0470223894739257, 12);
    expect(r.inputs['logp(Oslo, Norway)']).toBe(-3);
  });

  it('is null without gold or without an Llm that can score', async () => {
    const noScore = fakeLlm('', {}, { withScore: false });
    expect((await exsearchLogWeight.compute(t, { llm: noScore })).note).toMatch(/score/);
    expect((await exsearchLogWeight.compute(traj([]), { llm: fakeLlm('', scores) })).value).toBeNull();
  });
});

describe('normalizeImportanceWeights', () => {
  it('is a softmax: weights 1 and 3 → 0.25 and 0.75, also at log-probabilities near −1000', () => {
    const w = normalizeImportanceWeights([0, Math.log(3)]);
    expect(w[0]).toBeCloseTo(0.25, 12);
    expect(w[1]).toBeCloseTo(0.75, 12);
    const low = normalizeImportanceWeights([-1000, -1000 + Math.log(3)]);
    expect(low[0]).toBeCloseTo(0.25, 12);
    expect(low[1]).toBeCloseTo(0.75, 12);
  });

  it('gives −∞ zero weight, is uniform when all are −∞, and rejects NaN / +∞', () => {
    expect(normalizeImportanceWeights([-Infinity, -2])).toEqual([0, 1]);
    expect(normalizeImportanceWeights([-Infinity, -Infinity])).toEqual([0.5, 0.5]);
    expect(normalizeImportanceWeights([])).toEqual([]);
    expect(() => normalizeImportanceWeights([Number.NaN])).toThrow(RangeError);
    expect(() => normalizeImportanceWeights([Infinity])).toThrow(RangeError);
  });
});
