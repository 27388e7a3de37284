// How a sufficiency verdict was reached, for a researcher deciding whether to trust the verdicts on
// a new dataset: from the question set's own structure (supporting facts, a gold plan), from a
// question pattern the analyser recognised (question-needs.ts: comparison, bridge, inference),
// from the gold answer in a passage tied to the question's names (answer-linked), or by a
// fallback that reads only the gold answer's string in the passages or the names the question
// gives. The rules were written and checked on question sets of known shape; the share
// of records read by pattern or structure (coverage) says how much of a new set they understood.
import type { QuestionNeeds } from './question-needs';

export type SufficiencyBasis =
  'question-set' | 'question-pattern' | 'answer-linked' | 'fallback' | 'not-judged';

export const SUFFICIENCY_BASES: readonly SufficiencyBasis[] = [
  'question-set',
  'question-pattern',
  'answer-linked',
  'fallback',
  'not-judged',
];

export interface Reading {
  basis: SufficiencyBasis;
  reading: string;
}

export const FALLBACK_READING =
  'no question pattern recognised: the gold answer stated in a passage the question reaches';

export function questionSetReading(plan: boolean, supporting: boolean): Reading {
  const parts = [...(plan ? ['its gold plan'] : []), ...(supporting ? ['its supporting passages'] : [])];
  return { basis: 'question-set', reading: `the question set's structure: ${parts.join(' and ')}` };
}

export function patternReading(needs: QuestionNeeds): Reading {
  const asked = needs.attributes.map((a) => a.noun).join(' and ') || 'the answer';
  const reading =
    needs.kind === 'comparison'
      ? `a comparison: the ${asked} of each of ${needs.sides.length} sides${needs.bridge ? `, through each one's ${needs.bridge.noun}` : ''}`
      : needs.bridge
        ? `a bridge question: the ${needs.bridge.noun}, then its ${asked}`
        : `a question asking the ${asked}`;
  return { basis: 'question-pattern', reading };
}

/** A comparison of what the lexicon does not know, read on each side's own page (compared-sides.ts). */
export function comparedReading(sides: number): Reading {
  return {
    basis: 'question-pattern',
    reading: `a comparison: what the question asks of each of ${sides} sides, on each side's own page`,
  };
}

/** The one-hop chain (evidence-chain.ts answerChain) by what ties its passage to the question. */
export function answerReading(reach: 'named' | 'described' | 'unlinked'): Reading {
  if (reach === 'described')
    return {
      basis: 'question-pattern',
      reading: 'a bridge named by a description: the gold answer on the page the description fits',
    };
  if (reach === 'named')
    return {
      basis: 'answer-linked',
      reading:
        "no relation pattern recognised: the gold answer in a passage that names the question's entity or is named beside it",
    };
  return {
    basis: 'fallback',
    reading:
      "no question pattern recognised: the gold answer in a passage none of the question's names reaches (common knowledge taken to bridge it)",
  };
}

/** Records by basis, and the share read by the question set's structure or a recognised pattern. */
export interface Coverage {
  records: number;
  by_basis: Record<SufficiencyBasis, number>;
  /** Of the records with gold, the share read by structure or pattern (3 decimals); null with none. */
  understood: number | null;
  /** The same with answers tied to the question's names counted in. */
  linked: number | null;
}

export function coverage(bases: readonly SufficiencyBasis[]): Coverage {
  const by = Object.fromEntries(SUFFICIENCY_BASES.map((b) => [b, 0])) as Record<SufficiencyBasis, number>;
  for (const b of bases) by[b] += 1;
  const judged = bases.length - by['not-judged'];
  const share = (n: number) => (judged > 0 ? Math.round((n / judged) * 1000) / 1000 : null);
  return {
    records: bases.length,
    by_basis: by,
    understood: share(by['question-set'] + by['question-pattern']),
    linked: share(by['question-set'] + by['question-pattern'] + by['answer-linked']),
  };
}
