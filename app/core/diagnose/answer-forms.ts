// The agent's own answer as a form of the gold (issue 38's fourth pattern): the labelling
// guidelines count evidence for "the GOLD answer (or an answer equivalent to it)", so a passage
// stating the agent's answer in a form the gold string misses (a full name, a more specific or
// containing place, a date written another way) supports the gold when that answer is the same
// fact. The answer is read as the gold's only where the answer verdict already calls it right
// (answer-verdict.ts) and the two share their words: one contains the other as whole words, or
// their token F1 or value (dates, numbers) already made it right. The log's judge alone, a hint
// in the guidelines, is not enough.
import { type AnswerVerdict } from '../metrics/answer-verdict';
import { normalizeText } from '../metrics/normalize';
import { isUninformative } from './question-kind';

/** Whether `inner`'s words occur in `outer` as one run of whole words, with a letter among them. */
function containsWords(outer: string, inner: string): boolean {
  return /\p{L}{2}/u.test(inner) && ` ${outer} `.includes(` ${inner} `);
}

/**
 * The forms to read as the gold's beside the gold aliases: the agent's answer when it is an
 * equivalent form of a gold alias; none otherwise (or when it is one already).
 */
export function equivalentForms(
  question: string,
  pred: string | undefined,
  golds: readonly string[],
  verdict: AnswerVerdict | null,
): string[] {
  if (pred === undefined || verdict === null || verdict.kind === 'wrong') return [];
  if (verdict.kind === 'correct' || isUninformative(question, [pred])) return [];
  const p = normalizeText(pred);
  if (p === '' || golds.some((g) => normalizeText(g) === p)) return [];
  const shared = golds.some((g) => {
    const n = normalizeText(g);
    return containsWords(p, n) || containsWords(n, p);
  });
  const byForm = verdict.kind === 'near-miss' && verdict.why.by !== 'judge';
  return shared || byForm ? [pred] : [];
}
