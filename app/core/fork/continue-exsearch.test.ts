import { beforeAll, describe, expect, it } from 'vitest';
import { exsearch } from '../agents/exsearch/exsearch';
import { runStrategy } from '../agents/run';
import { stubRetriever } from '../../testing/strategy-harness';
import { ScriptedLlm, promptText } from '../../testing/scripted-llm';
import type { Prompt } from '../llm/types';
import { TrajectorySchema, type Trajectory } from '../schema/trajectory';
import { fixture, strip } from '../../testing/fork-fixtures';
import { runFork } from './run';

const chat = (p: Prompt) => (typeof p === 'string' ? [] : p.messages);

let parent: Trajectory;
beforeAll(async () => {
  parent = (await fixture('exsearch.jsonl'))[0]!;
});

const REPLACEMENT = {
  id: 'v9',
  title: 'Dunhollow Parish',
  text: 'Ilse Marrow was born in Kettlewick.',
  rank: 1,
};

describe('ExSearch continues a fork from its rebuilt chat', () => {
  it('replays an imported trajectory, calls the model only for new turns, and shows the new document', async () => {
    const at = parent.steps.findIndex((s) => s.kind === 'retrieve');
    const replaced = parent.steps[at]!.docs![0]!;
    const llm = new ScriptedLlm(['<FACT> Ilse Marrow was born in Kettlewick.\n<FINAL>', 'Kettlewick']);
    const retriever = stubRetriever({});
    const { trajectory: t } = await runFork(
      {
        parent,
        stepIndex: at,
        change: { kind: 'replace_doc', docId: replaced.id, doc: REPLACEMENT },
        def: exsearch,
      },
      { llm, retriever },
    );
    expect(TrajectorySchema.safeParse(t).success).toBe(true);
    expect(llm.calls).toHaveLength(2);
    expect(retriever.calls).toHaveLength(0);
    expect(t.steps.slice(0, at).map(strip)).toEqual(parent.steps.slice(0, at).map(strip));
    // The chat: the task prompt, the parent's query, the edited <SEARCH> turn (all three docs).
    const msgs = chat(llm.calls[0]!.prompt);
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(msgs[1]!.content).toBe('<QUERY> Ilse Marrow birthplace');
    expect(msgs[2]!.content).toMatch(/^<SEARCH> \[1, 2, 3\] /);
    expect(msgs[2]!.content).toContain('Ilse Marrow was born in Kettlewick.');
    expect(msgs[2]!.content).not.toContain(replaced.text);
    // The new turn's fact, then the answer.
    expect(t.steps.slice(at + 1).map((s) => s.kind)).toEqual(['record', 'answer']);
    expect(promptText(llm.calls[1]!.prompt)).toContain('please give the final answer');
    expect(t.answer?.text).toBe('Kettlewick');
    expect(t.lineage).toMatchObject({ replayed: at + 1, reconstruction: 'approximate' });
    expect(t.lineage?.note).toMatch(/does not carry the prompt/);
  });

  it('refuses to continue the w/o search arm (§5.2), whose chat has no <SEARCH> turns to rebuild', async () => {
    const selfAsk = await runStrategy(exsearch, {
      question: 'Where was Ilse Marrow born?',
      llm: new ScriptedLlm(['<QUERY> Ilse Marrow birthplace', '<FACT> Dunhollow\n<FINAL>', 'Dunhollow']),
      retriever: stubRetriever({}),
      params: { search: false },
    });
    const fork = (p: Trajectory, params?: Record<string, unknown>) =>
      runFork(
        { parent: p, stepIndex: 0, change: { kind: 'answer_now' }, def: exsearch },
        { llm: new ScriptedLlm([]), retriever: stubRetriever({}), ...(params ? { params } : {}) },
      );
    await expect(fork(selfAsk)).rejects.toThrow(/w\/o search arm/);
    // A fork of a searching run told not to search stops with the reason on its last step.
    const { trajectory: t } = await fork(parent, { search: false });
    expect(t.finishReason).toBe('error');
    expect(t.steps.at(-1)?.error).toMatch(/w\/o search arm/);
  });

  it('keeps the stored <SEARCH> turns the model read, and searches an edited sub-query itself', async () => {
    const search2 = parent.steps.filter((s) => s.kind === 'search')[1]!;
    const llm = new ScriptedLlm(['<FACT> It is the Orrin.\n<FINAL>', 'Orrin']);
    const retriever = stubRetriever({
      'Dunhollow river name': [{ id: 'r1', title: 'Orrin', text: 'The Orrin flows past Dunhollow.' }],
    });
    const { trajectory: t } = await runFork(
      {
        parent,
        stepIndex: search2.index,
        change: { kind: 'edit_query', query: 'Dunhollow river name' },
        def: exsearch,
      },
      { llm, retriever },
    );
    expect(retriever.calls).toEqual([{ queries: ['Dunhollow river name'], k: 5 }]);
    expect(llm.calls).toHaveLength(2);
    const msgs = chat(llm.calls[0]!.prompt);
    // The first <SEARCH> turn is the log's own; the edited query follows its fact.
    expect(msgs[2]!.content).toBe(parent.steps.find((s) => s.kind === 'retrieve')!.raw);
    expect(msgs[3]!.content).toBe('<FACT> Ilse Marrow was born in Dunhollow.\n<QUERY> Dunhollow river name');
    expect(msgs[4]!.content).toContain('The Orrin flows past Dunhollow.');
    expect(t.steps[search2.index + 1]).toMatchObject({ kind: 'retrieve', hop: 2, turn: search2.turn });
  });

  it('continues its own live run exactly: an unchanged fact gives the same prompts as the parent', async () => {
    const replies = [
      'Marrow birthplace',
      '<FACT> Born in Dunhollow.\n<QUERY> Dunhollow river',
      '<FACT> The Sable Reach.\n<FINAL>',
      'Sable Reach',
    ];
    const world = stubRetriever({
      'Marrow birthplace': [{ id: 'a', title: 'Marrow', text: 'Marrow was born in Dunhollow.' }],
      'Dunhollow river': [{ id: 'b', title: 'Dunhollow', text: 'Dunhollow is on the Sable Reach.' }],
    });
    const first = new ScriptedLlm(replies);
    const live = await runStrategy(exsearch, { question: 'Which river?', llm: first, retriever: world });
    const record = live.steps.find((s) => s.kind === 'record')!;
    const llm = new ScriptedLlm(replies.slice(1).map((r, i) => (i === 0 ? 'Dunhollow river' : r)));
    const { trajectory: t } = await runFork(
      {
        parent: live,
        stepIndex: record.index,
        change: { kind: 'edit_text', text: record.text! },
        def: exsearch,
      },
      { llm, retriever: world },
    );
    expect(t.lineage?.reconstruction).toBe('exact');
    // The fork asks for the query with `<FACT> fact\n<QUERY>`, then runs on as the parent did.
    expect(promptText(llm.calls[0]!.prompt)).toContain('<FACT> Born in Dunhollow.\n<QUERY>');
    expect(llm.calls.slice(1).map((c) => c.prompt)).toEqual(first.calls.slice(2).map((c) => c.prompt));
    expect(t.answer?.text).toBe('Sable Reach');
  });
});
