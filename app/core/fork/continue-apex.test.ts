import { beforeAll, describe, expect, it } from 'vitest';
import { apex } from '../agents/apex/apex';
import { runStrategy } from '../agents/run';
import { stubRetriever } from '../../testing/strategy-harness';
import { ScriptedLlm, promptText } from '../../testing/scripted-llm';
import { TrajectorySchema, type Trajectory } from '../schema/trajectory';
import { continuationProblem } from './continuations';
import { fixture, strip } from '../../testing/fork-fixtures';
import { runFork } from './run';
import { importAll, stringChunks } from '../importers/pipeline';

let parent: Trajectory;
beforeAll(async () => {
  parent = (await fixture('apex.jsonl'))[0]!;
});

const P1 = { id: 'p1', title: 'Veltmark Press', text: 'Veltmark Press was founded by Ilse Marrow.' };
const REPLACEMENT = { id: 'v7', title: 'Ilse Marrow', text: 'Ilse Marrow was born in Kettlewick.', rank: 1 };
const node = (t: Trajectory, id: string, kind: string) =>
  t.steps.find((s) => s.planNode === id && s.kind === kind)!;

describe('APEX continues a fork from its plan, knowledge and query history', () => {
  it('replays an imported plan, re-answers the edited sub-question and runs only what is left', async () => {
    const retrieve2 = node(parent, '2', 'retrieve');
    const replaced = retrieve2.docs![0]!;
    // Whether to search again for 2, its sub-answer, then sub-question 3 (decision, query,
    // whether to search again, sub-answer), then the synthesis.
    const llm = new ScriptedLlm([
      'stop',
      'Kettlewick',
      'retrieve',
      'Query: Kettlewick river',
      'stop',
      'the Orrin',
      'Orrin',
    ]);
    const retriever = stubRetriever({
      'Kettlewick river': [{ id: 'k1', title: 'Kettlewick', text: 'Kettlewick lies on the Orrin.' }],
    });
    const { trajectory: t } = await runFork(
      {
        parent,
        stepIndex: retrieve2.index,
        change: { kind: 'replace_doc', docId: replaced.id, doc: REPLACEMENT },
        def: apex,
      },
      { llm, retriever },
    );
    expect(TrajectorySchema.safeParse(t).success).toBe(true);
    expect(llm.calls).toHaveLength(7);
    expect(retriever.calls).toEqual([{ queries: ['Kettlewick river'], k: 3 }]);
    expect(t.steps.slice(0, retrieve2.index).map(strip)).toEqual(
      parent.steps.slice(0, retrieve2.index).map(strip),
    );
    // Sub-answer 2 reads the knowledge from node 1 and the replaced document.
    const sub2 = promptText(llm.calls[1]!.prompt);
    expect(sub2).toContain('Q: Who founded Veltmark Press?\nA: Ilse Marrow');
    expect(sub2).toContain('Ilse Marrow was born in Kettlewick.');
    expect(sub2).not.toContain(replaced.text);
    expect(sub2).toContain('Question: Where was Ilse Marrow born?');
    // #2 resolves to the new sub-answer; the plan comes from the parent.
    expect(promptText(llm.calls[2]!.prompt)).toContain('Question: Which river flows past Kettlewick?');
    expect(t.plan?.map((n) => [n.id, n.status, n.answer])).toEqual([
      ['1', 'done', 'Ilse Marrow'],
      ['2', 'done', 'Kettlewick'],
      ['3', 'done', 'the Orrin'],
    ]);
    expect(t.answer?.text).toBe('Orrin');
    expect(t.lineage).toMatchObject({ replayed: retrieve2.index + 1, reconstruction: 'approximate' });
  });

  it('takes an edited plan as the plan, and an edited query into its own retrieval', async () => {
    const plan = parent.steps.find((s) => s.kind === 'plan')!;
    const llm = new ScriptedLlm([
      'retrieve',
      'Query: Veltmark Press river',
      'stop',
      'Sable Reach',
      'Sable Reach',
    ]);
    const retriever = stubRetriever({
      'Veltmark Press river': [
        { id: 'x', title: 'Veltmark', text: 'Veltmark Press stands on the Sable Reach.' },
      ],
    });
    const { trajectory: t } = await runFork(
      {
        parent,
        stepIndex: plan.index,
        change: { kind: 'edit_text', text: '1. Which river flows past Veltmark Press?' },
        def: apex,
      },
      { llm, retriever },
    );
    expect(t.plan?.map((n) => n.text)).toEqual(['Which river flows past Veltmark Press?']);
    expect(llm.calls).toHaveLength(5);
    expect(promptText(llm.calls[0]!.prompt)).toContain('Question: Which river flows past Veltmark Press?');

    const search = node(parent, '3', 'search');
    const llm2 = new ScriptedLlm(['stop', 'the Sable Reach', 'Sable Reach']);
    const r2 = stubRetriever({
      'Dunhollow harbour': [{ id: 'h', title: 'Harbour', text: 'The harbour of Dunhollow.' }],
    });
    const { trajectory: f } = await runFork(
      {
        parent,
        stepIndex: search.index,
        change: { kind: 'edit_query', query: 'Dunhollow harbour' },
        def: apex,
      },
      { llm: llm2, retriever: r2 },
    );
    expect(r2.calls).toEqual([{ queries: ['Dunhollow harbour'], k: 3 }]);
    expect(f.steps[search.index + 1]).toMatchObject({ kind: 'retrieve', planNode: '3', hop: 1 });
    // The continuation decision sees the edited query in the history.
    expect(promptText(llm2.calls[0]!.prompt)).toContain('Queries tried:\n- Dunhollow harbour');
    expect(promptText(llm2.calls[0]!.prompt)).toContain('Searches done so far: 1 of at most 5');
  });

  it('continues its own live run exactly: an unchanged sub-answer gives the same prompts', async () => {
    const replies = [
      '1. Who built X?\n2. Where was #1 born?',
      'retrieve',
      'Query: X builder',
      'stop',
      'Ann',
      'retrieve',
      'Query: Ann birthplace',
      'stop',
      'Oslo',
      'Oslo',
    ];
    const world = stubRetriever({
      'X builder': [{ id: 'a', title: 'X', text: 'X was built by Ann.' }],
      'Ann birthplace': [{ id: 'b', title: 'Ann', text: 'Ann was born in Oslo.' }],
    });
    const first = new ScriptedLlm(replies);
    const live = await runStrategy(apex, {
      question: 'Where was the builder of X born?',
      llm: first,
      retriever: world,
    });
    const sub1 = node(live, '1', 'sub_answer');
    const llm = new ScriptedLlm(replies.slice(5));
    const { trajectory: t } = await runFork(
      { parent: live, stepIndex: sub1.index, change: { kind: 'edit_text', text: 'Ann' }, def: apex },
      { llm, retriever: world },
    );
    expect(t.lineage?.reconstruction).toBe('exact');
    expect(llm.calls.map((c) => promptText(c.prompt))).toEqual(
      first.calls.slice(5).map((c) => promptText(c.prompt)),
    );
    expect(t.answer?.text).toBe('Oslo');
  });

  // v1 §3.2.2: δ_knowledge → {Retrieve, Answer}; "Answer" goes straight to the sub-answer. A
  // logged "Answer" (a Hopscope JSONL written elsewhere, or stored before imports read decisions)
  // resumes as answer, read by the live run's reader, not compared with the string "answer".
  it('resumes a logged "Answer" decision as answer, without retrieving', async () => {
    const record = {
      question: 'Where was the founder of Veltmark Press born?',
      plan: '1. Who founded Veltmark Press?\n2. Where was #1 born?',
      sub_questions: [
        {
          id: 1,
          decision: 'Retrieve',
          hops: [{ query: 'Veltmark Press founder', docs: [P1] }],
          answer: 'Ilse Marrow',
        },
        { id: 2, decision: 'Answer', answer: 'Dunhollow' },
      ],
      final_answer: 'Dunhollow',
    };
    const imported = (await importAll(stringChunks(JSON.stringify(record)), { file: 'a.jsonl' }))
      .trajectories[0]!;
    const logged = {
      ...imported,
      steps: imported.steps.map((s) => (s.decision === 'answer' ? { ...s, decision: 'Answer' } : s)),
    };
    for (const parent of [imported, logged]) {
      const decision = node(parent, '2', 'decision');
      const llm = new ScriptedLlm(['Dunhollow', 'Dunhollow']);
      const retriever = stubRetriever({});
      const { trajectory: t } = await runFork(
        {
          parent,
          stepIndex: decision.index,
          change: { kind: 'edit_text', text: 'Where was Ilse Marrow born?' },
          def: apex,
        },
        { llm, retriever },
      );
      expect(retriever.calls).toEqual([]);
      expect(promptText(llm.calls[0]!.prompt)).toContain(
        'using only the knowledge gathered in earlier steps',
      );
      expect(t.answer?.text).toBe('Dunhollow');
    }
  });

  it('says why a parent without a plan cannot seed APEX', async () => {
    const ex = (await fixture('exsearch.jsonl'))[0]!;
    expect(continuationProblem(ex, 2, { kind: 'answer_now' }, 'apex')).toMatch(/has no plan/);
    expect(continuationProblem(parent, 2, { kind: 'answer_now' }, 'apex')).toBeNull();
    expect(continuationProblem(parent, 0, { kind: 'edit_text', text: 'no numbers here' }, 'apex')).toMatch(
      /no sub-questions: no numbered \("1\. …"\) or bulleted/,
    );
  });
});
