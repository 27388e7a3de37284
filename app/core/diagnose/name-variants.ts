// A name written in another form is the same name. The labelling guidelines count evidence
// "equivalent to" the gold answer (a passage naming "C. S. Lewis" supports gold "Clive Staples
// Lewis"), and a chain's hops are the same entity however each passage writes it: initials for
// given names, a middle name dropped or added, diacritics, "Jr."/"Sr.", a leading "The", a
// disambiguating parenthesis, a surname alone after the full name on the same page, and the
// aliases a page states for its subject ("born Stefani Joanne Angelina Germanotta", "known as
// Lady Gaga"). Matching reads normalized text (normalize.ts), so every form is a pattern over
// ` lower-case words `.
import { memoizeString } from '../memo';
import { normalizeText } from '../metrics/normalize';
import { foldDiacritics } from './fold-diacritics';
import { suffixWord, wholeNameIn } from './whole-name';

const SUFFIX = /,?\s+(?:Jr|Sr|Snr|Jnr)\.?$|,?\s+(?:II|III|IV)$/u;
const PARTICLES = new Set(['de', 'van', 'von', 'der', 'da', 'del', 'di', 'du', 'la', 'le', 'bin', 'ibn']);
// Words a person's name never holds: a two-capital run with one of them is a title, not a person.
const NOT_NAME = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'at', 'to', 'by', 'with', 'or']);

/** The name without what never tells two names apart: an aside, a leading "The", a "Jr.". */
export function bareName(name: string): string {
  return name
    .replace(/\s*\([^)]*\)\s*$/u, '')
    .replace(/^the\s+/iu, '')
    .replace(SUFFIX, '')
    .trim();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The forms of a person-like name (two to five capitalised words, particles allowed before the
 * surname) as one pattern: each given name in full or as its initial, middle names optional, up
 * to two extra middle names where `extraMiddles` (a title naming the whole of a name: in running
 * text "Israel Max Joseph Teller" is not evidence for "Max Teller"), initials run together
 * ("C.S." reads "cs"); an initial stands for any name with that letter. Null for other names,
 * which are matched as written.
 */
