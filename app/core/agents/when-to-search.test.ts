import { describe, expect, it } from 'vitest';
import { parseTaggedTranscript, transcriptSystem } from '../importers/formats/tagged-transcript';
import { ScriptedLlm } from '../../testing/scripted-llm';
import { kinds, runCollect, stubRetriever } from '../../testing/strategy-harness';
import { whenToSearch } from './when-to-search';

const PASSAGES = {
  'Dunhollow river': [
    { id: 'd1', title: 'Dunhollow', text: 'Dunhollow lies at the mouth of the Sable Reach.' },
  ],
};

describe('When-to-Search strategy', () => {
  it('follows Table 5: max_action_length 8192 a turn, max_response_length 16384 in all, max_turns 5', async () => {
    // Table 5: max_action_length 8192 ("Maximum length of tool actions"), max_response_length
    // 16384 ("Maximum length of the generated response"), max_turns 5.
    expect(whenToSearch.defaults).toMatchObject({ maxTurns: 5, maxTokens: 8192, maxResponseTokens: 16384 });
    const script = [
      '<think> I do not know which river. </think>\n<search> Dunhollow river </search>',
      '<reflect> The passage names the Sable Reach. </reflect>\n<answer> Sable Reach </answer>',
    ];
    const free = new ScriptedLlm(script);
    await runCollect(whenToSearch, {
      question: 'Which river?',
      llm: free,
      retriever: stubRetriever(PASSAGES),
    });
    expect(free.calls.map((c) => c.options?.maxTokens)).toEqual([8192, 8192]);

    // A model that reports an 8192-token context: each turn gets what the prompt leaves of it.
    const small = Object.assign(new ScriptedLlm(script), { contextTokens: 8192 });
    await runCollect(whenToSearch, {
      question: 'Which river?',
      llm: small,
      retriever: stubRetriever(PASSAGES),
    });
    const [first, second] = small.calls.map((c) => c.options?.maxTokens ?? 0);
    const prompt = (small.calls[0]!.prompt as { messages: { content: string }[] }).messages[0]!.content;
    expect(first).toBe(Math.min(8192, 8192 - Math.ceil(prompt.length / 2)));
    // The second turn: the adapter's count of the first (prompt + turn) and the information since.
    const r0 = small.calls[0]!.result!;
    expect(second).toBeLessThan(8192 - r0.tokensIn - r0.tokensOut);
    expect(second).toBeGreaterThan(0);
  });

  it('answers from internal knowledge without searching: think → reflect → answer', async () => {
    const llm = new ScriptedLlm([
      '<think> Paris is the capital of France; I know this. </think>\n<reflect> My knowledge suffices. </reflect>\n<answer> Paris </answer>',
    ]);
    const retriever = stubRetriever({});
    const { t } = await runCollect(whenToSearch, {
      question: 'What is the capital of France?',
      llm,
      retriever,
    });
    expect(kinds(t)).toEqual(['think', 'reflect', 'answer']);
    expect(t.answer?.text).toBe('Paris');
    expect(retriever.calls).toHaveLength(0);
    const user = (llm.calls[0]!.prompt as { messages: { content: string }[] }).messages[0]!.content;
    expect(user).toContain('<reflect>');
    expect(user.trimEnd().endsWith('Question: What is the capital of France?')).toBe(true);
  });

  it('searches with a short keyword query, reflects on the information, answers', async () => {
    const llm = new ScriptedLlm([
      '<think> I do not know which river. </think>\n<search> Dunhollow river </search>',
      '<reflect> The passage names the Sable Reach. </reflect>\n<answer> Sable Reach </answer>',
    ]);
    const retriever = stubRetriever(PASSAGES);
    const { t } = await runCollect(whenToSearch, {
      question: 'Which river flows past Dunhollow?',
      llm,
      retriever,
    });
    expect(kinds(t)).toEqual(['think', 'search', 'retrieve', 'reflect', 'answer']);
    expect(t.steps[3]).toMatchObject({ kind: 'reflect', hop: 1, turn: 2 });
    expect(retriever.calls[0]?.k).toBe(5);
    const transcript =
      (llm.calls[1]!.prompt as { messages: { content: string }[] }).messages[1]!.content +
      llm.calls[1]!.result!.text +
      '</answer>';
    const imported = parseTaggedTranscript(transcript);
    expect(transcriptSystem(imported.markers)).toBe('when-to-search');
    expect(imported.steps.map((s) => s.kind)).toEqual(kinds(t));
  });

  it("carries the six rules of the trained model's instruction (appendix B.4), in order", async () => {
    const llm = new ScriptedLlm(['<answer> x </answer>']);
    await runCollect(whenToSearch, { question: 'q', llm, retriever: stubRetriever({}) });
    const user = (llm.calls[0]!.prompt as { messages: { content: string }[] }).messages[0]!.content;
    // One entry per rule of B.4, each with the part that carries its instruction.
    const rules = [
      [
        '1. ',
        'inside <think> and </think>',
        'mainly on your own knowledge',
        'do not assume you need outside tools',
      ],
      [
        '2. ',
        'inside <reflect> and </reflect>',
        'inside <answer> and </answer>',
        'never write a <search> block',
      ],
      [
        '3. ',
        'Only when your own knowledge is truly not enough',
        'names, dates, places, key concepts',
        'not as a question',
      ],
      ['4. ', '<information> and </information>', 'reliable and enough', 'concise final answer'],
      ['5. ', 'disagree with what you know', 'revised <search> query'],
      ['6. ', 'short and clear', 'always comes first', 'last resort, not the default'],
    ];
    let at = -1;
    for (const rule of rules) {
      for (const part of rule) {
        const next = user.indexOf(part, at + 1);
        expect(next, part).toBeGreaterThan(at);
        at = next;
      }
    }
  });

  it('runs max_turns = 5 searches (Table 5), then one turn with search disabled', async () => {
    const llm = new ScriptedLlm(Array.from({ length: 6 }, () => '<search> Dunhollow river </search>'));
    const retriever = stubRetriever(PASSAGES);
    const { t } = await runCollect(whenToSearch, { question: 'q', llm, retriever });
    expect(retriever.calls).toHaveLength(5);
    expect(llm.calls).toHaveLength(6);
    expect(kinds(t)).toEqual([...Array.from({ length: 5 }, () => ['search', 'retrieve']).flat(), 'search']);
    expect(t.finishReason).toBe('max_turns');
  });

  it('gives a turn no more than the response has left, and ends when nothing is left', async () => {
    const script = ['<search> Dunhollow river </search>', `<think> ${'word '.repeat(200)}`];
    const llm = new ScriptedLlm(script);
    const retriever = stubRetriever(PASSAGES);
    const { t } = await runCollect(whenToSearch, {
      question: 'q',
      llm,
      retriever,
      params: { maxResponseTokens: 120 },
    });
    const [first, second] = llm.calls.map((c) => c.options?.maxTokens ?? 0);
    expect(first).toBe(120);
    // The first turn's tokens (the adapter's count) and the <information> block (estimated).
    const r0 = llm.calls[0]!.result!;
    const block = t.steps.find((s) => s.kind === 'retrieve')!.raw!;
    expect(second).toBe(120 - r0.tokensOut - Math.ceil((block.length + 4) / 2));
    expect(second).toBeGreaterThan(0);
    // The second turn was cut at what was left; no third turn is asked for.
    expect(llm.calls[1]!.result!.finishReason).toBe('length');
    expect(llm.calls).toHaveLength(2);
    expect(t.finishReason).toBe('max_turns');
  });
});
