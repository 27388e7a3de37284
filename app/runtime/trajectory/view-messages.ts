// The messages that carry a trajectory's view from its worker to the page: the record in chunks
// (core/schema/trajectory-chunks.ts), the derived values, then their long lists in slices, each
// message a short task for the page to receive.
import {
  CHUNK_ITEMS,
  type TrajectoryChunk,
  TrajectoryAssembler,
  trajectoryChunks,
} from '../../core/schema/trajectory-chunks';
import type { TrajectoryDerived, TrajectoryView } from './view';

/** The derived arrays that grow with the trajectory (50,000 searches: 50,000 verdicts). */
const LONG_LISTS = ['verdicts', 'searchLabels', 'overSearch', 'diagnosisFlags', 'flags'] as const;
type LongList = (typeof LONG_LISTS)[number];

function longList(d: TrajectoryDerived, name: LongList): unknown[] {
  return name === 'flags'
    ? d.flags
    : name === 'diagnosisFlags'
      ? d.diagnosis.flags
      : (d.diagnosis[name] as unknown[]);
}

export type TrajectoryViewMessage =
  | TrajectoryChunk
  /** The derived values, their long lists empty (they follow as `items`). */
  | { kind: 'derived'; derived: TrajectoryDerived }
  | { kind: 'items'; list: LongList; items: unknown[] };

/**
 * The messages that carry a view to the page, each of at most `budget` items: the record's
 * chunks, the derived values, then their long lists in slices (13 MB of flags for a
 * 100,000-step trajectory that repeats its queries).
 */
export function* viewMessages(v: TrajectoryView, budget = CHUNK_ITEMS): Generator<TrajectoryViewMessage> {
  yield* trajectoryChunks(v.trajectory, budget);
  const { trajectory: _, ...full } = v;
  const derived: TrajectoryDerived = {
    ...full,
    flags: [],
    diagnosis: { ...full.diagnosis, verdicts: [], searchLabels: [], overSearch: [], flags: [] },
  };
  yield { kind: 'derived', derived };
  for (const list of LONG_LISTS) {
    const all = longList(full, list);
    for (let i = 0; i < all.length; i += budget)
      yield { kind: 'items', list, items: all.slice(i, i + budget) };
  }
}

/** Puts a view back together from viewMessages, in their order. */
export class ViewAssembler {
  private readonly chunks = new TrajectoryAssembler();
  private derived: TrajectoryDerived | null = null;

  add(m: TrajectoryViewMessage): void {
    if (m.kind === 'derived') this.derived = m.derived;
    else if (m.kind !== 'items') this.chunks.add(m);
    else {
      if (!this.derived) throw new Error(`derived ${m.list} arrived before the derived values`);
      const list = longList(this.derived, m.list);
      for (const x of m.items) list.push(x);
    }
  }

  result(): TrajectoryView {
    if (!this.derived) throw new Error('the derived values never arrived');
    return { ...this.derived, trajectory: this.chunks.result() };
  }
}