function personSource(name: string, extraMiddles = false): string | null {
  const words = foldDiacritics(bareName(name))
    .split(/\s+/u)
    .filter((w) => w !== '');
  if (words.length < 2 || words.length > 5) return null;
  let s = words.length - 1;
  while (s > 1 && PARTICLES.has((words[s - 1] ?? '').toLowerCase())) s -= 1;
  const given = words.slice(0, s);
  const surname = normalizeText(words.slice(s).join(' '));
  if (surname === '' || /\d/.test(surname)) return null;
  if (!given.every((w) => /^\p{Lu}[\p{L}'’.-]*$/u.test(w) && !NOT_NAME.has(w.toLowerCase()))) return null;
  if (!/^\p{Lu}/u.test(words[s] ?? '') && !PARTICLES.has((words[s] ?? '').toLowerCase())) return null;
  const initials: string[] = [];
  const parts = given.map((g) => {
    // "C." or "C.S." or "J.R.R.": initials, each any given name with that letter.
    if (/^(?:\p{Lu}\.)+$|^\p{Lu}$/u.test(g)) {
      const letters = g.replace(/\./g, '').toLowerCase().split('');
      initials.push(...letters);
      return letters.map((l) => `${escape(l)}\\p{L}*`).join(' ');
    }
    const n = normalizeText(g);
    initials.push(n.slice(0, 1));
    return `(?:${escape(n)}|${escape(n.slice(0, 1))})`;
  });
  const [first, ...middles] = parts;
  const extra = String.raw`(?: (?!(?:and|or|of|in|to|for|at|by|on|with|from|is|was|his|her)\b)\p{L}{2,}){0,2}`;
  const run = `${first ?? ''}${middles.map((m) => `(?: ${m})?`).join('')}${extraMiddles ? extra : ''}`;
  const joined = initials.length > 1 ? `|${escape(initials.join(''))}` : '';
  return `(?:${run}${joined}) ${escape(surname)}(?: jr| sr)?`;
}

interface NameForms {
  /** The name as written, normalized (the one form every name has). */
  exact: string;
  /** A person-like name's surname, normalized and folded: every form holds it. */
  surname: string;
  /** Its bare form, folded. */
  bare: string;
  /** A person-like name's forms within text, or null. */
  within: RegExp | null;
  /** The same, as the whole of a title. */
  whole: RegExp | null;
  /** A person-like name's forms other than as written (bare or by `within`), global, or null. */
  other: RegExp | null;
  /** Its own "Jr."/"Sr."/roman numeral ("jr", "sr", "ii", …), or ''. */
  suffix: string;
}

const formsOf = memoizeString((name: string): NameForms => {
  const src = personSource(name);
  const whole = personSource(name, true);
  const bare = normalizeText(foldDiacritics(bareName(name)));
  const suffix = SUFFIX.exec(name.replace(/\s*\([^)]*\)\s*$/u, ''))?.[0].replace(/^,?\s+/u, '') ?? '';
  return {
    exact: normalizeText(name),
    surname: src ? (bare.split(' ').at(-1) ?? '') : '',
    bare,
    within: src ? new RegExp(`(?<= )${src}(?= )`, 'u') : null,
    whole: whole ? new RegExp(`^${whole}$`, 'u') : null,
    other: src ? new RegExp(`(?<= )(?:${src}|${escape(bare)})(?= )`, 'gu') : null,
    suffix: suffixWord(suffix),
  };
});

const foldedHay = memoizeString((hay: string) => foldDiacritics(hay), 256);

// eslint-disable-next-line no-control-regex -- anything outside ASCII.
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The name's other forms in `h`: its bare form, or its person-name pattern (surname first). A
 * person's, where the text as written is given, only as a whole name there (whole-name.ts).
 */
function formsIn(h: string, f: NameForms, written: readonly string[] | undefined): boolean {
  const bare = f.bare !== '' && f.bare !== f.exact && h.includes(` ${f.bare} `);
  if (!bare && !(f.within !== null && h.includes(` ${f.surname} `) && f.within.test(h))) return false;
  return written === undefined || f.other === null || wholeNameIn(written, f.other, f.suffix);
}

/**
 * Whether normalized padded text (` words `) names `name` in any of its forms. `written`: the
 * parts of the text as written (a passage's title and text) that `hay` normalizes, where a
 * person's name in another form must be a whole name; the name as written counts anywhere.
 */
export function haystackNames(hay: string, name: string, written?: readonly string[]): boolean {
  const f = formsOf(name);
  if (f.exact === '') return false;
  if (hay.includes(` ${f.exact} `) || formsIn(hay, f, written)) return true;
  // Diacritics folded only where the text has any (most passages are ASCII).
  return NON_ASCII.test(hay) && formsIn(foldedHay(hay), f, written);
}

/** Whether two names (a title and a name, two names) are forms of one name. */
export function sameName(a: string, b: string): boolean {
  const fa = formsOf(a);
  const fb = formsOf(b);
  if (fa.bare === '' || fb.bare === '') return false;
  if (fa.bare === fb.bare) return true;
  return (fa.whole?.test(fb.bare) ?? false) || (fb.whole?.test(fa.bare) ?? false);
}

/** The surname a person-like name ends with (the index key for its other forms), or ''. */
export function surnameKey(name: string): string {
  return formsOf(name).surname;
}

const CAP = String.raw`\p{Lu}[\p{L}'’.-]*`;
const RUN = String.raw`${CAP}(?:\s+(?:${CAP}|de|van|von|der|da|del|di|du|la|le))*`;
const MONTH = /^(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/u;
const ALIAS = new RegExp(
  String.raw`\(\s*(?:née|born)\s+(${RUN})|\b(?:(?:also|better|professionally|commonly|popularly|simply)\s+)?known\s+(?:professionally\s+|mononymously\s+)?as\s+(?:simply\s+)?["“]?(${RUN})|\bnicknamed\s+["“]?(${RUN})`,
  'gu',
);

/**
 * The other names a page states for its subject in its opening: "(born NAME", "(née NAME",
 * "known (professionally) as NAME", "nicknamed NAME". A date after "born" is not a name.
 */
export const statedAliases = memoizeString((opening: string): string[] => {
  const out: string[] = [];
  for (const m of opening.slice(0, 400).matchAll(ALIAS)) {
    const name = (m[1] ?? m[2] ?? m[3] ?? '').replace(/[.,;]+$/u, '').trim();
    if (name !== '' && !MONTH.test(name) && !out.includes(name)) out.push(name);
  }
  return out;
}, 256);

/**
 * A surname alone ("directed by Spielberg") as the page names it in full before ("Steven
 * Spielberg"); the name itself when the page has no fuller form.
 */
export function fullNameOnPage(name: string, text: string): string {
  if (!/^\p{Lu}[\p{L}'’-]+$/u.test(name)) return name;
  // Initials keep their full stop; a sentence's does not join two names ("Spielberg. Spielberg").
  const word = String.raw`(?:\p{Lu}\.|\p{Lu}[\p{L}'’-]+)`;
  const m = new RegExp(String.raw`((?:${word}\s+){1,3})${escape(name)}\b`, 'u').exec(text);
  const full = m ? `${(m[1] ?? '').trim()} ${name}` : '';
  return full !== '' && personSource(full) !== null ? full : name;
}
