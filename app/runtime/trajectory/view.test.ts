// The trajectory page's view, as the trajectory worker derives and sends it: the same values the
// page computed itself before, gold joined from a stored question set, and a huge view put back
// exactly from messages that each stay small.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDbPerTest } from '../../testing/fresh-db';
import { jawsWithoutGold } from '../../testing/jaws';
import { diagnose } from '../../core/diagnose/diagnose';
import { flagTrajectory } from '../../core/metrics/flags';
import { trajectoryMetrics } from '../../core/metrics/trajectory-metrics';
import type { Trajectory } from '../../core/schema/trajectory';
import { putQuestionSet } from '../../db/corpus-store';
import { putTrajectories } from '../../db/store';
import { deriveView, loadTrajectoryView } from './view';
import { ViewAssembler, viewMessages } from './view-messages';

freshDbPerTest();

const jaws = jawsWithoutGold({ repeatSearch: true });

/** Messages cloned as postMessage clones them, then put back together. */
function sendAndAssemble(t: Trajectory, budget: number) {
  const view = deriveView(t, null);
  const messages = [...viewMessages(view, budget)].map((m) => structuredClone(m));
  const sizes = messages.map((m) =>
    m.kind === 'items' ? m.items.length : m.kind === 'derived' ? m.derived.flags.length : 0,
  );
  const a = new ViewAssembler();
  for (const m of messages) a.add(m);
  return { view, back: a.result(), sizes, kinds: messages.map((m) => m.kind) };
}

describe('trajectory view', () => {
  it('derives what the page derived (metrics, diagnosis, flags) and joins gold from a stored set', async () => {
    await putTrajectories([jaws]);
    const bare = await loadTrajectoryView('nogold');
    expect(bare?.goldFrom).toBeNull();
    expect(bare?.metrics).toEqual(trajectoryMetrics(jaws));
    expect(bare?.diagnosis).toEqual(diagnose(jaws));
    expect(bare?.flags).toEqual(flagTrajectory(jaws));
    expect(bare?.planLayout).toBeNull();

    await putQuestionSet({
      name: 'jaws-set',
      source: 'q.jsonl',
      questions: [
        {
          id: 'q1',
          question: 'Who directed Jaws?',
          answers: ['Steven Spielberg'],
          source: { format: 'jsonl', file: 'q.jsonl', line: 1 },
        },
      ],
    });
    const joined = await loadTrajectoryView('nogold');
    expect(joined?.goldFrom).toBe('jaws-set');
    expect(joined?.trajectory.gold?.answers).toEqual(['Steven Spielberg']);
    expect(joined?.metrics.em).toBe(1);
    expect(await loadTrajectoryView('missing')).toBeNull();
  });

  it('puts a 20,000-search view back exactly from messages of at most the budget', () => {
    const many: Trajectory = {
      ...jaws,
      id: 'many',
      plan: [{ id: '1', text: 'who?', dependsOn: ['1'], status: 'pending' }],
      steps: Array.from({ length: 40_000 }, (_, i) =>
        i % 2 === 0
          ? { id: `s${i}`, index: i, kind: 'search' as const, queries: [`query ${i % 300}`] }
          : {
              id: `s${i}`,
              index: i,
              kind: 'retrieve' as const,
              docs: [{ id: `d${i % 50}`, text: `passage ${i % 50}`, rank: 1 }],
            },
      ),
    };
    const { view, back, sizes, kinds } = sendAndAssemble(many, 2_000);
    expect(back).toEqual(view);
    expect(view.diagnosis.verdicts).toHaveLength(20_000);
    expect(view.flags.length).toBeGreaterThan(2_000);
    expect(view.planLayout?.cycles).toHaveLength(1);
    expect(kinds.filter((k) => k === 'items').length).toBeGreaterThan(20);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2_000);
  });

  it('refuses long lists that arrive before the derived values', () => {
    expect(() => new ViewAssembler().add({ kind: 'items', list: 'flags', items: [] })).toThrow(
      /before the derived/,
    );
    expect(() => new ViewAssembler().result()).toThrow(/never arrived/);
  });
});
