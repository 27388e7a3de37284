// The live run (zustand): the shared run machine (run-machine.ts) over the live-run service. The
// run outlives the page component, so leaving the Run page and coming back shows it still going.
import { type LiveRunSpec, runAndStoreLive } from '../../services/live-run';
import { createRunMachine, type RunStatus } from './run-machine';

export type { LiveRunSpec };
export type LiveStatus = RunStatus;

export const useLiveRun = createRunMachine<LiveRunSpec, null>({
  run: runAndStoreLive,
  about: () => null,
  empty: null,
  phases: (spec) => ({
    model: spec.llm.kind === 'browser' ? 'Loading the model…' : 'Connecting…',
    index: 'Opening the index…',
  }),
});
