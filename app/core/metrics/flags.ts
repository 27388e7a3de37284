// Candidate over-/under-searching flags (DESIGN.md §6). Flags are suggestions that carry their
// evidence so a person can confirm or reject them; labels, not flags, are the truth.
import { stepNumber } from '../schema/step-number';
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import { type AnswerVerdict, answerVerdict, nearMissReason } from './answer-verdict';
import { containsAnyAnswer, normalizeAnswer, normalizeText } from './normalize';
import {
  docContainsAnswer,
  finalAnswerText,
  goldAnswers,
  isRetrievalStep,
  stepQueries,
  type TrajectoryMetrics,
  trajectoryMetrics,
} from './trajectory-metrics';

export const FLAG_KINDS = [
  'repeated-query',
  'no-new-docs',
  'over-search',
  'under-search',
  'wrong-entity',
  'near-miss',
  'invalid-action',
  'no-answer',
] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

export interface Flag {
  kind: FlagKind;
  stepId?: string;
  evidence: string;
}

/** Two queries are near-identical at this token Jaccard (or with equal normalized text). */
export const REPEATED_QUERY_JACCARD = 0.8;
/** Consecutive hops with no new doc that count as over-searching. */
export const OVER_SEARCH_EMPTY_HOPS = 2;
/** Searches after the gold answer was retrieved that count as over-searching. */
export const OVER_SEARCH_AFTER_ANSWER = 1;
/** A wrong answer after at most this many searches, with no answer in the docs, is under-searching. */
export const UNDER_SEARCH_MAX_SEARCHES = 1;
/** Longest quoted text in an evidence line. */
export const EVIDENCE_QUOTE_CHARS = 80;

function quote(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return JSON.stringify(
    one.length > EVIDENCE_QUOTE_CHARS ? `${one.slice(0, EVIDENCE_QUOTE_CHARS - 1)}…` : one,
  );
}

function tokenSet(s: string): Set<string> {
  return new Set(normalizeText(s).split(' ').filter(Boolean));
}

/** |A ∩ B| / |A ∪ B| of two token sets; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let inter = 0;
  for (const t of a) if (b.has(t)) inter += 1;
  const union = a.size + b.size - inter;
  return union === 0 ? 0 : inter / union;
}

/** Wrong = not an exact match, not a near miss, not covering a gold answer; no gold is not wrong. */
function isWrong(v: AnswerVerdict | null): boolean {
  return v?.kind === 'wrong';
}

/** A doc as evidence names it: its title, else its rank (never an internal id like `h3d5`). */
function docName(d: Doc): string {
  return d.title ? quote(d.title) : `untitled doc #${d.rank}`;
}

function repeatedQueryFlags(t: Trajectory): Flag[] {
  const flags: Flag[] = [];
  const earlier: Array<{ q: string; norm: string; tokens: Set<string>; step: Step }> = [];
  for (const s of t.steps) {
    if (s.kind !== 'search') continue;
    for (const q of stepQueries(s)) {
      const norm = normalizeText(q);
      const tokens = tokenSet(q);
      if (norm === '') continue;
      let match: { prev: (typeof earlier)[number]; why: string } | undefined;
      for (const prev of earlier) {
        if (prev.norm === norm) {
          match = { prev, why: 'same normalized text' };
          break;
        }
        const j = jaccard(prev.tokens, tokens);
        if (j >= REPEATED_QUERY_JACCARD && match === undefined)
          match = { prev, why: `token Jaccard ${j.toFixed(2)} ≥ ${REPEATED_QUERY_JACCARD}` };
      }
      if (match)
        flags.push({
          kind: 'repeated-query',
          stepId: s.id,
          evidence: `Query ${quote(q)} (step ${stepNumber(s)}) repeats ${quote(match.prev.q)} (step ${stepNumber(match.prev.step)}): ${match.why}.`,
        });
      earlier.push({ q, norm, tokens, step: s });
    }
  }
  return flags;
}

function noNewDocsFlags(t: Trajectory): Flag[] {
  return t.steps.filter(isRetrievalStep).flatMap((s): Flag[] =>
    s.docs.every((d) => d.duplicate === true)
      ? [
          {
            kind: 'no-new-docs',
            stepId: s.id,
            evidence: `All ${s.docs.length} docs of step ${stepNumber(s)} were already retrieved earlier.`,
          },
        ]
      : [],
  );
}

