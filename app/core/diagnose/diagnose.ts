// Trace-only diagnosis of one trajectory: the sufficiency point, each search necessary or
// redundant, and under-search, every verdict with evidence quoted from the trajectory. The
// definitions are the labelling guidelines' (docs/diagnose.md), which follow ExSearch's failure
// analysis (appendix F.3: over-searching "keeps querying despite having sufficient
// information", under-searching "stops too early") and "Learning When to Search" (§1: over- and
// under-retrieval). One function, used by the CLI, the table, the trajectory view and calibration.
import { answerVerdict } from '../metrics/answer-verdict';
import { finalAnswerText, trajectoryMetrics } from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';
import { goldAnswers } from '../metrics/trajectory-parts';
import { equivalentForms } from './answer-forms';
import { type Confidence, verdictConfidence } from './confidence';
import { knownBeforeSearch } from './known-answer';
import { pageAskedAgain } from './page-again';
import { firstGoldSearch } from './gold-seen';
import { statedAnswer } from './passage-match';
import { type SearchHop, searchHops } from './hops';
import { type SearchLabel, type SearchVerdict, searchVerdicts } from './redundancy';
import { type Sufficiency, sufficiency } from './sufficiency';
import { underSearch } from './under-search';

export const DIAGNOSIS_FLAG_KINDS = ['sufficiency', 'over-search', 'under-search'] as const;
export type DiagnosisFlagKind = (typeof DIAGNOSIS_FLAG_KINDS)[number];

/** Which detector produced a verdict (model probes are added beside the trace rules). */
export type Detector = 'trace';

export interface DiagnosisFlag {
  kind: DiagnosisFlagKind;
  /** 1-based search the flag is about. */
  search?: number;
  /** The step to open for it. */
  stepId?: string;
  evidence: string;
  detector: Detector;
}

/** Efficiency of one trajectory's searching; null where undefined (no search, no gold). */
export interface Efficiency {
  /** Redundant searches / searches. */
  redundantRate: number | null;
  /** Searches after the sufficiency point. */
  afterSufficiency: number | null;
  /** Correct answers per search (OTC's tool productivity: correct answers / tool calls). */
  productivity: number | null;
  /** Retrieved passages already retrieved earlier in the trajectory / all retrieved passages. */
  duplicateDocRate: number | null;
}

export interface Diagnosis {
  searches: number;
  /** The step after which the evidence was sufficient (the sufficiency search's last retrieval). */
  sufficientAfterStepId?: string;
  firstSufficientSearch: number | null;
  sufficiency: Sufficiency;
  searchLabels: SearchLabel[];
  verdicts: SearchVerdict[];
  /** 1-based numbers of the searches judged redundant. */
  overSearch: number[];
  underSearch: boolean;
  /** Whether the answer is correct (exact, near miss or covering gold); null without gold. */
  correct: boolean | null;
  /** Passages the searches returned, and how many of them were retrieved before. */
  docs: number;
  dupDocs: number;
  flags: DiagnosisFlag[];
  efficiency: Efficiency;
  /** How sure each verdict is, and why (confidence.ts). */
  confidence: Confidence;
}

/** The first search holding a gold form, read once and only when asked (confidence.ts). */
function goldSeen(
  suff: Sufficiency,
  hops: readonly SearchHop[],
  t: Trajectory,
  forms: readonly string[] = [],
): () => number | null {
  let at: number | null | undefined;
  return () => {
    // The one-hop chain has read every passage for the gold already.
    if (at === undefined)
      at =
        suff.chain?.goldSeenAt !== undefined
          ? suff.chain.goldSeenAt
          : firstGoldSearch(hops, [...goldAnswers(t), ...forms]);
    return at;
  };
}

