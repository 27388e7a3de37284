// The start of a live run on a demo-world question with its gold, for tests that stream a run's
// events (the draft's snapshots, the live view's derivations).
import type { TrajectoryEvent } from '../core/schema/builder';

export const VELTMARK_LIVE_START: TrajectoryEvent = {
  type: 'start',
  id: 'live-1',
  question: 'Who founded Veltmark Press?',
  source: { kind: 'live' },
  agent: { strategy: 'search-r1', params: {} },
  gold: { answers: ['Ilse Marrow'], supporting: [{ title: 'Ilse Marrow' }] },
};
