import { describe, expect, it } from 'vitest';
import { exsearchFormat } from '../../importers/formats/exsearch';
import { buildTrajectory } from '../../schema/builder';
import { ScriptedLlm } from '../../../testing/scripted-llm';
import type { ChatMessage, Prompt } from '../../llm/types';
import { exsearch, rankLabels } from './exsearch';
import { kinds, runCollect, stubRetriever } from '../../../testing/strategy-harness';

const P = {
  press: { id: 'w1', title: 'Veltmark Press', text: 'Veltmark Press was founded in 1871 by Ilse Marrow.' },
  marrow: { id: 'w2', title: 'Ilse Marrow', text: 'Ilse Marrow was born in Dunhollow.' },
  strand: { id: 'w3', title: 'Cold Strand', text: 'The Cold Strand is a stony coast.' },
  dunhollow: { id: 'w4', title: 'Dunhollow', text: 'Dunhollow lies at the mouth of the Sable Reach.' },
};
const TABLE = {
  'Ilse Marrow birthplace': [P.press, P.marrow, P.strand],
  'river at Dunhollow': [P.dunhollow, P.strand],
};
const QUESTION = 'Which river flows past the village where Ilse Marrow was born?';
const messagesOf = (p: Prompt | undefined): ChatMessage[] => (typeof p === 'object' ? p.messages : []);