/** Whether a passage of searches 1..point states the final answer (confidence.ts), read when asked. */
function answerHeld(
  hops: readonly SearchHop[],
  point: number | null,
  pred: string | undefined,
): () => boolean {
  return () =>
    point !== null &&
    pred !== undefined &&
    pred.trim() !== '' &&
    hops.some((h) => h.search <= point && h.docs.some((d) => statedAnswer(d, [pred]) !== null));
}

/** `chain: false` runs the sufficiency rules before the evidence chain (the bench's baseline). */
export function diagnose(t: Trajectory, options: { chain?: boolean } = {}): Diagnosis {
  const hops = searchHops(t);
  const m = trajectoryMetrics(t);
  const verdict = answerVerdict(t, m);
  const correct = verdict === null ? null : verdict.kind !== 'wrong';
  const pred = finalAnswerText(t);
  // Issue 38's third and fourth patterns, beside the evidence chain (not in the bench's baseline).
  const extra =
    options.chain === false
      ? {}
      : {
          forms: equivalentForms(t.question, pred, goldAnswers(t), verdict),
          known: knownBeforeSearch(t, hops, pred, correct),
        };
  const suff = sufficiency(t, hops, correct, { ...options, ...extra });
  const verdicts = searchVerdicts(hops, suff.point, suff.brief ?? suff.evidence, suff.rule !== 'no-gold');
  const under = underSearch(t, hops, pred, suff, verdict);

  const flags: DiagnosisFlag[] = [];
  // Each verdict on sufficiency says how it was reached (verdict-basis.ts).
  const how = ` (Question read as ${suff.reading}.)`;
  if (suff.point !== null && suff.point > 0) {
    const at = hops[suff.point - 1];
    flags.push({
      kind: 'sufficiency',
      search: suff.point,
      ...(at ? { stepId: at.step.id } : {}),
      evidence: `${suff.evidence}${how}`,
      detector: 'trace',
    });
  }
  for (const v of verdicts)
    if (v.label === 'redundant')
      flags.push({
        kind: 'over-search',
        search: v.search,
        stepId: v.stepId,
        evidence: v.evidence,
        detector: 'trace',
      });
  if (under.under)
    flags.push({
      kind: 'under-search',
      ...(under.stepId !== undefined ? { stepId: under.stepId } : {}),
      evidence: `${under.evidence}${how}`,
      detector: 'trace',
    });

  const overSearch = verdicts.filter((v) => v.label === 'redundant').map((v) => v.search);
  const docs = hops.flatMap((h) => h.docs);
  const dups = docs.filter((d) => d.duplicate === true).length;
  const sufficientHop = suff.point ? hops[suff.point - 1] : undefined;
  return {
    searches: hops.length,
    ...(sufficientHop ? { sufficientAfterStepId: sufficientHop.lastStepId } : {}),
    firstSufficientSearch: suff.point,
    sufficiency: suff,
    searchLabels: verdicts.map((v) => v.label),
    verdicts,
    overSearch,
    underSearch: under.under,
    correct,
    docs: docs.length,
    dupDocs: dups,
    flags,
    efficiency: {
      redundantRate: hops.length > 0 ? overSearch.length / hops.length : null,
      afterSufficiency: suff.point !== null ? hops.length - suff.point : null,
      productivity: hops.length > 0 && correct !== null ? (correct ? 1 : 0) / hops.length : null,
      duplicateDocRate: docs.length > 0 ? dups / docs.length : null,
    },
    confidence: verdictConfidence({
      sufficiency: suff,
      verdicts,
      underSearch: under.under,
      correct,
      correctByJudgeOnly: verdict?.kind === 'near-miss' && verdict.why.by === 'judge',
      answered: pred !== undefined && pred.trim() !== '',
      pageAgain: under.under ? pageAskedAgain(hops) : null,
      ...(suff.rule !== 'no-gold' ? { goldSeenAt: goldSeen(suff, hops, t, extra.forms) } : {}),
      answerHeld: answerHeld(hops, suff.point, pred),
    }),
  };
}
