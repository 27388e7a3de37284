import { beforeAll, describe, expect, it } from 'vitest';
import { qagent } from '../agents/qagent';
import { runStrategy } from '../agents/run';
import { stubRetriever } from '../../testing/strategy-harness';
import { ScriptedLlm, promptText } from '../../testing/scripted-llm';
import { TrajectorySchema, type Trajectory } from '../schema/trajectory';
import { fixture, strip } from '../../testing/fork-fixtures';
import { runFork } from './run';

let parent: Trajectory;
beforeAll(async () => {
  parent = (await fixture('qagent.jsonl'))[0]!;
});

describe('QAgent continues a fork from its transcript and collected passages', () => {
  it('replays an imported log and writes searches in <query> tags with the edited query’s passage', async () => {
    const search = parent.steps.find((s) => s.kind === 'search')!;
    const llm = new ScriptedLlm(['<reflection>Enough.</reflection>\n<answer> Kettlewick </answer>']);
    const retriever = stubRetriever({
      'new query': [{ id: 'n1', title: 'New', text: 'Kettlewick is the answer.' }],
    });
    const { trajectory: t } = await runFork(
      { parent, stepIndex: search.index, change: { kind: 'edit_query', query: 'new query' }, def: qagent },
      { llm, retriever },
    );
    expect(TrajectorySchema.safeParse(t).success).toBe(true);
    expect(llm.calls).toHaveLength(1);
    expect(retriever.calls).toEqual([{ queries: ['new query'], k: 1 }]);
    expect(t.steps.slice(0, search.index).map(strip)).toEqual(parent.steps.slice(0, search.index).map(strip));
    const prompt = promptText(llm.calls[0]!.prompt);
    expect(prompt).toContain('Kettlewick is the answer.');
    expect(t.answer?.text).toBe('Kettlewick');
  });

  it('gives the frozen generator (submodule mode) the passages collected before and after the fork', async () => {
    const replies = [
      '<plan>p</plan>\n<search>\n<query> q1 </query>\n</search>',
      '<reflection>r</reflection>\n<plan>p2</plan>\n<search>\n<query> q2 </query>\n</search>',
      '<answer> x </answer>',
    ];
    const world = stubRetriever({
      q1: [{ id: 'a', title: 'A', text: 'alpha' }],
      q2: [{ id: 'b', title: 'B', text: 'beta' }],
      q3: [{ id: 'c', title: 'C', text: 'gamma' }],
    });
    const live = await runStrategy(qagent, {
      question: 'Q?',
      llm: new ScriptedLlm(replies),
      retriever: world,
    });
    const second = live.steps.filter((s) => s.kind === 'search')[1]!;
    const llm = new ScriptedLlm(['<answer> y </answer>', 'gamma answer']);
    const { trajectory: t } = await runFork(
      { parent: live, stepIndex: second.index, change: { kind: 'edit_query', query: 'q3' }, def: qagent },
      { llm, retriever: world, params: { submodule: true } },
    );
    expect(llm.calls).toHaveLength(2);
    // The rebuilt transcript writes the parent's search in QAgent's own <query> form.
    expect(promptText(llm.calls[0]!.prompt)).toContain('<search>\n<query> q1 </query>\n</search>');
    const generator = promptText(llm.calls[1]!.prompt);
    expect(generator).toContain('alpha');
    expect(generator).toContain('gamma');
    expect(generator).not.toContain('beta');
    expect(t.answer?.text).toBe('gamma answer');
  });
});
