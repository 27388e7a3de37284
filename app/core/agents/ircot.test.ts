import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../../testing/scripted-llm';
import type { Prompt } from '../llm/types';
import { firstSentence, ircot, ircotAnswer } from './ircot';
import { kinds, runCollect, stubRetriever } from '../../testing/strategy-harness';

const P = {
  press: { id: 'w1', title: 'Veltmark Press', text: 'Veltmark Press was founded in 1871 by Ilse Marrow.' },
  marrow: { id: 'w2', title: 'Ilse Marrow', text: 'Ilse Marrow was born in Dunhollow.' },
};
const QUESTION = 'Where was the founder of Veltmark Press born?';
const TABLE = {
  [QUESTION]: [P.press],
  'Veltmark Press was founded by Ilse Marrow.': [P.marrow, P.press],
};
const user = (p: Prompt | undefined): string =>
  typeof p === 'object' ? (p.messages.at(-1)?.content ?? '') : '';

describe('IRCoT strategy', () => {
  it('retrieves for the question, then one sentence per step as the next query, until "answer is:"', async () => {
    const llm = new ScriptedLlm([
      'Veltmark Press was founded by Ilse Marrow. Ilse Marrow was born in Dunhollow.',
      'Ilse Marrow was born in Dunhollow. So the answer is: Dunhollow.',
    ]);
    const retriever = stubRetriever(TABLE);
    const { t } = await runCollect(ircot, { question: QUESTION, llm, retriever });
    expect(kinds(t)).toEqual(['search', 'retrieve', 'think', 'search', 'retrieve', 'think', 'answer']);
    expect(t.steps.map((s) => s.hop)).toEqual([1, 1, undefined, 2, 2, undefined, undefined]);
    expect(t.steps[2]?.text).toBe('Veltmark Press was founded by Ilse Marrow.');
    expect(t.steps[3]?.queries).toEqual(['Veltmark Press was founded by Ilse Marrow.']);
    expect(retriever.calls.map((c) => c.k)).toEqual([4, 4]);
    expect(t.answer?.text).toBe('Dunhollow');
    expect(t.finishReason).toBe('answer');
    const second = user(llm.calls[1]!.prompt);
    expect(second).toContain(
      'Wikipedia Title: Veltmark Press\nVeltmark Press was founded in 1871 by Ilse Marrow.',
    );
    expect(second).toContain('Wikipedia Title: Ilse Marrow\nIlse Marrow was born in Dunhollow.');
    expect(second.match(/Wikipedia Title: Veltmark Press/g)).toHaveLength(1);
    expect(
      second.endsWith(`Question: ${QUESTION}\nThought: Veltmark Press was founded by Ilse Marrow.`),
    ).toBe(true);
    expect(llm.calls[0]!.options.stop).toEqual(['\n']);
  });

  it('closes the chain with "So the answer is:" at the step limit', async () => {
    const llm = new ScriptedLlm(['Veltmark Press was founded by Ilse Marrow.', ' Dunhollow.']);
    const { t } = await runCollect(ircot, {
      question: QUESTION,
      llm,
      retriever: stubRetriever(TABLE),
      params: { maxSteps: 1 },
    });
    expect(kinds(t)).toEqual(['search', 'retrieve', 'think', 'search', 'retrieve', 'answer']);
    expect(
      user(llm.calls[1]!.prompt).endsWith(
        'Thought: Veltmark Press was founded by Ilse Marrow. So the answer is:',
      ),
    ).toBe(true);
    expect(t.answer?.text).toBe('Dunhollow');
    expect(t.finishReason).toBe('max_turns');
  });

  it('caps the paragraphs in the prompt', async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ id: `m${i}`, title: `T${i}`, text: `text ${i}` }));
    const llm = new ScriptedLlm(['So the answer is: x']);
    await runCollect(ircot, {
      question: 'q',
      llm,
      retriever: stubRetriever(() => many),
      params: { topK: 6, maxParagraphs: 2 },
    });
    expect(user(llm.calls[0]!.prompt).match(/Wikipedia Title/g)).toHaveLength(2);
  });

  it('parses sentences and answers', () => {
    expect(firstSentence('A b. C d.')).toBe('A b.');
    expect(firstSentence('no period')).toBe('no period');
    expect(ircotAnswer('Thus. So the answer is: Saltby.')).toBe('Saltby');
    expect(ircotAnswer('nothing yet')).toBeUndefined();
  });
});
