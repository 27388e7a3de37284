// Whether a passage states an answer. Word containment after normalization (FlashRAG's "contains
// answer", normalize.ts), and also with dates and numbers read as values (answer-forms.ts), so a
// passage saying `11 February 1650` supports gold `February 11, 1650`: the labelling guidelines
// count evidence "equivalent to" the gold answer, not only the same string, and names in their
// other forms (name-variants.ts).
import { memoizeString } from '../memo';
import { canonicalAnswer } from '../metrics/answer-forms';
import { docHaystack, holdsAnyAnswer } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
import { haystackNames } from './name-variants';

const canonicalCache = new WeakMap<Doc, string>();

function canonicalPassage(d: Doc): string {
  let c = canonicalCache.get(d);
  if (c === undefined) {
    c = ` ${canonicalAnswer(`${d.title ?? ''} . ${d.text}`.replace(/[–—/]/g, ' ')).text} `;
    canonicalCache.set(d, c);
  }
  return c;
}

// The same gold aliases are read against every passage of a trajectory: a small memo.
const answerForm = memoizeString(canonicalAnswer);

/**
 * The first of `answers` the passage states, or null. `names: false` leaves out a name's other
 * forms (the answer's own words, or the same date or number, only).
 */
export function statedAnswer(d: Doc, answers: readonly string[], names = true): string | null {
  const h = docHaystack(d);
  for (const a of answers) {
    if (holdsAnyAnswer(h, [a])) return a;
    // A name in another written form ("C. S. Lewis" for gold "Clive Staples Lewis").
    if (names && haystackNames(h.hay, a, [d.title ?? '', d.text])) return a;
    const c = answerForm(a);
    if ((c.date || c.number) && c.text !== '' && canonicalPassage(d).includes(` ${c.text} `)) return a;
  }
  return null;
}
