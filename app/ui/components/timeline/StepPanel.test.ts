// The number a flag's evidence gives a step is the number the step panel shows on it.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { flagTrajectory } from '../../../core/metrics/flags';
import { buildTrajectory, type StepInput, type TrajectoryEvent } from '../../../core/schema/builder';
import type { Doc, Step } from '../../../core/schema/trajectory';
import { StepPanel } from './StepPanel';

/** "Step N" as the panel renders it. */
function panelNumber(step: Step): number {
  const html = renderToStaticMarkup(
    createElement(StepPanel, {
      step,
      annotations: [],
      annotator: '',
      saveState: 'idle',
      saveError: null,
      onToggle: () => undefined,
      onNote: () => undefined,
      noteFocusSignal: 0,
      needAnnotator: null,
    }),
  );
  const m = /<h3>Step (\d+)/.exec(html);
  if (!m) throw new Error(`no step number in ${html.slice(0, 200)}`);
  return Number(m[1]);
}

const doc = (id: string, title: string, text: string): Doc => ({ id, title, text, rank: 1 });

describe('flag evidence and the step panel', () => {
  it('cite the same step number', () => {
    const steps: StepInput[] = [
      { kind: 'think', text: 'Find the director.' },
      { kind: 'search', queries: ['Jaws actor'] },
      { kind: 'retrieve', docs: [doc('d1', 'Roy Scheider', 'Roy Scheider starred in Jaws.')] },
      { kind: 'invalid', text: '<serch>', error: 'unparsable turn' },
      { kind: 'search', queries: ['jaws actor'] },
      { kind: 'retrieve', docs: [doc('d1', 'Roy Scheider', 'Roy Scheider starred in Jaws.')] },
    ];
    const events: TrajectoryEvent[] = [
      {
        type: 'start',
        question: 'Who directed Jaws?',
        source: { kind: 'import' },
        agent: { strategy: 'test', params: {} },
        gold: { answers: ['Steven Spielberg'] },
      },
      ...steps.map((step): TrajectoryEvent => ({ type: 'step', step })),
      { type: 'answer', text: 'Roy Scheider' },
    ];
    const t = buildTrajectory(events);
    const flags = flagTrajectory(t).filter((f) => f.stepId !== undefined && /\bsteps? \d/i.test(f.evidence));
    expect(flags.map((f) => f.kind).sort()).toEqual([
      'invalid-action',
      'no-new-docs',
      'repeated-query',
      'wrong-entity',
    ]);
    for (const f of flags) {
      const step = t.steps.find((s) => s.id === f.stepId);
      if (!step) throw new Error(`flag on unknown step ${f.stepId}`);
      // The flagged step's panel number is the first step number its evidence cites.
      const cited = /\bsteps? (\d+)/i.exec(f.evidence);
      expect([f.kind, Number(cited?.[1])]).toEqual([f.kind, panelNumber(step)]);
    }
  });
});
