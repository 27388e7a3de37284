import { describe, expect, it } from 'vitest';
import { qagentFormat } from '../importers/formats/qagent';
import { buildTrajectory } from '../schema/builder';
import { ScriptedLlm } from '../../testing/scripted-llm';
import type { ChatMessage, Prompt } from '../llm/types';
import { qagent } from './qagent';
import { kinds, runCollect, stubRetriever } from '../../testing/strategy-harness';

const P = {
  press: { id: 'p1', title: 'Veltmark Press', text: 'Veltmark Press was founded in 1871 by Ilse Marrow.' },
  vale: { id: 'p2', title: 'Orrin Vale', text: 'Orrin Vale is a market town.' },
  marrow: { id: 'p3', title: 'Ilse Marrow', text: 'Ilse Marrow was born in Dunhollow.' },
};
const TABLE = {
  'Veltmark Press founder': [P.press, P.vale],
  'Veltmark Press history': [P.vale, P.press],
  'Ilse Marrow birthplace': [P.marrow],
  'Veltmark Press': [P.press],
};
const messagesOf = (p: Prompt | undefined): ChatMessage[] => (typeof p === 'object' ? p.messages : []);

const GOOD = [
  '<plan> Find the founder, then the birthplace. </plan>\n<search><query> Veltmark Press founder </query><query> Veltmark Press history </query></search>',
  '<reflection> Ilse Marrow founded it. </reflection>\n<plan> Search her birthplace. </plan>\n<search><query> Ilse Marrow birthplace </query><query> Veltmark Press </query></search>',
  '<reflection> She was born in Dunhollow. </reflection>\n<answer> Dunhollow </answer>',
];