/** Retrieval steps grouped into hops: consecutive steps sharing (planNode, hop) form one hop. */
function retrievalHops(t: Trajectory): Array<{ steps: Step[]; newDocs: number }> {
  const hops: Array<{ key: string | undefined; steps: Step[]; newDocs: number }> = [];
  for (const s of t.steps) {
    // An empty retrieve step brought nothing new; a search step only counts when it holds docs.
    if (s.kind !== 'retrieve' && !isRetrievalStep(s)) continue;
    const key = s.hop !== undefined ? `${s.planNode ?? ''}\u0000${s.hop}` : undefined;
    const newDocs = (s.docs ?? []).filter((d) => d.duplicate !== true).length;
    const last = hops[hops.length - 1];
    if (last && key !== undefined && last.key === key) {
      last.steps.push(s);
      last.newDocs += newDocs;
    } else hops.push({ key, steps: [s], newDocs });
  }
  return hops;
}

const YES_NO = new Set(['yes', 'no']);

/** True when finding a gold answer string in a doc says nothing about being done. */
export function answerIsUninformative(question: string, answers: readonly string[]): boolean {
  return answers.some((a) => YES_NO.has(normalizeAnswer(a)) || containsAnyAnswer(question, [a]));
}

function overSearchFlags(t: Trajectory): Flag[] {
  const flags: Flag[] = [];
  const answers = goldAnswers(t);

  // (a) Searching on after a doc holding the gold answer was already in hand. Not judged when
  // a doc can hold the answer without settling the question: the answer is named in the
  // question (comparisons: "Which is older, A or B?") or is yes/no.
  if (answers.length > 0 && !answerIsUninformative(t.question, answers)) {
    const hit = t.steps.find((s) => isRetrievalStep(s) && s.docs.some((d) => docContainsAnswer(d, answers)));
    if (hit?.docs) {
      const doc = hit.docs.find((d) => docContainsAnswer(d, answers));
      const later = t.steps.filter((s) => s.kind === 'search' && s.index > hit.index);
      const first = later[0];
      if (first && later.length >= OVER_SEARCH_AFTER_ANSWER)
        flags.push({
          kind: 'over-search',
          stepId: first.id,
          evidence: `A gold answer was already retrieved in ${doc ? docName(doc) : 'a doc'} (step ${stepNumber(hit)}); ${later.length} more search(es) followed (steps ${later.map(stepNumber).join(', ')}).`,
        });
    }
  }

  // (b) Consecutive hops that bring no new doc.
  let run: Step[] = [];
  for (const hop of retrievalHops(t)) {
    if (hop.newDocs > 0) {
      run = [];
      continue;
    }
    const first = hop.steps[0];
    if (first) run.push(first);
    if (run.length === OVER_SEARCH_EMPTY_HOPS && first)
      flags.push({
        kind: 'over-search',
        stepId: first.id,
        evidence: `${OVER_SEARCH_EMPTY_HOPS} consecutive hops brought no new docs (steps ${run.map(stepNumber).join(', ')}).`,
      });
  }
  return flags;
}

function underSearchFlags(t: Trajectory, m: TrajectoryMetrics, v: AnswerVerdict | null): Flag[] {
  const flags: Flag[] = [];
  const pred = finalAnswerText(t);
  if (pred !== undefined && isWrong(v) && m.answerRecall === 0 && m.rc <= UNDER_SEARCH_MAX_SEARCHES) {
    const answerStep = [...t.steps].reverse().find((s) => s.kind === 'answer');
    const lastSearch = [...t.steps].reverse().find((s) => s.kind === 'search');
    const flag: Flag = {
      kind: 'under-search',
      evidence: `Answered ${quote(pred)} after ${m.rc} search(es); no retrieved doc holds a gold answer (gold: ${goldAnswers(t).map(quote).join(' / ')}).`,
    };
    const stepId = answerStep?.id ?? lastSearch?.id;
    if (stepId !== undefined) flag.stepId = stepId;
    flags.push(flag);
  }

  // Plan nodes never searched for; only judged when steps say which node they work on.
  if (t.plan && t.steps.some((s) => s.planNode !== undefined)) {
    for (const node of t.plan) {
      if (t.steps.some((s) => s.kind === 'search' && s.planNode === node.id)) continue;
      const flag: Flag = {
        kind: 'under-search',
        evidence: `Plan node ${node.id} ${quote(node.resolvedText ?? node.text)} (${node.status}) has no search step${node.answer !== undefined ? `; answered ${quote(node.answer)} without retrieval` : ''}.`,
      };
      const step = t.steps.find((s) => s.planNode === node.id);
      if (step) flag.stepId = step.id;
      flags.push(flag);
    }
  }
  return flags;
}

