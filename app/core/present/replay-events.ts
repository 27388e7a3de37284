// Presenter mode's beats: a stored trajectory turned back into the builder's events. Each event is
// one "beat" the presenter steps through; a step's text arrives as `step_token` beats, so the
// model's words stream at the speed the presenter picks. Replay (replay.ts) shows the state after
// any beat without folding the ones before it.
import type { TrajectoryEvent } from '../schema/builder';
import type { PlanNode, Step, Trajectory } from '../schema/trajectory';

/** Longest streamed beat: longer words arrive in pieces, as a tokenizer would cut them. */
export const TOKEN_CHARS = 12;

const WORDS = /\s*\S+\s*|\s+/g;

/** Splits text into beats of one word each (with its trailing space); long words in pieces. */
export function tokenChunks(text: string, size = TOKEN_CHARS): string[] {
  const out: string[] = [];
  for (const word of text.match(WORDS) ?? [])
    for (let i = 0; i < word.length; i += size) out.push(word.slice(i, i + size));
  return out;
}

/**
 * Where the first `m` of tokenChunks(text) end in the text (`m` past the last: its length), and
 * how many chunks there are in all, without making the chunks.
 */
export function chunkPrefix(text: string, m: number, size = TOKEN_CHARS): { end: number; count: number } {
  let count = 0;
  let end = text.length;
  WORDS.lastIndex = 0;
  for (let w = WORDS.exec(text); w; w = WORDS.exec(text)) {
    const pieces = Math.ceil(w[0].length / size);
    if (count < m && count + pieces >= m) end = w.index + Math.min(w[0].length, (m - count) * size);
    count += pieces;
  }
  return { end: m > 0 ? end : 0, count };
}

/** The text a step streams: search steps show their queries at once, other steps' text streams. */
export const streamedText = (s: Step): string => (s.kind === 'search' ? '' : (s.text ?? ''));

/**
 * The events that rebuild `t`, one at a time: start, the plan (every node pending), then per step
 * the step without its text, its text as token beats, its plan node marked active and, when a
 * later step moves on or the run ends, done with its answer; the answer and the finish last.
 * Folded by the builder they give `t` back (when step ids are unique: the builder appends a
 * token to every step of its id); `Replay` shows the fold after any of them.
 */
export function* replayEventStream(t: Trajectory): Generator<TrajectoryEvent, void> {
  const start: TrajectoryEvent = {
    type: 'start',
    id: t.id,
    question: t.question,
    source: t.source,
    agent: t.agent,
  };
  if (t.gold) start.gold = t.gold;
  if (t.reported) start.reported = t.reported;
  yield start;
  const plan = t.plan ?? [];
  if (plan.length > 0)
    yield {
      type: 'plan',
      nodes: plan.map(pendingCopy),
    };
  const final = new Map<string, PlanNode>();
  for (const n of plan) final.set(n.id, n);
  let active: string | undefined;
  for (const s of t.steps) {
    if (s.planNode !== active) {
      // The node worked on before is done, as the log left it.
      const n = active === undefined ? undefined : final.get(active);
      if (n) yield { type: 'plan_node', id: n.id, patch: finalPatch(n) };
      active = undefined;
      if (s.planNode !== undefined && final.has(s.planNode)) {
        active = s.planNode;
        yield { type: 'plan_node', id: s.planNode, patch: { status: 'active' } };
      }
    }
    const { index: _index, ...step } = s;
    const text = streamedText(s);
    yield { type: 'step', step: text ? { ...step, text: '' } : step };
    for (const c of tokenChunks(text)) yield { type: 'step_token', stepId: s.id, text: c };
  }
  const last = active === undefined ? undefined : final.get(active);
  if (last) yield { type: 'plan_node', id: last.id, patch: finalPatch(last) };
  // Nodes no step worked on end as the log left them.
  const worked = new Set(t.steps.map((s) => s.planNode));
  for (const n of plan)
    if (!worked.has(n.id) && n.status !== 'pending')
      yield { type: 'plan_node', id: n.id, patch: finalPatch(n) };
  if (t.answer) {
    const a: TrajectoryEvent = { type: 'answer', text: t.answer.text };
    if (t.answer.confidence !== undefined) a.confidence = t.answer.confidence;
    yield a;
  }
  const fin: TrajectoryEvent = { type: 'finish', reason: t.finishReason ?? 'done' };
  if (t.timing) fin.timing = t.timing;
  yield fin;
}

export function pendingCopy(n: PlanNode): PlanNode {
  return { id: n.id, text: n.text, dependsOn: n.dependsOn, status: 'pending' };
}

export function finalPatch(n: PlanNode): Omit<PlanNode, 'id'> {
  const { id: _id, ...patch } = n;
  return patch;
}
