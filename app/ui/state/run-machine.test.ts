import { afterEach, describe, expect, it, vi } from 'vitest';
import { finalizeTrajectory, type TrajectoryEvent, TrajectoryFolder } from '../../core/schema/builder';
import type { Trajectory } from '../../core/schema/trajectory';
import { createRunMachine } from './run-machine';

const doc = (title: string, rank: number) => ({ id: title, title, text: `${title} text`, rank });

afterEach(() => {
  vi.useRealTimers();
});

describe('the run machine', () => {
  it('redraws once per frame while tokens stream, finalizing only the step that changed', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    const folder = new TrajectoryFolder();
    const machine = createRunMachine<null, null>({
      run: async (_spec, _signal, onEvent, onPhase) => {
        const emit = (e: TrajectoryEvent) => {
          folder.apply(e);
          onEvent(e, folder.draft);
        };
        onPhase('running');
        emit({
          type: 'start',
          id: 'r',
          question: 'q',
          source: { kind: 'live' },
          agent: { strategy: 'search-r1', params: {} },
          gold: { answers: ['Ilse Marrow'] },
        });
        emit({ type: 'step', step: { id: 's0', kind: 'retrieve', docs: [doc('Ilse Marrow', 1)] } });
        emit({ type: 'step', step: { id: 's1', kind: 'think', text: '' } });
        for (let i = 0; i < 100; i++) emit({ type: 'step_token', stepId: 's1', text: `w${i} ` });
        await paused;
        emit({ type: 'finish', reason: 'answer' });
        return finalizeTrajectory(folder.draft);
      },
      about: () => null,
      empty: null,
      phases: () => ({ model: 'model', index: 'index' }),
    });
    const drafts: Trajectory[] = [];
    machine.subscribe((s, prev) => {
      if (s.draft && s.draft !== prev.draft) drafts.push(s.draft);
    });
    const done = machine.getState().start(null);
    await vi.advanceTimersByTimeAsync(0);
    // start, two steps: three redraws at once; the 100 tokens wait for the frame.
    expect(drafts).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(50);
    expect(drafts).toHaveLength(4);
    const streamed = drafts[3]!;
    expect(streamed).toEqual(finalizeTrajectory(folder.draft));
    expect(streamed.steps[1]?.text).toMatch(/w99 $/);
    expect(streamed.steps[0]?.docs?.[0]?.containsAnswer).toBe(true);
    // The retrieval step was finalized once, when it arrived: later redraws keep its object.
    expect(streamed.steps[0]).toBe(drafts[1]!.steps[0]);
    expect(machine.getState().streamingStepId).toBe('s1');
    release();
    await done;
    expect(machine.getState().status).toBe('done');
    expect(machine.getState().draft).toEqual(finalizeTrajectory(folder.draft));
  });
});