describe('QAgent strategy', () => {
  it("writes at most 512 tokens a turn, appendix C's maximum response length", () => {
    expect(qagent.defaults.maxTokens).toBe(512);
  });

  it('plans, searches with several queries (top-1 each), reflects, answers; shaped like its logs', async () => {
    const llm = new ScriptedLlm(GOOD);
    const retriever = stubRetriever(TABLE);
    const { t } = await runCollect(qagent, {
      question: 'Where was the founder of Veltmark Press born?',
      llm,
      retriever,
    });
    expect(kinds(t)).toEqual([
      'plan',
      'search',
      'retrieve',
      'reflect',
      'plan',
      'search',
      'retrieve',
      'reflect',
      'answer',
    ]);
    expect(t.steps[1]?.queries).toEqual(['Veltmark Press founder', 'Veltmark Press history']);
    expect(retriever.calls.map((c) => c.k)).toEqual([1, 1]);
    expect(t.steps[2]?.docs?.map((d) => [d.id, d.query])).toEqual([
      ['p1', 'Veltmark Press founder'],
      ['p2', 'Veltmark Press history'],
    ]);
    // p1 again in the second search: marked on the step and still in the block. Algorithm 1
    // appends every result, y ← y ⊕ <information> C </information> (l.13); only the passage set
    // is a union, K ← K ∪ C (l.14).
    expect(t.steps[6]?.docs?.map((d) => [d.id, d.duplicate])).toEqual([
      ['p3', false],
      ['p1', true],
    ]);
    expect(t.steps[6]?.raw).toBe(
      '<information>Passage #1 Ilse Marrow\nIlse Marrow was born in Dunhollow.\nPassage #2 Veltmark Press\nVeltmark Press was founded in 1871 by Ilse Marrow.</information>',
    );
    expect(t.answer?.text).toBe('Dunhollow');
    expect(t.finishReason).toBe('answer');

    const assistant = messagesOf(llm.calls[1]!.prompt)[1]!.content;
    expect(assistant).toContain(
      '<information>Passage #1 Veltmark Press\nVeltmark Press was founded in 1871 by Ilse Marrow.\nPassage #2 Orrin Vale\nOrrin Vale is a market town.</information>',
    );

    const output = messagesOf(llm.calls[2]!.prompt)[1]!.content + llm.calls[2]!.result!.text + '</answer>';
    const imported = buildTrajectory(
      qagentFormat.toEvents({ question: t.question, output }, { file: 'live', line: 1 }),
    );
    expect(kinds(imported)).toEqual(kinds(t));
  });

  it('retrieves for every query of a search, even more than three (Algorithm 1, lines 10–14)', async () => {
    const llm = new ScriptedLlm([
      '<plan> Search widely. </plan><search><query>Veltmark Press founder</query><query>Veltmark Press history</query><query>Ilse Marrow birthplace</query><query>Veltmark Press</query></search>',
      '<reflection> Born in Dunhollow. </reflection><answer> Dunhollow </answer>',
    ]);
    const retriever = stubRetriever(TABLE);
    const { t } = await runCollect(qagent, { question: 'q', llm, retriever });
    expect(kinds(t)).toEqual(['plan', 'search', 'retrieve', 'reflect', 'answer']);
    expect(t.steps[1]?.queries).toHaveLength(4);
    expect(retriever.calls[0]?.queries).toHaveLength(4);
  });

  it('with enforceQueryLimit, more than three queries (or none) is an invalid search and the loop goes on', async () => {
    const llm = new ScriptedLlm([
      '<plan> Search widely. </plan><search><query>a</query><query>b</query><query>c</query><query>d</query></search>',
      '<plan> Try again. </plan><search> no query tags </search>',
      '<answer> Dunhollow </answer>',
    ]);
    const { t } = await runCollect(qagent, {
      question: 'q',
      llm,
      retriever: stubRetriever(TABLE),
      params: { enforceQueryLimit: true },
    });
    expect(kinds(t)).toEqual(['plan', 'invalid', 'plan', 'invalid', 'answer']);
    expect(t.steps[1]?.error).toMatch(/4 queries in one search/);
    expect(t.steps[3]?.error).toBe('search without <query> tags');
    expect(messagesOf(llm.calls[1]!.prompt)[1]!.content).toContain('My previous action is invalid.');
  });

  it('reads <reflect> as well as <reflection> in a live run (Table 5 names both)', async () => {
    const llm = new ScriptedLlm([
      '<plan> p </plan><search><query> Veltmark Press </query></search>',
      '<reflect> Founded by Ilse Marrow. </reflect><answer> Ilse Marrow </answer>',
    ]);
    const { t } = await runCollect(qagent, { question: 'q', llm, retriever: stubRetriever(TABLE) });
    expect(kinds(t)).toEqual(['plan', 'search', 'retrieve', 'reflect', 'answer']);
    expect(t.steps[3]?.text).toBe('Founded by Ilse Marrow.');
  });

  it("carries every instruction of the paper's template (Table 5), in its order", async () => {
    const llm = new ScriptedLlm(['<answer> x </answer>']);
    await runCollect(qagent, { question: 'Who founded Veltmark Press?', llm, retriever: stubRetriever({}) });
    const prompt = messagesOf(llm.calls[0]!.prompt)[0]!.content;
    // Table 5, one entry per instruction, in order.
    const instructions = [
      'search as often as you need', // search as many times as needed
      '<plan> … </plan>\n<search> … </search>\n<information> … </information>\n<reflection> … </reflection>\n<plan> … </plan> (when not done yet)', // the loop
      'Every time before you call the search engine, plan first inside <plan> and </plan>', // plan first
      'at most 3', // no more than 3 queries
      '<search>\n<query> first query </query>', // the query syntax
      'between <information> and </information>', // results
      'you must reflect on it and put the reflection between <reflection> and </reflection>', // reflection
      'reflect inside <reflect> and </reflect>', // the note naming <reflect>
      'each query goes between <query> and </query>, and all of the queries go together between <search> and </search>',
      'If the task is not finished yet, start a new <plan>',
      'give the answer directly inside <answer> and </answer>, without detailed explanation',
      'just a few words',
      'Question: Who founded Veltmark Press?',
    ];
    let at = -1;
    for (const i of instructions) {
      const next = prompt.indexOf(i, at + 1);
      expect(next, i).toBeGreaterThan(at);
      at = next;
    }
  });

  it('submodule mode: a frozen generator answers from the collected passages alone', async () => {
    const llm = new ScriptedLlm(GOOD);
    const generator = new ScriptedLlm(['Dunhollow village'], { model: 'frozen-7b' });
    const { t } = await runCollect(qagent, {
      question: 'Where was the founder of Veltmark Press born?',
      llm,
      generator,
      retriever: stubRetriever(TABLE),
      params: { submodule: true },
    });
    expect(kinds(t)).toEqual([
      'plan',
      'search',
      'retrieve',
      'reflect',
      'plan',
      'search',
      'retrieve',
      'reflect',
      'answer',
      'answer',
    ]);
    expect(t.steps[9]).toMatchObject({
      kind: 'answer',
      decision: 'frozen-generator',
      text: 'Dunhollow village',
    });
    expect(t.answer?.text).toBe('Dunhollow village');
    expect(t.agent.params).toMatchObject({ submodule: true, generatorModel: 'frozen-7b' });
    const prompt = messagesOf(generator.calls[0]!.prompt)[0]!.content;
    expect(prompt).toContain(
      'Doc 1(Title: Veltmark Press) Veltmark Press was founded in 1871 by Ilse Marrow.',
    );
    expect(prompt).toContain('Doc 2(Title: Orrin Vale)');
    expect(prompt).toContain('Doc 3(Title: Ilse Marrow) Ilse Marrow was born in Dunhollow.');
    expect(prompt).not.toContain('Doc 4');
    expect(prompt).not.toContain('<reflection>');
    expect(prompt.endsWith('Question: Where was the founder of Veltmark Press born?')).toBe(true);
  });

  it('stops after maxLoops search loops plus the final rollout', async () => {
    const search = '<plan> p </plan><search><query> Veltmark Press </query></search>';
    const llm = new ScriptedLlm([search, search, search]);
    const { t } = await runCollect(qagent, {
      question: 'q',
      llm,
      retriever: stubRetriever(TABLE),
      params: { maxLoops: 2 },
    });
    expect(kinds(t)).toEqual(['plan', 'search', 'retrieve', 'plan', 'search', 'retrieve', 'plan', 'search']);
    expect(t.steps[5]?.docs?.[0]?.duplicate).toBe(true); // flagged, not dropped
    // A search that finds only seen passages still shows them (Algorithm 1, l.13), never an
    // empty <information></information>.
    expect(t.steps[5]?.raw).toBe(
      '<information>Passage #1 Veltmark Press\nVeltmark Press was founded in 1871 by Ilse Marrow.</information>',
    );
    expect(t.finishReason).toBe('max_turns');
  });
});
