// Where each step of one run goes in the aligned rows: its group (plan node, or the run outside
// any node) and its slot in that group (a hop, or the group's answer).
import type { Step } from '../schema/trajectory';

export type Slot = number | 'answer';

export interface Placed {
  step: Step;
  /** Index into the alignment's groups; 0 is the run outside any plan node. */
  group: number;
  slot: Slot;
}

const ANSWER_KINDS: ReadonlySet<Step['kind']> = new Set(['answer', 'sub_answer']);
const RETRIEVAL_KINDS: ReadonlySet<Step['kind']> = new Set(['search', 'retrieve']);

/**
 * Places a run's steps. `groupOf` maps a plan node id to its group (grouped mode); without it
 * every step is in group 0 and hops are numbered in order of appearance across plan nodes, so an
 * APEX run's per-sub-question hops line up with a plan-less run's hops 1, 2, 3.
 *
 * Steps without a hop: answers and sub-answers go to their group's answer slot; other steps join
 * the hop of a step of the same turn, else the nearest earlier hop of their group, else the
 * nearest later one, else slot 0 (a run, or a sub-question, that never searched).
 */
export function placeSteps(steps: readonly Step[], groupOf?: ReadonlyMap<string, number>): Placed[] {
  const groupFor = (s: Step): number =>
    groupOf && s.planNode !== undefined ? (groupOf.get(s.planNode) ?? 0) : 0;
  const ordinal = new Map<string, number>();
  const hopKey = (s: Step) => `${s.planNode ?? ''}#${s.hop}`;
  // Flattened, only hops that searched count: APEX tags the decision that stops a sub-question
  // with the next hop number, which is no retrieval hop.
  const searchedHops = new Set(steps.filter((s) => RETRIEVAL_KINDS.has(s.kind)).map(hopKey));
  const hopSlot = (s: Step): number | null => {
    if (s.hop === undefined) return null;
    if (groupOf) return s.hop;
    const k = hopKey(s);
    if (!searchedHops.has(k)) return null;
    if (!ordinal.has(k)) ordinal.set(k, ordinal.size + 1);
    return ordinal.get(k) ?? null;
  };
  const placed: Array<{ step: Step; group: number; slot: Slot | null }> = steps.map((step) => ({
    step,
    group: groupFor(step),
    slot: ANSWER_KINDS.has(step.kind) ? 'answer' : hopSlot(step),
  }));

  const turnSlot = new Map<string, number>();
  for (const p of placed)
    if (typeof p.slot === 'number' && p.step.turn !== undefined) {
      const k = `${p.group}#${p.step.turn}`;
      if (!turnSlot.has(k)) turnSlot.set(k, p.slot);
    }
  const nearest = (i: number, group: number, dir: 1 | -1): number | null => {
    for (let j = i + dir; j >= 0 && j < placed.length; j += dir) {
      const p = placed[j];
      if (p && p.group === group && typeof p.slot === 'number') return p.slot;
    }
    return null;
  };
  return placed.map((p, i) => {
    if (p.slot !== null) return { step: p.step, group: p.group, slot: p.slot };
    const byTurn = p.step.turn !== undefined ? turnSlot.get(`${p.group}#${p.step.turn}`) : undefined;
    const slot = byTurn ?? nearest(i, p.group, -1) ?? nearest(i, p.group, 1) ?? 0;
    return { step: p.step, group: p.group, slot };
  });
}
