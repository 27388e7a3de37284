// Candidate flags on a trajectory: over-/under-searching from app/core/diagnose, plus repeated
// queries, stale retrievals, wrong entities, near misses, invalid actions and missing answers.
// Flags are suggestions that carry their evidence so a person can confirm or reject them;
// labels, not flags, are the truth.
import { type Diagnosis, diagnose } from '../diagnose/diagnose';
import { stepNumber } from '../schema/step-number';
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import { type AnswerVerdict, answerVerdict, nearMissReason } from './answer-verdict';
import { docContainsAnyAnswer, normalizeAnswer } from './normalize';
import { EarlierQueries, queryKey } from './earlier-queries';
import { answerIsUninformative, jaccard, REPEATED_QUERY_JACCARD } from './query-overlap';

export { answerIsUninformative, jaccard, REPEATED_QUERY_JACCARD };
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

/** Longest quoted text in an evidence line. */
export const EVIDENCE_QUOTE_CHARS = 80;

function quote(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return JSON.stringify(
    one.length > EVIDENCE_QUOTE_CHARS ? `${one.slice(0, EVIDENCE_QUOTE_CHARS - 1)}…` : one,
  );
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
  const asked = t.steps
    .filter((s) => s.kind === 'search')
    .flatMap((s) => stepQueries(s).map((q) => ({ q, step: s, key: queryKey(q) })));
  const earlier = new EarlierQueries<(typeof asked)[number]>(asked.map((a) => a.key));
  const flags: Flag[] = [];
  for (const a of asked) {
    if (a.key.norm === '') continue;
    // Equal text first (wherever it is), else the first query at Jaccard ≥ the threshold.
    const same = earlier.sameText(a.key);
    const near = same ? undefined : earlier.near(a.key);
    const match = same
      ? { prev: same, why: 'same normalized text' }
      : near && {
          prev: near.item,
          why: `token Jaccard ${near.jaccard.toFixed(2)} ≥ ${REPEATED_QUERY_JACCARD}`,
        };
    if (match)
      flags.push({
        kind: 'repeated-query',
        stepId: a.step.id,
        evidence: `Query ${quote(a.q)} (step ${stepNumber(a.step)}) repeats ${quote(match.prev.q)} (step ${stepNumber(match.prev.step)}): ${match.why}.`,
      });
    earlier.add(a, a.key);
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

/**
 * Over- and under-search come from the measured detectors (app/core/diagnose, docs/diagnose.md):
 * one definition, whether a flag is shown in the table, the trajectory view or the CLI.
 */
function searchFlags(d: Diagnosis): Flag[] {
  return d.flags.flatMap((f): Flag[] =>
    f.kind === 'sufficiency'
      ? []
      : [{ kind: f.kind, evidence: f.evidence, ...(f.stepId !== undefined ? { stepId: f.stepId } : {}) }],
  );
}

/** Retrieved docs that hold the answer `pred` but no gold answer: where a wrong entity came from. */
export function docsWithWrongAnswer(t: Trajectory, pred: string): Array<{ s: Step; d: Doc }> {
  const answers = goldAnswers(t);
  if (normalizeAnswer(pred) === '') return [];
  return t.steps
    .filter(isRetrievalStep)
    .flatMap((s) => s.docs.map((d) => ({ s: s as Step, d })))
    .filter(({ d }) => !docContainsAnswer(d, answers) && docContainsAnyAnswer(d, [pred]));
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
export function flagTrajectory(
  t: Trajectory,
  m: TrajectoryMetrics = trajectoryMetrics(t),
  diagnosis: Diagnosis = diagnose(t),
): Flag[] {
  const verdict = answerVerdict(t, m);
  const flags = [
    ...repeatedQueryFlags(t),
    ...noNewDocsFlags(t),
    ...searchFlags(diagnosis),
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
