import { describe, expect, it } from 'vitest';
import { parseTaggedTranscript } from '../importers/formats/tagged-transcript';
import { ScriptedLlm } from '../../testing/scripted-llm';
import type { ChatMessage, Prompt } from '../llm/types';
import { searchR1 } from './search-r1';
import { kinds, runCollect, stubRetriever, tickClock } from '../../testing/strategy-harness';

const PASSAGES = {
  'Veltmark Press founder': [
    { id: 'p1', title: 'Veltmark Press', text: 'Veltmark Press was founded in 1871 by Ilse Marrow.' },
    { id: 'p2', title: 'Orrin Vale', text: 'Orrin Vale is a market town.' },
  ],
  'Ilse Marrow birthplace': [{ id: 'p3', title: 'Ilse Marrow', text: 'Ilse Marrow was born in Dunhollow.' }],
};
const QUESTION = 'Where was the founder of Veltmark Press born';

const messagesOf = (p: Prompt | undefined): ChatMessage[] => (typeof p === 'object' ? p.messages : []);

describe('Search-R1 strategy', () => {
  it('runs think → search → information → … → answer, shaped like an imported transcript', async () => {
    const llm = new ScriptedLlm([
      '<think> I need the founder first. </think>\n<search> Veltmark Press founder </search> ignored',
      '<think> Ilse Marrow founded it. </think>\n<search> Ilse Marrow birthplace </search>',
      '<think> She was born in Dunhollow. </think>\n<answer> Dunhollow </answer>',
    ]);
    const retriever = stubRetriever(PASSAGES);
    const { t, events } = await runCollect(searchR1, {
      question: QUESTION,
      llm,
      retriever,
      gold: { answers: ['Dunhollow'] },
      id: 'sr1',
      now: tickClock(),
    });
    expect(kinds(t)).toEqual([
      'think',
      'search',
      'retrieve',
      'think',
      'search',
      'retrieve',
      'think',
      'answer',
    ]);
    expect(t.steps.map((s) => s.turn)).toEqual([1, 1, 1, 2, 2, 2, 3, 3]);
    expect(t.steps.map((s) => s.hop)).toEqual([undefined, 1, 1, undefined, 2, 2, undefined, undefined]);
    expect(t.steps[1]).toMatchObject({
      queries: ['Veltmark Press founder'],
      raw: '<search> Veltmark Press founder </search>',
    });
    expect(t.steps[2]?.docs?.map((d) => [d.id, d.title, d.rank, d.query])).toEqual([
      ['p1', 'Veltmark Press', 1, 'Veltmark Press founder'],
      ['p2', 'Orrin Vale', 2, 'Veltmark Press founder'],
    ]);
    expect(t.steps[5]?.docs?.[0]?.containsAnswer).toBe(true);
    expect(t).toMatchObject({
      id: 'sr1',
      answer: { text: 'Dunhollow' },
      finishReason: 'answer',
      source: { kind: 'live' },
      agent: { strategy: 'search-r1', model: 'scripted', params: { topK: 3, maxTurns: 4 } },
      gold: { answers: ['Dunhollow'] },
    });
    expect(t.timing?.tokensOut).toBeGreaterThan(0);
    expect(retriever.calls.map((c) => c.k)).toEqual([3, 3]);

    // The prompt, the stop strings and the information block are Search-R1's.
    const first = llm.calls[0]!;
    expect(first.options.stop).toEqual(['</search>', '</answer>']);
    const user = messagesOf(first.prompt)[0]!.content;
    expect(user).toMatch(
      /^Answer the given question\. You must conduct reasoning inside <think> and <\/think> first/,
    );
    expect(user.endsWith(`Question: ${QUESTION}?\n`)).toBe(true);
    const second = llm.calls[1]!.prompt;
    expect(typeof second === 'object' && second.continueFinal).toBe(true);
    const assistant = messagesOf(second)[1]!.content;
    expect(assistant).toBe(
      '<think> I need the founder first. </think>\n<search> Veltmark Press founder </search>\n\n' +
        '<information>Doc 1(Title: Veltmark Press) Veltmark Press was founded in 1871 by Ilse Marrow.\n' +
        'Doc 2(Title: Orrin Vale) Orrin Vale is a market town.</information>\n\n',
    );

    // Tokens streamed into the step that was open, before its final update.
    const firstStep = events.find((e) => e.type === 'step');
    expect(firstStep).toMatchObject({ step: { kind: 'think', turn: 1 } });
    expect(events.filter((e) => e.type === 'step_token').length).toBeGreaterThan(3);

    // Same shape as the importer's reading of the same transcript.
    const transcript =
      messagesOf(llm.calls[2]!.prompt)[1]!.content + llm.calls[2]!.result!.text + '</answer>';
    const imported = parseTaggedTranscript(transcript);
    expect(imported.steps.map((s) => s.kind)).toEqual(kinds(t));
    expect(imported.steps.map((s) => [s.turn, s.hop])).toEqual(t.steps.map((s) => [s.turn, s.hop]));
  });

  it('stops at the turn limit: the final rollout cannot search', async () => {
    const llm = new ScriptedLlm([
      '<search> Veltmark Press founder </search>',
      '<think> still unsure </think><search> Ilse Marrow birthplace </search>',
    ]);
    const retriever = stubRetriever(PASSAGES);
    const { t } = await runCollect(searchR1, { question: QUESTION, llm, retriever, params: { maxTurns: 1 } });
    expect(kinds(t)).toEqual(['search', 'retrieve', 'think', 'search']);
    expect(t.finishReason).toBe('max_turns');
    expect(t.answer).toBeUndefined();
    expect(retriever.calls).toHaveLength(1);
    expect(llm.calls).toHaveLength(2);
  });

  it('an invalid turn gets the invalid-action notice and counts as a turn', async () => {
    const llm = new ScriptedLlm([
      'I think the answer might be somewhere.',
      '<search></search>',
      '<answer> Dunhollow </answer>',
    ]);
    const { t } = await runCollect(searchR1, { question: QUESTION, llm, retriever: stubRetriever(PASSAGES) });
    expect(kinds(t)).toEqual(['think', 'invalid', 'invalid', 'answer']);
    expect(t.steps.map((s) => s.turn)).toEqual([1, 1, 2, 3]);
    expect(t.steps[1]?.error).toMatch(/no valid action/);
    expect(t.steps[2]?.error).toBe('empty search query');
    const assistant = messagesOf(llm.calls[1]!.prompt)[1]!.content;
    expect(assistant).toBe(
      'I think the answer might be somewhere.\nMy previous action is invalid. If I want to search, I should put the query between <search> and </search>. If I want to give the final answer, I should put the answer between <answer> and </answer>. Let me try again.\n',
    );
    expect(t.finishReason).toBe('answer');
  });

  it('a generation cut off at maxTokens is an invalid turn', async () => {
    const llm = new ScriptedLlm(['<think> a b c d e f g', '<answer> x </answer>']);
    const { t } = await runCollect(searchR1, {
      question: QUESTION,
      llm,
      retriever: stubRetriever(PASSAGES),
      params: { maxTokens: 3 },
    });
    expect(kinds(t)).toEqual(['think', 'invalid', 'answer']);
    expect(t.steps[1]?.error).toMatch(/cut off/);
  });

  it('cancellation mid-generation returns the partial trajectory, finish "cancelled"', async () => {
    const ctrl = new AbortController();
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const llm = new ScriptedLlm(['<search> Veltmark Press founder </search>', `<think> ${long}`]);
    let tokens = 0;
    const retriever = stubRetriever(PASSAGES);
    const { runStrategy } = await import('./run');
    const t = await runStrategy(
      searchR1,
      { question: QUESTION, llm, retriever, signal: ctrl.signal },
      (e) => {
        if (e.type === 'step_token' && e.stepId === 's2' && ++tokens === 5) ctrl.abort();
      },
    );
    expect(t.finishReason).toBe('cancelled');
    expect(kinds(t)).toEqual(['search', 'retrieve', 'think']);
    expect(t.steps[2]?.text).toMatch(/^<think> word0/);
    expect(t.steps[2]?.text).not.toContain('word39');
    expect(t.timing).toBeDefined();
  });

  it('a retriever error becomes an error on the retrieve step and a clean finish', async () => {
    const llm = new ScriptedLlm(['<search> anything </search>']);
    const { t } = await runCollect(searchR1, {
      question: QUESTION,
      llm,
      retriever: stubRetriever({}, { fail: new Error('index offline') }),
    });
    expect(kinds(t)).toEqual(['search', 'retrieve']);
    expect(t.steps[1]?.error).toBe('retriever: index offline');
    expect(t.finishReason).toBe('retriever_error');
  });

  it('a model error ends the run with "llm_error"', async () => {
    const llm = new ScriptedLlm([new Error('server 500')]);
    const { t } = await runCollect(searchR1, { question: QUESTION, llm, retriever: stubRetriever(PASSAGES) });
    expect(t.finishReason).toBe('llm_error');
    expect(t.steps[0]?.error).toBe('model: server 500');
  });

  it('prompt overrides are used and recorded', async () => {
    const llm = new ScriptedLlm(['<answer> x </answer>']);
    const { t } = await runCollect(searchR1, {
      question: 'q',
      llm,
      retriever: stubRetriever({}),
      prompts: { system: 'Q={question} {unknown}' },
    });
    expect(messagesOf(llm.calls[0]!.prompt)[0]!.content).toBe('Q=q? {unknown}');
    expect(t.agent.params.prompts).toEqual({ system: 'Q={question} {unknown}' });
  });
});
