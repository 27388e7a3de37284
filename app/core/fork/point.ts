// Where a fork starts: the parent's steps up to the fork step, with the user's change applied
// (applyChange), and what the continuation must do first. Pure; the parent is never mutated.
import type { Doc, ForkChange, Step, Trajectory } from '../schema/trajectory';

export interface ForkPoint {
  /** Parent steps kept, in order, the changed one included; replayed without a model call. */
  prefix: Step[];
  /** Index (in `prefix`) of the step the change touched, or null when it only cuts (what-ifs). */
  changed: number | null;
  /** Queries to search before the model's next turn (an edited query gets its own retrieval). */
  pendingSearch?: { queries: string[]; turn: number; hop: number };
  /** The turn number of the continuation's first generation. */
  nextTurn: number;
  /** How the continuation starts: free, made to answer now, or made to search once more. */
  mode: 'continue' | 'answer_now' | 'search_more';
}

/** Why a change cannot be made at a step, or null when it can. */
export function changeProblem(parent: Trajectory, stepIndex: number, change: ForkChange): string | null {
  const step = parent.steps[stepIndex];
  if (!step) return `step ${stepIndex + 1} does not exist (the trajectory has ${parent.steps.length})`;
  switch (change.kind) {
    case 'edit_query':
      if (step.kind !== 'search') return `step ${stepIndex + 1} is a ${step.kind} step, not a search`;
      return change.query.trim() ? null : 'the query is empty';
    case 'drop_doc':
    case 'replace_doc': {
      const target = docStep(parent, stepIndex);
      if (!target) return `step ${stepIndex + 1} has no retrieved documents`;
      return target.docs?.some((d) => d.id === change.docId)
        ? null
        : `no document ${change.docId} at step ${target.index + 1}`;
    }
    case 'gold_passage':
      return docStep(parent, stepIndex) ? null : `step ${stepIndex + 1} has no retrieved documents`;
    case 'edit_text':
      if (!MODEL_TEXT.has(step.kind)) return `step ${stepIndex + 1} (${step.kind}) is not model text`;
      return change.text.trim() ? null : 'the text is empty';
    case 'answer_now':
    case 'search_more':
      return null;
  }
}

const MODEL_TEXT = new Set<Step['kind']>(['think', 'reflect', 'plan', 'record', 'decision', 'sub_answer']);

/** The retrieve step a document change at `stepIndex` applies to: the step, or its search's. */
export function docStep(parent: Trajectory, stepIndex: number): Step | undefined {
  const step = parent.steps[stepIndex];
  if (step?.kind === 'retrieve' && step.docs?.length) return step;
  if (step?.kind !== 'search') return undefined;
  const next = parent.steps.slice(stepIndex + 1).find((s) => s.kind !== 'think' && s.kind !== 'reflect');
  return next?.kind === 'retrieve' && next.hop === step.hop && next.docs?.length ? next : undefined;
}

/** Turn numbers for every step (logs without turns: each search, answer or invalid ends one). */
export function turnsOf(steps: readonly Step[]): number[] {
  let turn = 1;
  let lastEnded = false;
  return steps.map((s) => {
    if (s.turn !== undefined) {
      turn = s.turn;
      lastEnded = false;
      return s.turn;
    }
    if (lastEnded && s.kind !== 'retrieve') turn++;
    lastEnded = s.kind === 'search' || s.kind === 'answer' || s.kind === 'invalid' || s.kind === 'retrieve';
    return turn;
  });
}

const keepTurn = (s: Step) => (s.turn === undefined ? {} : { turn: s.turn });

/** Ranks 1..n again after documents were dropped or inserted. */
function rerank(docs: Doc[]): Doc[] {
  return docs.map((d, i) => ({ ...d, rank: i + 1 }));
}

/** A copy of the step without what an edit makes stale (its source text, derived marks). */
function edited(step: Step, patch: Partial<Step>): Step {
  const out: Step = { ...step, ...patch };
  delete out.raw;
  delete out.ms;
  delete out.tokens;
  return out;
}

/**
 * The parent's steps up to the fork, the change applied. Throws with the reason when the change
 * does not fit the step (see changeProblem).
 */
export function applyChange(parent: Trajectory, stepIndex: number, change: ForkChange): ForkPoint {
  const problem = changeProblem(parent, stepIndex, change);
  if (problem) throw new Error(problem);
  const steps = parent.steps;
  const turns = turnsOf(steps);
  const step = steps[stepIndex]!;
  // Replayed steps stay as the parent stored them (a log without turns gains none).
  const withTurns = (list: Step[]) => list.map((s) => ({ ...s }));
  const turnAfter = (last: Step | undefined) => {
    if (!last) return 1;
    const t = turns[last.index] ?? 1;
    // A turn ends with its action (search + its retrieval, answer, invalid); else it is still open.
    return ['search', 'retrieve', 'answer', 'invalid'].includes(last.kind) ? t + 1 : t;
  };
  switch (change.kind) {
    case 'edit_query': {
      const query = change.query.trim().replace(/\s+/g, ' ');
      const prefix = withTurns(steps.slice(0, stepIndex));
      const turn = turns[stepIndex] ?? 1;
      const hop = step.hop ?? prefix.filter((s) => s.kind === 'search').length + 1;
      prefix.push({ ...edited(step, { queries: [query], text: query }), ...keepTurn(step), hop });
      return {
        prefix,
        changed: prefix.length - 1,
        pendingSearch: { queries: [query], turn, hop },
        nextTurn: turn + 1,
        mode: 'continue',
      };
    }
    case 'drop_doc':
    case 'replace_doc':
    case 'gold_passage': {
      const target = docStep(parent, stepIndex)!;
      const docs = target.docs ?? [];
      const query = docs[0]?.query;
      let next: Doc[];
      if (change.kind === 'drop_doc') next = docs.filter((d) => d.id !== change.docId);
      else if (change.kind === 'replace_doc')
        next = docs.map((d) =>
          d.id === change.docId ? { ...stripMarks(change.doc), ...(d.query ? { query: d.query } : {}) } : d,
        );
      else next = [{ ...stripMarks(change.doc), ...(query ? { query } : {}) }, ...docs];
      const prefix = withTurns(steps.slice(0, target.index));
      prefix.push(edited(target, { docs: rerank(next) }));
      return { prefix, changed: prefix.length - 1, nextTurn: turnAfter(target), mode: 'continue' };
    }
    case 'edit_text': {
      const prefix = withTurns(steps.slice(0, stepIndex));
      prefix.push(edited(step, { text: change.text.trim() }));
      return { prefix, changed: prefix.length - 1, nextTurn: turns[stepIndex] ?? 1, mode: 'continue' };
    }
    case 'answer_now':
    case 'search_more': {
      // Up to the step, a search with its retrieval; an answer at the step is what is replaced.
      let end = step.kind === 'answer' ? stepIndex : stepIndex + 1;
      const retrieval = step.kind === 'search' ? docStep(parent, stepIndex) : undefined;
      if (retrieval) end = retrieval.index + 1;
      const prefix = withTurns(steps.slice(0, end).filter((s) => s.kind !== 'answer'));
      return { prefix, changed: null, nextTurn: turnAfter(prefix.at(-1)), mode: change.kind };
    }
  }
}

/** A document as the user supplied it: derived marks are recomputed for the fork. */
function stripMarks(d: Doc): Doc {
  const out: Doc = { id: d.id, text: d.text, rank: d.rank };
  if (d.title) out.title = d.title;
  if (d.score !== undefined) out.score = d.score;
  return out;
}
