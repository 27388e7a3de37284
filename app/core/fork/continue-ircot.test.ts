import { describe, expect, it } from 'vitest';
import { ircot } from '../agents/ircot';
import { runStrategy } from '../agents/run';
import { stubRetriever } from '../../testing/strategy-harness';
import { ScriptedLlm, promptText } from '../../testing/scripted-llm';
import { TrajectorySchema } from '../schema/trajectory';
import { fixture, strip } from '../../testing/fork-fixtures';
import { runFork } from './run';

const WORLD = {
  'Who founded the Casmere Institute?': [
    { id: 'a', title: 'Casmere', text: 'Casmere was founded by Ilse Varn.' },
  ],
  'Casmere was founded by Ilse Varn.': [{ id: 'b', title: 'Varn', text: 'Ilse Varn was born in Oslo.' }],
  'Ilse Varn was born in Bergen.': [{ id: 'c', title: 'Bergen', text: 'Bergen is a city in Norway.' }],
};
const REPLIES = ['Casmere was founded by Ilse Varn.', 'Ilse Varn was born in Oslo. So the answer is: Oslo.'];

describe('IRCoT continues a fork from its chain of thought and paragraphs', () => {
  it('searches an edited thought, then generates only the new sentences', async () => {
    const parentLlm = new ScriptedLlm(REPLIES);
    const parent = await runStrategy(ircot, {
      question: 'Who founded the Casmere Institute?',
      llm: parentLlm,
      retriever: stubRetriever(WORLD),
    });
    const thought = parent.steps.find((s) => s.kind === 'think')!;
    const llm = new ScriptedLlm(['So the answer is: Bergen.']);
    const retriever = stubRetriever(WORLD);
    const { trajectory: t } = await runFork(
      {
        parent,
        stepIndex: thought.index,
        change: { kind: 'edit_text', text: 'Ilse Varn was born in Bergen.' },
        def: ircot,
      },
      { llm, retriever },
    );
    expect(TrajectorySchema.safeParse(t).success).toBe(true);
    expect(llm.calls).toHaveLength(1);
    // The edited thought is IRCoT's next query; nothing else is retrieved again.
    expect(retriever.calls).toEqual([{ queries: ['Ilse Varn was born in Bergen.'], k: 4 }]);
    expect(t.steps.slice(0, thought.index).map(strip)).toEqual(
      parent.steps.slice(0, thought.index).map(strip),
    );
    const prompt = promptText(llm.calls[0]!.prompt);
    expect(prompt).toContain('Thought: Ilse Varn was born in Bergen.');
    expect(prompt).toContain('Casmere was founded by Ilse Varn.'); // the question's paragraph
    expect(prompt).toContain('Bergen is a city in Norway.');
    expect(t.answer?.text).toBe('Bergen');
    expect(t.lineage?.reconstruction).toBe('exact');
  });

  it('continues its own run exactly: a dropped paragraph is the only difference in the prompt', async () => {
    const parentLlm = new ScriptedLlm(REPLIES);
    const parent = await runStrategy(ircot, {
      question: 'Who founded the Casmere Institute?',
      llm: parentLlm,
      retriever: stubRetriever(WORLD),
    });
    const retrieve2 = parent.steps.filter((s) => s.kind === 'retrieve')[1]!;
    const llm = new ScriptedLlm([REPLIES[1]!]);
    await runFork(
      { parent, stepIndex: retrieve2.index, change: { kind: 'drop_doc', docId: 'b' }, def: ircot },
      { llm, retriever: stubRetriever({}) },
    );
    const before = promptText(parentLlm.calls[1]!.prompt);
    expect(promptText(llm.calls[0]!.prompt)).toBe(
      before.replace('Wikipedia Title: Varn\nIlse Varn was born in Oslo.\n\n', ''),
    );
    expect(before).toContain('Ilse Varn was born in Oslo.');
  });

  it('takes an imported ExSearch log: its sub-queries and facts become the chain, its documents the paragraphs', async () => {
    const parent = (await fixture('exsearch.jsonl'))[0]!;
    const at = parent.steps.findLast((s) => s.kind === 'retrieve')!.index;
    const llm = new ScriptedLlm(['So the answer is: Sable Reach.']);
    const { trajectory: t } = await runFork(
      { parent, stepIndex: at, change: { kind: 'answer_now' }, def: ircot },
      { llm, retriever: stubRetriever({}) },
    );
    expect(llm.calls).toHaveLength(1);
    const prompt = promptText(llm.calls[0]!.prompt);
    expect(prompt).toContain('Dunhollow is a fishing village at the mouth of the Sable Reach.');
    expect(prompt).toContain('Thought: Ilse Marrow birthplace river at Dunhollow So the answer is:');
    expect(t.lineage?.note).toMatch(/stand in for IRCoT's one-sentence thoughts/);
  });
});
