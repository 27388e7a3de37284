// A name's other form counts only as a whole name in the passage as written: "Hussein Obama"
// (gold "Hussein Onyango Obama", its middle name dropped) is not named by "Barack Hussein Obama
// Sr.", a longer name of another person. The labelling guidelines count a passage naming the gold
// "or an answer equivalent to it"; a form read inside another name is neither. Normalized text has
// lost the capitals and full stops that say where a name ends, so the check reads the written
// tokens around each place the form occurs.
import { normalizeTextGeneral } from '../metrics/normalize';
import { STOPWORDS } from '../search/tokenize';
import { foldDiacritics } from './fold-diacritics';

interface Written {
  /** The part's words, normalized and folded, as ` w1 w2 … `. */
  hay: string;
  /** The part's whitespace-separated tokens as written. */
  tokens: string[];
  /** The offset in `hay` of each word's start → the index of the token it came from. */
  tokenAt: Map<number, number>;
}

// Per token, so each word knows its written token. Uncached: this runs only where a form already
// matched the passage, and a memo of whole passages would hold them for nothing (each token goes
// through normalizeTextGeneral, not the shared normalizeText memo, for the same reason).
function writtenWords(text: string): Written {
  const tokens = text.split(/\s+/u).filter((t) => t !== '');
  let hay = ' ';
  const tokenAt = new Map<number, number>();
  tokens.forEach((t, i) => {
    for (const w of foldDiacritics(normalizeTextGeneral(t)).split(' ')) {
      if (w === '') continue;
      tokenAt.set(hay.length, i);
      hay += `${w} `;
    }
  });
  return { hay, tokens, tokenAt };
}

const INITIALS = /^(?:\p{Lu}\.)+$/u;
const CAPITALISED = /^\p{Lu}[\p{L}'’-]*$/u;
const POSSESSIVE = /['’]s$/u;
// Titles written before a name are not part of it ("President John F. Kennedy").
const TITLES = new Set(
  'president senator governor general colonel captain admiral lieutenant sergeant commander ambassador commissioner secretary congressman congresswoman king queen prince princess emperor empress pope saint sir dame lord lady judge justice professor reverend bishop archbishop cardinal chancellor minister mayor sheikh'.split(
    ' ',
  ),
);
// Months and weekdays end a name: "On Tuesday John Kennedy won", "In November John Kennedy won".
// April, May, June and August are given names too; before a name, a date is the likelier reading.
const CALENDAR = new Set(
  'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
);
// Words encyclopedia and news prose writes capitalised right before a name without being part of
// it: a party ("Democrat John Kennedy"), an occupation or "Former" opening a sentence or a caption
// ("Writer C. S. Lewis"), a demonym ("American John Kennedy"). Only words seldom a given name
// ("German" is left out: German Titov; "Junior" too: Junior Seau).
const DESCRIPTORS = new Set(
  [
    'democrat democratic republican labour conservative liberal socialist communist',
    'writer author novelist poet playwright journalist actor actress singer songwriter musician rapper composer painter artist director filmmaker producer comedian philosopher scientist physicist economist historian businessman businesswoman entrepreneur architect inventor explorer astronaut footballer former',
    'coach manager chairman chairwoman founder ceo senior veteran rookie quarterback pitcher striker goalkeeper',
    'american british english scottish welsh irish canadian australian french italian spanish russian chinese japanese indian',
  ]
    .join(' ')
    .split(' '),
);
const SUFFIX_TOKEN = /^(?:(Jr|Jnr)|(Sr|Snr))\b|^(II|III|IV)\b/u;

/** "jr", "sr", "ii", … for a written suffix token ("Sr.,", "III"), or ''. */
export function suffixWord(token: string): string {
  const m = SUFFIX_TOKEN.exec(token);
  if (!m) return '';
  return m[1] ? 'jr' : m[2] ? 'sr' : (m[3] ?? '').toLowerCase();
}

/**
 * A written token that would make a name longer: a capitalised word or an initial. A possessive
 * ("Kenya's"), a capitalised function word (a sentence's "When"), a title, a month or weekday, or a
 * descriptor ends or precedes a name; a token with a full stop that is not an initial ("Sr.",
 * "1936.") ends it.
 */
function nameToken(t: string | undefined): boolean {
  if (t === undefined) return false;
  if (INITIALS.test(t)) return true;
  if (!CAPITALISED.test(t) || POSSESSIVE.test(t)) return false;
  const lower = t.toLowerCase();
  return !STOPWORDS.has(lower) && !TITLES.has(lower) && !CALENDAR.has(lower) && !DESCRIPTORS.has(lower);
}

/** Whether the match of `words` from token `first` to token `last` is a whole name. */
function isWhole(
  tokens: readonly string[],
  first: number,
  last: number,
  words: string,
  ownSuffix: string,
): boolean {
  // A "Jr."/"Sr." the pattern read with the form is another person's unless it is the name's own.
  const end = words.slice(words.lastIndexOf(' ') + 1);
  if ((end === 'jr' || end === 'sr') && end !== ownSuffix) return false;
  const opens = /^[(["“‘']/u.test(tokens[first] ?? '');
  if (!opens && nameToken(tokens[first - 1])) return false;
  // A written name ends at punctuation ("Obama,", "Obama)", "Obama."; "Sr." is read above).
  if (!/\p{L}$/u.test(tokens[last] ?? '')) return true;
  const next = tokens[last + 1];
  if (next === undefined) return true;
  const suffix = suffixWord(next);
  return suffix !== '' ? suffix === ownSuffix : !nameToken(next);
}

/**
 * Whether a part of the passage as written (its title, its text) holds `pattern` (global, over
 * ` normalized words `) somewhere as a whole name: no name token written right before or after
 * it, and no "Jr."/"Sr."/roman numeral but the name's own (`ownSuffix`, '' for none).
 */
export function wholeNameIn(parts: readonly string[], pattern: RegExp, ownSuffix: string): boolean {
  for (const part of parts) {
    const w = writtenWords(part);
    for (const m of w.hay.matchAll(pattern)) {
      const first = w.tokenAt.get(m.index);
      const last = w.tokenAt.get(m.index + m[0].lastIndexOf(' ') + 1);
      if (first === undefined || last === undefined) continue;
      if (isWhole(w.tokens, first, last, m[0], ownSuffix)) return true;
    }
  }
  return false;
}
