// How sure each verdict is, for a researcher deciding which verdicts to trust on a new dataset:
// "sure" where the verdict rests on what the trace and the question set settle (the question set's
// structure, a recognised question pattern with its evidence chain complete or its missing link
// named, the same query asked again, no search at all), "unsure" where it rests on a rule the
// labelling guidelines warn about (a gold string on some page is not the asked fact; a
// reformulation that adds a word may ask something new; a retrieval miss is assumed). Derived once
// here from the diagnosis's own parts; no threshold is fitted to labels (docs/diagnose.md,
// "How sure a verdict is").
import type { SearchVerdict } from './redundancy';
import type { Sufficiency } from './sufficiency';

export type Certainty = 'sure' | 'unsure';

export type ConfidenceReason =
  // Sufficiency point (and the verdicts that follow from it)
  | 'question-set'
  | 'pattern-chain'
  | 'sides-stated'
  | 'pattern-missing-link'
  | 'no-search'
  | 'known-before-search'
  | 'answer-stated'
  | 'gold-never-retrieved'
  | 'answer-linked'
  | 'fallback'
  | 'unsupported-correct'
  | 'no-gold'
  // Under-search only
  | 'no-answer'
  | 'retrieval-miss-assumed'
  | 'page-asked-again'
  | 'correct-answer-held'
  // Searches
  | 'same-query'
  | 'no-new-words'
  | 'after-sure-point'
  | 'before-sure-point'
  | 'before-gold-seen'
  | 'near-threshold-overlap'
  | 'word-co-occurrence'
  | 'after-unsure-point'
  | 'before-unsure-point';

export interface VerdictConfidence {
  level: Certainty;
  reason: ConfidenceReason;
  /** The reason for a reader, one sentence. */
  text: string;
}

export interface Confidence {
  /** One per search, for its redundant-or-necessary verdict. */
  searches: VerdictConfidence[];
  underSearch: VerdictConfidence;
  firstSufficientSearch: VerdictConfidence;
}

export interface ConfidenceInputs {
  sufficiency: Sufficiency;
  verdicts: readonly SearchVerdict[];
  underSearch: boolean;
  /** Whether the final answer is correct (answer-verdict.ts); null without gold. */
  correct: boolean | null;
  /**
   * Whether `correct` rests only on the log's own judge (answer-verdict.ts: a near miss by judge),
   * which the labelling guidelines call "a hint, not truth".
   */
  correctByJudgeOnly?: boolean;
  /** Whether the trajectory gave a final answer. */
  answered: boolean;
  /** A page that came back for two different queries naming it (page-again.ts), or null. */
  pageAgain?: string | null;
  /**
   * The first search whose passages hold a gold answer in any form (gold-seen.ts); null: none.
   * A function, asked only for a necessary search resting on an unsure point.
   */
  goldSeenAt?: () => number | null;
  /**
   * Whether a passage of searches 1..the sufficiency point states the final answer itself, in its
   * words or another form of its name, date or number; asked only where it can decide.
   */
  answerHeld?: () => boolean;
}

const sure = (reason: ConfidenceReason, text: string): VerdictConfidence => ({ level: 'sure', reason, text });
const unsure = (reason: ConfidenceReason, text: string): VerdictConfidence => ({
  level: 'unsure',
  reason,
  text,
});

/** The sufficiency point's confidence, from how it was read (verdict-basis.ts) and what decided it. */
export function sufficiencyConfidence(
  s: Sufficiency,
  correct: boolean | null,
  searches: number,
): VerdictConfidence {
  if (s.basis === 'not-judged') return unsure('no-gold', 'No gold answer: nothing to judge the evidence by.');
  // The guidelines define 0 by the answer itself: common knowledge sufficed, or did not.
  if (searches === 0) return sure('no-search', "No search: judged by the answer's correctness alone.");
  if (s.rule === 'known-before-search')
    return sure(
      'known-before-search',
      'The answer was stated before the first search, and that search only confirmed it.',
    );
  if (s.point === null && s.rule === 'never' && correct === true)
    // A correct answer the rules never saw supported is a lucky guess, or a form of the gold the
    // rules did not match (the guidelines accept "an answer equivalent to it").
    return unsure(
      'unsupported-correct',
      'The answer is correct but no evidence was found for it: a lucky guess, or the gold in a form the rules did not match.',
    );
  if (s.basis === 'question-set')
    return s.point !== null
      ? sure('question-set', "Read by the question set's structure (supporting passages or gold plan).")
      : sure(
          'pattern-missing-link',
          "The question set's structure names what was never retrieved, and the answer is not the gold.",
        );
  if (s.chain?.sidesStated === true && s.point !== null)
    // The guidelines call a comparison answered wrongly with both sides' facts in hand a reasoning
    // error: once each side's page says what is asked, the point holds whatever the answer.
    return sure(
      'sides-stated',
      "A comparison: each side's own page states, in one sentence, every word the question asks of it.",
    );
  if (s.basis === 'question-pattern')
    return s.point !== null
      ? sure('pattern-chain', 'A recognised question pattern with its evidence chain complete.')
      : sure(
          'pattern-missing-link',
          'A recognised question pattern whose missing link is named, and the answer is not the gold.',
        );
  if (s.basis === 'answer-linked' && s.chain?.stated === true)
    return sure(
      'answer-stated',
      "A passage states the gold answer with the asked relation, about the question's entity (in the same sentence, or on its own page).",
    );
  if (s.point === null && s.goldAbsent === true && correct === false)
    // Nothing retrieved holds the gold in any form, and the answer is another: the evidence was
    // never sufficient, whatever the question's shape.
    return sure(
      'gold-never-retrieved',
      'No retrieved passage holds the gold answer in any form, and the answer is not the gold.',
    );
  if (s.basis === 'answer-linked')
    return unsure(
      'answer-linked',
      "The gold answer's string on a page tied to the question's entity: the page may name it for another reason than the asked relation.",
    );
  return unsure('fallback', `A fallback rule: ${s.reading}.`);
}