describe('ExSearch strategy', () => {
  it("asks for the main method's three actions (§2.1, appendix F.1): sub-query, search, extract facts; no selecting", async () => {
    const llm = new ScriptedLlm([
      '<QUERY> Ilse Marrow birthplace',
      '<FACT> Dunhollow.\n<FINAL>',
      'Dunhollow',
    ]);
    await runCollect(exsearch, { question: QUESTION, llm, retriever: stubRetriever(TABLE) });
    const system = messagesOf(llm.calls[0]!.prompt)[0]!.content;
    // F.1: the prompt has the model "decompose a complex query into sub-queries (thinking), retrieve
    // relevant documents from Wikipedia based on each sub-query (search), and extract factual
    // answers from the retrieved content (recording)". Selection is ExSearch-Zoo's extra action (E.2).
    expect(system).not.toMatch(/select/i);
    expect(system).toContain('(1) Formulate a sub-query');
    expect(system).toContain('(2) Retrieve documents from Wikipedia with the sub-query');
    expect(system).toContain('(3) Extract supporting facts from the retrieved documents');
    expect(system.endsWith(`<USER QUERY> ${QUESTION}\nYour Output:`)).toBe(true);
  });

  it('iterates think → search → rank → record and answers; shaped like its inference log', async () => {
    const llm = new ScriptedLlm([
      '<QUERY> Ilse Marrow birthplace',
      '[2] > [1]',
      '<FACT> Ilse Marrow was born in Dunhollow.\n<QUERY> river at Dunhollow',
      '[1]',
      '<FACT> Dunhollow lies at the mouth of the Sable Reach.\n<FINAL>',
      'Sable Reach',
    ]);
    const retriever = stubRetriever(TABLE);
    const { t } = await runCollect(exsearch, {
      question: QUESTION,
      llm,
      retriever,
      params: { rank: true, rankKeep: 1 },
    });
    expect(kinds(t)).toEqual([
      'think',
      'search',
      'retrieve',
      'rank',
      'record',
      'think',
      'search',
      'retrieve',
      'rank',
      'record',
      'answer',
    ]);
    expect(t.steps.map((s) => s.hop)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, undefined]);
    expect(t.steps[0]?.text).toBe('Ilse Marrow birthplace');
    expect(t.steps[3]).toMatchObject({
      kind: 'rank',
      ranking: ['w2', 'w1'],
      text: 'keep [2]',
      raw: '[2] > [1]',
    });
    expect(t.steps[4]?.text).toBe('Ilse Marrow was born in Dunhollow.');
    expect(t.answer?.text).toBe('Sable Reach');
    expect(t.finishReason).toBe('answer');
    expect(retriever.calls.map((c) => c.k)).toEqual([5, 5]);

    // The rank dialogue lists the candidates as `[k] Title: t. Content: c`.
    const rank = messagesOf(llm.calls[1]!.prompt)[0]!.content;
    expect(rank).toContain(
      'Given the formulated query: "Ilse Marrow birthplace", there are 3 relevant documents',
    );
    expect(rank).toContain('[2] Title: Ilse Marrow. Content: Ilse Marrow was born in Dunhollow.');
    // Only the best ranked doc goes back, as `<SEARCH> [2] doc`.
    const main = messagesOf(llm.calls[2]!.prompt);
    expect(main[0]!.content).toContain('<USER QUERY> ' + QUESTION);
    expect(main[1]).toEqual({ role: 'assistant', content: '<QUERY> Ilse Marrow birthplace' });
    expect(main[2]).toEqual({
      role: 'user',
      content: '<SEARCH> [2] Title: Ilse Marrow. Content: Ilse Marrow was born in Dunhollow.',
    });
    expect(llm.calls[0]!.options.stop).toEqual(['<SEARCH>']);
    const final = messagesOf(llm.calls[5]!.prompt);
    expect(final.at(-1)?.content).toBe(`please give the final answer to the input question: ${QUESTION}`);

    // The importer reads the same dialogue (messages + rank sub-dialogues) into the same kinds.
    const record = {
      question: QUESTION,
      messages: [...final, { role: 'assistant', content: 'Sable Reach' }],
      rank: [1, 3].map((i) => ({
        messages: [
          ...messagesOf(llm.calls[i]!.prompt),
          { role: 'assistant', content: llm.calls[i]!.result!.text },
        ],
      })),
    };
    const imported = buildTrajectory(exsearchFormat.toEvents(record, { file: 'live', line: 1 }));
    expect(kinds(imported)).toEqual(kinds(t));
  });

  it('defaults to the main method (§4): top-5 documents through think → search → record, no rank action', () => {
    expect(exsearch.defaults).toMatchObject({ topK: 5, rank: false });
  });

  it('with rank on, every selected doc goes back by default (ExSearch-Zoo, appendix E.2)', async () => {
    const llm = new ScriptedLlm(['<QUERY> Ilse Marrow birthplace', '[2] > [1]', '<FINAL>', 'Dunhollow']);
    await runCollect(exsearch, {
      question: QUESTION,
      llm,
      retriever: stubRetriever(TABLE),
      params: { rank: true },
    });
    expect(messagesOf(llm.calls[2]!.prompt)[2]?.content).toMatch(/^<SEARCH> \[2, 1\] Title: Ilse Marrow\./);
  });

  it('without the rank action every top-k doc goes back; the iteration limit forces the answer', async () => {
    const llm = new ScriptedLlm([
      '<QUERY> Ilse Marrow birthplace',
      '<FACT> born in Dunhollow\n<QUERY> river at Dunhollow',
      'Sable Reach',
    ]);
    const { t } = await runCollect(exsearch, {
      question: QUESTION,
      llm,
      retriever: stubRetriever(TABLE),
      params: { maxIterations: 2 },
    });
    expect(kinds(t)).toEqual([
      'think',
      'search',
      'retrieve',
      'record',
      'think',
      'search',
      'retrieve',
      'answer',
    ]);
    const main = messagesOf(llm.calls[1]!.prompt);
    expect(main[2]?.content.split('\n')).toHaveLength(3);
    const last = messagesOf(llm.calls[2]!.prompt).at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content).toMatch(/^<SEARCH> \[1, 2\] Title: Dunhollow\./);
    expect(last.content.endsWith(`\nplease give the final answer to the input question: ${QUESTION}`)).toBe(
      true,
    );
    expect(t.answer?.text).toBe('Sable Reach');
    expect(t.finishReason).toBe('max_turns');
  });

  it('w/o thinking (§5.2 (i)) is retrieve-then-generate: the question is the one query, then the answer', async () => {
    const llm = new ScriptedLlm(['Sable Reach']);
    const retriever = stubRetriever(TABLE);
    const { t } = await runCollect(exsearch, {
      question: QUESTION,
      llm,
      retriever,
      params: { thinking: false },
    });
    expect(kinds(t)).toEqual(['search', 'retrieve', 'answer']);
    expect(retriever.calls.map((c) => c.queries)).toEqual([[QUESTION]]);
    expect(llm.calls).toHaveLength(1);
    const last = messagesOf(llm.calls[0]!.prompt).at(-1)!;
    expect(last.content).toMatch(/^<SEARCH> \[/);
    expect(last.content.endsWith(`please give the final answer to the input question: ${QUESTION}`)).toBe(
      true,
    );
    expect(t.finishReason).toBe('answer');
  });

  it('w/o search (§5.2 (ii)) is iterative self-ask without external knowledge: sub-queries answered by the model', async () => {
    const llm = new ScriptedLlm([
      '<QUERY> Where was Ilse Marrow born?',
      '<FACT> Dunhollow\n<QUERY> Which river flows past Dunhollow?',
      '<FACT> the Sable Reach\n<FINAL>',
      'Sable Reach',
    ]);
    const retriever = stubRetriever(TABLE);
    const { t } = await runCollect(exsearch, {
      question: QUESTION,
      llm,
      retriever,
      params: { search: false },
    });
    // Nothing is retrieved: no search or retrieve step, retrieval count 0.
    expect(retriever.calls).toHaveLength(0);
    expect(kinds(t)).toEqual(['think', 'record', 'think', 'record', 'answer']);
    expect(t.steps.filter((s) => s.kind === 'think').map((s) => s.text)).toEqual([
      'Where was Ilse Marrow born?',
      'Which river flows past Dunhollow?',
    ]);
    expect(t.steps.filter((s) => s.kind === 'record').map((s) => s.text)).toEqual([
      'Dunhollow',
      'the Sable Reach',
    ]);
    expect(t.answer?.text).toBe('Sable Reach');
    expect(t.finishReason).toBe('answer');
    // The dialogue: the prompt without the search step, and where <SEARCH> documents would come,
    // a turn that asks for the sub-query's answer from the model's own knowledge.
    const chat = messagesOf(llm.calls[2]!.prompt);
    expect(chat[0]!.content).toContain('(2) Answer the sub-query from your own knowledge');
    expect(chat[0]!.content).not.toMatch(/Retrieve documents|<SEARCH>/);
    expect(chat.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['assistant', '<QUERY> Where was Ilse Marrow born?'],
      [
        'user',
        expect.stringContaining('answer the sub-query "Where was Ilse Marrow born?" from your own knowledge'),
      ],
      ['assistant', '<FACT> Dunhollow\n<QUERY> Which river flows past Dunhollow?'],
      ['user', expect.stringContaining('"Which river flows past Dunhollow?"')],
    ]);
    expect(chat.some((m) => m.content.includes('<SEARCH> ['))).toBe(false);
  });

  it('w/o recording (§5.2 (iii)) extracts no fact: no record step and no <FACT> in the dialogue', async () => {
    const script = [
      '<QUERY> Ilse Marrow birthplace',
      '<FACT> born in Dunhollow\n<QUERY> river at Dunhollow',
      'Sable Reach',
    ];
    const llm = new ScriptedLlm(script);
    const { t } = await runCollect(exsearch, {
      question: QUESTION,
      llm,
      retriever: stubRetriever(TABLE),
      params: { maxIterations: 2, recording: false },
    });
    expect(kinds(t)).toEqual(['think', 'search', 'retrieve', 'think', 'search', 'retrieve', 'answer']);
    const history = messagesOf(llm.calls[2]!.prompt).filter((m) => m.role === 'assistant');
    expect(history.map((m) => m.content)).toEqual([
      '<QUERY> Ilse Marrow birthplace',
      '<QUERY> river at Dunhollow',
    ]);
    // With recording on, the same script records the fact.
    const on = await runCollect(exsearch, {
      question: QUESTION,
      llm: new ScriptedLlm(script),
      retriever: stubRetriever(TABLE),
      params: { maxIterations: 2 },
    });
    expect(kinds(on.t)).toContain('record');
  });

  it('a later turn without <QUERY> takes its first line as the fact and asks for the query', async () => {
    const llm = new ScriptedLlm([
      '<QUERY> Ilse Marrow birthplace',
      '[2]',
      'She was born in Dunhollow.\nmore words',
      'river at Dunhollow',
      '[1]',
      '<FINAL>',
      'Sable Reach',
    ]);
    const { t } = await runCollect(exsearch, {
      question: QUESTION,
      llm,
      retriever: stubRetriever(TABLE),
      params: { rank: true, rankKeep: 1 },
    });
    expect(kinds(t)).toEqual([
      'think',
      'search',
      'retrieve',
      'rank',
      'record',
      'think',
      'search',
      'retrieve',
      'rank',
      'decision',
      'answer',
    ]);
    expect(t.steps[4]?.text).toBe('She was born in Dunhollow.');
    expect(messagesOf(llm.calls[3]!.prompt).at(-1)?.content).toBe(
      '<FACT> She was born in Dunhollow.\n<QUERY>',
    );
    expect(t.steps[5]?.text).toBe('river at Dunhollow');
  });

  it('a selection without ids is recorded on the rank step, and every candidate goes back', async () => {
    const llm = new ScriptedLlm(['<QUERY> Ilse Marrow birthplace', 'none of them', '<FINAL>', 'unknown']);
    const { t } = await runCollect(exsearch, {
      question: QUESTION,
      llm,
      retriever: stubRetriever(TABLE),
      params: { rank: true },
    });
    expect(t.steps[3]).toMatchObject({
      kind: 'rank',
      ranking: [],
      error: 'no document ids in the selection; every candidate is kept',
    });
    const search = messagesOf(llm.calls[2]!.prompt)[2]?.content ?? '';
    expect(search).toMatch(/^<SEARCH> \[1, 2, 3\] Title: Veltmark Press\./);
    expect(search).toContain('Title: Cold Strand.');
  });

  it('parses rankings like the public code', () => {
    expect(rankLabels('[2] > [1] > [3]', 3)).toEqual([2, 1, 3]);
    expect(rankLabels('[3]>[3]>[9]>[1]', 3)).toEqual([3, 1]);
    expect(rankLabels('no ids', 3)).toEqual([]);
  });
});
