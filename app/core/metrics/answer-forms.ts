// Dates and numbers written differently but meaning the same (`July 10, 1099` = `10 July 1099` =
// `1099-07-10`; `three million` = `3,000,000`). Answer EM (SQuAD normalization, answer.ts) treats
// them as different strings; the near-miss verdict (answer-verdict.ts) asks whether they are the
// same value. Each date or number is rewritten as one word token, then the whole answer is
// normalized as usual, so surrounding words still have to agree.
import { memoizeString } from '../memo';
import { normalizeAnswer } from './normalize';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** `July`, `Jul`, `Jul.`, `Sept.`: full names and three-letter abbreviations. */
const MONTH = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const YEAR = String.raw`(\d{1,4})`;

const DAY_MONTH_YEAR = new RegExp(String.raw`\b(?:the\s+)?${DAY}(?:\s+of)?\s+${MONTH},?\s+${YEAR}\b`, 'gi');
const MONTH_DAY_YEAR = new RegExp(String.raw`\b${MONTH}\s+${DAY},?\s+${YEAR}\b`, 'gi');
const ISO_DATE = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g;
const MONTH_YEAR = new RegExp(String.raw`\b${MONTH},?\s+(\d{3,4})\b`, 'gi');

function monthNumber(name: string): number {
  const n = name.toLowerCase().replace(/\.$/, '');
  return MONTHS.findIndex((m) => m.startsWith(n.slice(0, 3))) + 1;
}

function dateToken(y: string, m: number, d?: string): string | null {
  const day = d === undefined ? 0 : Number(d);
  if (m < 1 || m > 12 || day < 0 || day > 31) return null;
  return ` date${Number(y)}m${m}${d === undefined ? '' : `d${day}`} `;
}

/** Rewrites every full date (day, month, year) and month-year in `s` as one token. */
function rewriteDates(s: string): { text: string; found: boolean } {
  let found = false;
  const sub = (token: string | null, whole: string): string => {
    if (token === null) return whole;
    found = true;
    return token;
  };
  const text = s
    .replace(DAY_MONTH_YEAR, (w, d: string, m: string, y: string) => sub(dateToken(y, monthNumber(m), d), w))
    .replace(MONTH_DAY_YEAR, (w, m: string, d: string, y: string) => sub(dateToken(y, monthNumber(m), d), w))
    .replace(ISO_DATE, (w, y: string, m: string, d: string) => sub(dateToken(y, Number(m), d), w))
    .replace(MONTH_YEAR, (w, m: string, y: string) => sub(dateToken(y, monthNumber(m)), w));
  return { text, found };
}

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};

const WORD = String.raw`(?:${TENS.filter(Boolean).join('|')})(?:[-\s](?:${UNITS.slice(1, 10).join('|')}))?|${UNITS.join('|')}`;
const FIGURE = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE = String.raw`(?:\s+(hundred|thousand|million|billion|trillion))?`;
const NUMBER = new RegExp(String.raw`\b(${FIGURE}|${WORD})${SCALE}\b`, 'gi');

function wordValue(w: string): number {
  const [a = '', b] = w.toLowerCase().split(/[-\s]/);
  const base = UNITS.indexOf(a) >= 0 ? UNITS.indexOf(a) : TENS.indexOf(a) * 10;
  return base + (b === undefined ? 0 : UNITS.indexOf(b));
}

/** Rewrites every number (figures with or without thousands commas, number words, scales). */
function rewriteNumbers(s: string): { text: string; found: boolean } {
  let found = false;
  const text = s.replace(NUMBER, (_w, n: string, scale?: string) => {
    found = true;
    const value =
      (/\d/.test(n) ? Number(n.replace(/,/g, '')) : wordValue(n)) *
      (scale ? (SCALES[scale.toLowerCase()] ?? 1) : 1);
    // One word token: `num1000`, `num3p5` (3.5); normalization would drop a dot.
    return ` num${String(value).replace('.', 'p')} `;
  });
  return { text, found };
}

/** What made two answers equal once dates and numbers are read as values. */
export type SameValue = 'date' | 'number';

/** An answer's canonical form (canonicalAnswer); shared by every caller, so never changed. */
export type CanonicalAnswer = Readonly<{ text: string; date: boolean; number: boolean }>;

/**
 * canonicalAnswer without its memo, for long texts read once per document (a passage, which its
 * caller caches per document): in the shared memo they would push the gold aliases out.
 */
export function canonicalText(s: string): CanonicalAnswer {
  const dates = rewriteDates(s);
  const numbers = rewriteNumbers(dates.text);
  return { text: normalizeAnswer(numbers.text), date: dates.found, number: numbers.found };
}

/**
 * The answer with dates and numbers as value tokens, normalized; and what it held. Memoized: gold
 * aliases and predictions recur across a run's rollouts.
 */
export const canonicalAnswer: (s: string) => CanonicalAnswer = memoizeString(canonicalText, 4096);

/** 'date' or 'number' when `pred` equals a gold alias once dates and numbers are values; else null. */
export function sameValue(pred: string, golds: readonly string[]): SameValue | null {
  const p = canonicalAnswer(pred);
  if (p.text === '' || (!p.date && !p.number)) return null;
  for (const g of golds) {
    const c = canonicalAnswer(g);
    if (c.text === p.text) return p.date || c.date ? 'date' : 'number';
  }
  return null;
}
