// Reading APEX-Searcher's two decisions from free model text (v1 §3.2.2, Algorithm 2): the
// knowledge-sufficiency check (Answer or Retrieve) and the continuation decision (stop or go on).
// Both ask one question — is what we have enough? — so one reader serves both. Models rarely reply
// with the bare keyword; they write "No more searching is needed." or "Yes, the facts are
// sufficient; no need to search.", where the words "search" and "no" alone point the wrong way.
// So the reader looks, in order, for: a negated need for more search, an explicit lack, the
// prompt's own keywords, a plain "sufficient"/"enough", and last a leading yes/no read with the
// polarity of the question asked. An unclear reply asks for more (retrieving is the safe side).
import { oneLine } from './parse';

/** "enough": answer / stop; "more": retrieve / continue. */
export type Sufficiency = 'enough' | 'more';

export interface DecisionReading {
  /** Keywords the prompt asks for, each with its meaning ("answer" → enough, …). */
  keywords: Readonly<Record<string, Sufficiency>>;
  /** What a leading "yes" means for the question the prompt asks. */
  yes: Sufficiency;
}

const SEARCH_WORDS =
  '(?:search(?:es|ing)?|retriev\\w*|look(?:ing)?[ -]?ups?|queries|query|hops?|information|documents?|evidence|steps?)';

// Statements that no more searching is needed ("No more searching is needed.", "no need to search",
// "does not need further retrieval", "another search isn't necessary").
const NO_MORE_NEEDED = [
  new RegExp(
    `\\bno (?:more |further |additional |other |extra |new )?${SEARCH_WORDS}\\b[^.;!?]*?\\b(?:is |are )?(?:needed|necessary|required)\\b`,
  ),
  new RegExp(
    `\\bno (?:need|necessity|reason) (?:to|for) (?:\\w+ ){0,2}(?:${SEARCH_WORDS}|continu\\w*|search)`,
  ),
  new RegExp(
    `\\b(?:do(?:es)?n['’]?t|do(?:es)? not|won['’]?t|will not|need not|needn['’]?t) (?:need (?:to )?)?(?:any )?(?:more |further |additional |another )?(?:${SEARCH_WORDS}|continu\\w*)`,
  ),
  new RegExp(`\\b${SEARCH_WORDS}\\b[^.;!?]*?\\b(?:is|are)(?:n['’]?t| not) (?:needed|necessary|required)\\b`),
];

// Statements that what we have falls short.
const LACKING = [
  /\b(?:in|not |isn['’]?t |is not |aren['’]?t |are not |not yet )sufficient\b/,
  /\bnot (?:yet )?enough\b/,
  /\b(?:need|needs|needed|require|requires|required) (?:\w+ )?(?:more|further|additional|another)\b/,
  /\b(?:more|further|additional|another) \w*\s*(?:is |are )?(?:needed|necessary|required)\b/,
  /\b(?:cannot|can['’]?t|could not|couldn['’]?t|unable to) (?:be )?(?:answer|determin|tell)/,
  /\b(?:not|un)answerable\b/,
  /\b(?:missing|lacking|lacks?)\b/,
  /\b(?:don['’]?t|do not|not) stop\b/,
];

const SUFFICIENT = /\b(?:sufficient|enough|adequate|complete)\b/;

/** The reply's meaning: "enough" (answer / stop) or "more" (retrieve / continue). */
export function readSufficiency(reply: string, reading: DecisionReading): Sufficiency {
  const t = reply.toLowerCase().replace(/\s+/g, ' ').trim();
  if (NO_MORE_NEEDED.some((re) => re.test(t))) return 'enough';
  if (LACKING.some((re) => re.test(t))) return 'more';
  // The prompt's keywords: the first one written wins.
  let first: { at: number; meaning: Sufficiency } | undefined;
  for (const [word, meaning] of Object.entries(reading.keywords)) {
    const m = new RegExp(`\\b${word}\\b`).exec(t);
    if (m && (first === undefined || m.index < first.at)) first = { at: m.index, meaning };
  }
  if (first) return first.meaning;
  if (SUFFICIENT.test(t)) return 'enough';
  if (/^\W*yes\b/.test(t)) return reading.yes;
  if (/^\W*no\b/.test(t)) return reading.yes === 'enough' ? 'more' : 'enough';
  return 'more';
}

/** Sufficiency reply → "answer" | "retrieve" (unclear replies retrieve); reads negations. */
export function parseSufficiency(reply: string): 'answer' | 'retrieve' {
  const r = readSufficiency(reply, { keywords: { answer: 'enough', retrieve: 'more' }, yes: 'enough' });
  return r === 'enough' ? 'answer' : 'retrieve';
}

/** Continuation reply → "continue" | "stop" (unclear replies continue); reads negations. */
export function parseContinue(reply: string): 'continue' | 'stop' {
  const r = readSufficiency(reply, { keywords: { stop: 'enough', continue: 'more' }, yes: 'enough' });
  return r === 'enough' ? 'stop' : 'continue';
}

/** The query of a query-generation reply: its last "Query:" line, else its first line. */
export function queryFromReply(text: string): string {
  const labelled = [...text.matchAll(/^\s*(?:search\s+)?query\s*:\s*(.+)$/gim)].at(-1)?.[1];
  return labelled !== undefined ? firstLine(labelled) : firstLine(text);
}

/** The first non-empty line, without quotes or a "Query:"/"Answer:" label. */
export function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return oneLine(line)
    .replace(/^(?:query|answer|search query)\s*:\s*/i, '')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim();
}
