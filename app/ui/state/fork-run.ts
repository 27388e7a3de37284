// The fork in progress (zustand): the shared run machine (run-machine.ts) over the fork service,
// keeping which parent it forks and how many of its steps replay (the view dims those).
import { applyChange } from '../../core/fork/point';
import { type ForkSpec, runAndStoreFork } from '../../services/compare/fork';
import { createRunMachine, type RunStatus } from './run-machine';

export type ForkStatus = RunStatus;

export const useForkRun = createRunMachine<ForkSpec, { parentId: string | null; replayed: number }>({
  run: runAndStoreFork,
  // A change that does not fit the step is refused before anything loads.
  about: (spec) => ({
    parentId: spec.parent.id,
    replayed: applyChange(spec.parent, spec.stepIndex, spec.change).prefix.length,
  }),
  empty: { parentId: null, replayed: 0 },
  refused: (spec) => ({ parentId: spec.parent.id, replayed: 0 }),
  phases: () => ({ model: 'Loading the model…', index: 'Opening the index…' }),
});