function searchConfidence(
  v: SearchVerdict,
  point: VerdictConfidence,
  goldSeenAt: (() => number | null) | undefined,
): VerdictConfidence {
  const pointIs = `the sufficiency point it rests on is ${point.level} (${point.reason})`;
  if (v.label === 'necessary' && point.level === 'sure')
    return sure('before-sure-point', `Necessary: ${pointIs}.`);
  // Issued while no passage yet held the gold in any form: the evidence cannot have sufficed. A
  // correct answer never found may be common knowledge (point 0), so that case stays unsure.
  const seen = v.label === 'necessary' && point.reason !== 'unsupported-correct' ? goldSeenAt?.() : undefined;
  if (v.label === 'necessary' && seen !== undefined && (seen === null || v.search <= seen))
    return sure(
      'before-gold-seen',
      'Necessary: no earlier passage held the gold answer in any form, so the evidence was not yet sufficient.',
    );
  if (v.label === 'necessary') return unsure('before-unsure-point', `Necessary, but ${pointIs}.`);
  // Redundant: sure when any rule that holds is one the trace settles.
  if (v.rules.includes('near-duplicate') && v.overlap === 1)
    return sure('same-query', 'The same words as an earlier query: nothing new asked.');
  if (v.rules.includes('near-duplicate') && v.newWords.length === 0)
    return sure(
      'no-new-words',
      'A near-duplicate whose every word an earlier query already asked: nothing new asked.',
    );
  if (v.rules.includes('after-sufficiency') && point.level === 'sure')
    return sure('after-sure-point', `After the sufficiency point, and ${pointIs}.`);
  const first = v.rules[0];
  if (first === 'near-duplicate')
    // At the threshold's edge the queries differ in some words; a word added after a failed
    // search (an occupation, a year, a full title) can ask for something new.
    return unsure(
      'near-threshold-overlap',
      `Near-duplicate by word overlap (Jaccard ${(v.overlap ?? 0).toFixed(2)}), not the same words: the words that differ may ask something new.`,
    );
  if (first === 're-asks-retrieved')
    return unsure(
      'word-co-occurrence',
      "An earlier passage holds the query's words, which need not be the fact the query asks.",
    );
  return unsure('after-unsure-point', `After the sufficiency point, but ${pointIs}.`);
}

function underConfidence(i: ConfidenceInputs, point: VerdictConfidence): VerdictConfidence {
  if (point.reason === 'no-gold') return point;
  if (!i.answered) return sure('no-answer', 'No final answer: nothing to under-search for.');
  const s = i.sufficiency;
  if (!i.underSearch && s.point === null && s.chain?.unretrievable)
    return unsure(
      'retrieval-miss-assumed',
      `Not under-search because the retriever is taken to lack the fact: ${s.chain.unretrievable}.`,
    );
  if (i.underSearch && i.pageAgain)
    return unsure(
      'page-asked-again',
      `Under-search, but the agent asked about ${JSON.stringify(i.pageAgain)} in different words and got its page each time: the retriever may lack the fact.`,
    );
  // The answer is correct and the passages the agent read state it (the gold, and the answer in
  // its own words): whichever passage first stated the asked fact (the point stays unsure), the
  // evidence supported the answer, which is all the guidelines' under-search asks. Only where the
  // answer is the gold by its words or value: the log's judge alone is a hint, not truth.
  if (
    !i.underSearch &&
    point.level === 'unsure' &&
    i.correct === true &&
    i.correctByJudgeOnly !== true &&
    (s.rule === 'evidence-chain' || s.rule === 'answer-in-passage') &&
    i.answerHeld?.() === true
  )
    return sure(
      'correct-answer-held',
      'Sufficient before the answer: the answer is correct and a passage it read states it (which passage first stated the asked fact is unsure).',
    );
  // Otherwise the verdict is the sufficiency point's: reached (no under-search) or never (under).
  return {
    ...point,
    text: `${i.underSearch ? 'Never sufficient' : 'Sufficient before the answer'}: ${point.text}`,
  };
}

/** Every verdict's confidence, from the parts of one diagnosis (diagnose.ts). */
export function verdictConfidence(i: ConfidenceInputs): Confidence {
  const point = sufficiencyConfidence(i.sufficiency, i.correct, i.verdicts.length);
  return {
    searches: i.verdicts.map((v) => searchConfidence(v, point, i.goldSeenAt)),
    underSearch: underConfidence(i, point),
    firstSufficientSearch: point,
  };
}