/** Retrieved docs that hold the answer `pred` but no gold answer: where a wrong entity came from. */
export function docsWithWrongAnswer(t: Trajectory, pred: string): Array<{ s: Step; d: Doc }> {
  const answers = goldAnswers(t);
  if (normalizeAnswer(pred) === '') return [];
  return t.steps
    .filter(isRetrievalStep)
    .flatMap((s) => s.docs.map((d) => ({ s: s as Step, d })))
    .filter(
      ({ d }) => !docContainsAnswer(d, answers) && containsAnyAnswer(`${d.title ?? ''} ${d.text}`, [pred]),
    );
}

function wrongEntityFlags(t: Trajectory, v: AnswerVerdict | null): Flag[] {
  const pred = finalAnswerText(t);
  // A near miss names the right entity in another format: never a wrong entity.
  if (pred === undefined || !isWrong(v)) return [];
  const hits = docsWithWrongAnswer(t, pred);
  const first = hits[0];
  if (!first) return [];
  const more = hits.length > 1 ? ` (and ${hits.length - 1} more doc(s))` : '';
  return [
    {
      kind: 'wrong-entity',
      stepId: first.s.id,
      evidence: `Wrong answer ${quote(pred)} appears in ${docName(first.d)} (step ${stepNumber(first.s)})${more}, which holds no gold answer (gold: ${goldAnswers(t).map(quote).join(' / ')}).`,
    },
  ];
}

function nearMissFlags(t: Trajectory, v: AnswerVerdict | null): Flag[] {
  const pred = finalAnswerText(t);
  if (v?.kind !== 'near-miss' || pred === undefined) return [];
  const flag: Flag = {
    kind: 'near-miss',
    evidence: `Answered ${quote(pred)}, gold ${goldAnswers(t).map(quote).join(' / ')}: ${nearMissReason(v.why)} (EM 0).`,
  };
  const answerStep = [...t.steps].reverse().find((s) => s.kind === 'answer');
  if (answerStep) flag.stepId = answerStep.id;
  return [flag];
}

function invalidFlags(t: Trajectory): Flag[] {
  return t.steps
    .filter((s) => s.kind === 'invalid')
    .map((s) => ({
      kind: 'invalid-action' as const,
      stepId: s.id,
      evidence: `Step ${stepNumber(s)} is an invalid action${s.error ? `: ${s.error}` : ''}${s.text ? ` ${quote(s.text)}` : ''}.`,
    }));
}

function noAnswerFlags(t: Trajectory): Flag[] {
  if (finalAnswerText(t) !== undefined) return [];
  const flag: Flag = {
    kind: 'no-answer',
    evidence: `No final answer after ${t.steps.length} step(s)${t.finishReason ? ` (finish: ${t.finishReason})` : ''}.`,
  };
  const last = t.steps[t.steps.length - 1];
  if (last) flag.stepId = last.id;
  return [flag];
}

/** All candidate flags of a trajectory, ordered by the step they point at (unplaced ones last). */
export function flagTrajectory(t: Trajectory, m: TrajectoryMetrics = trajectoryMetrics(t)): Flag[] {
  const verdict = answerVerdict(t, m);
  const flags = [
    ...repeatedQueryFlags(t),
    ...noNewDocsFlags(t),
    ...overSearchFlags(t),
    ...underSearchFlags(t, m, verdict),
    ...wrongEntityFlags(t, verdict),
    ...nearMissFlags(t, verdict),
    ...invalidFlags(t),
    ...noAnswerFlags(t),
  ];
  const pos = new Map(t.steps.map((s) => [s.id, s.index]));
  const at = (f: Flag): number => (f.stepId !== undefined ? (pos.get(f.stepId) ?? Infinity) : Infinity);
  return flags
    .map((f, i) => ({ f, i }))
    .sort((a, b) => at(a.f) - at(b.f) || a.i - b.i)
    .map(({ f }) => f);
}
