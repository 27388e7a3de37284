// Whether a passage states an answer. Word containment after normalization (FlashRAG's "contains
// answer", normalize.ts), and also with dates and numbers read as values (answer-forms.ts), so a
// passage saying `11 February 1650` supports gold `February 11, 1650`: the labelling guidelines
// count evidence "equivalent to" the gold answer, not only the same string, and names in their
// other forms (name-variants.ts).
import { canonicalAnswer, canonicalText } from '../metrics/answer-forms';
import { docHaystack, holdsAnyAnswer } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
import { haystackNames } from './name-variants';

// Per document, and outside canonicalAnswer's shared memo, where passages would push out the
// gold aliases read against every one of them.
const canonicalCache = new WeakMap<Doc, string>();

function canonicalPassage(d: Doc): string {
  let c = canonicalCache.get(d);
  if (c === undefined) {
    c = ` ${canonicalText(`${d.title ?? ''} . ${d.text}`.replace(/[–—/]/g, ' ')).text} `;
    canonicalCache.set(d, c);
  }
  return c;
}

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
    // The same gold aliases are read against every passage: canonicalAnswer's memo holds them.
    const c = canonicalAnswer(a);
    if ((c.date || c.number) && c.text !== '' && canonicalPassage(d).includes(` ${c.text} `)) return a;
  }
  return null;
}
