// Reading APEX-Searcher's two decisions from free model text (v1 §3.2.2, Algorithm 2; v2 §2.4.2):
// the knowledge-sufficiency check (δ_knowledge → Answer or Retrieve) and the continuation decision
// (δ_continue → stop or go on). Both ask one question, is what we have enough?, so one reader
// serves both. The prompts (apex-prompts.ts) ask for one option word; models write sentences,
// where "answer" is often a noun ("search for the answer") and a search word is often negated
// ("It is unnecessary to retrieve.", "Another search is unnecessary."). So the reader works clause
// by clause: a word counts as an option only where it is used as one (a verb, not "the answer"),
// a negation before it ("no need to", "do not", "unnecessary to") or after it ("… is not needed")
// turns it over, and words under "before", "if" or "whether" are not decisions. A yes or no after
// a question answers that question ("Continue? No." stops, "Retrieve? No — answer." answers), as
// it does after an option label ("Continue: no"). "Halt" and "Done." stop like "stop". Option words
// decide; statements ("not enough information") decide only when no option word is used. A reply
// that says neither, or both, is unclear: it takes the side of more retrieval, which is what
// Algorithm 2 does unless the model judges the knowledge sufficient (line 5) or decides to stop
// (line 13), and the caller shows why on the step. This is the one decision reader: live runs,
// the APEX importer and the fork read decisions with it (readSufficiency, readContinue).
import {
  ACT_NEGATORS,
  ADJACENT_NEGATORS,
  ANSWERED_QUESTION,
  ANSWER_CUES,
  DETERMINERS,
  DONE_AFTER,
  DONE_SEARCH_AFTER,
  DONE_SEARCH_BEFORE,
  DONE_WORDS,
  DOUBT,
  ENOUGH_ACTS,
  ENOUGH_STATES,
  HAVE,
  HYPOTHETICAL,
  INFO_NOUNS,
  LABEL,
  MORE_ACTS,
  MORE_STATES,
  MORE_WORDS,
  NEGATED_ONLY,
  NEGATION_WINDOW,
  NEGATORS,
  NOT_NEEDED_AFTER,
  NOUN_FOLLOWERS,
  OPTION_LABEL,
} from './apex-decision-words';
import { oneLine } from '../parse';

/** "enough": answer / stop; "more": retrieve / continue. */
export type Sufficiency = 'enough' | 'more';

export interface DecisionRead {
  meaning: Sufficiency;
  /** Why the reply was unclear; `meaning` is then the default, "more". */
  unclear?: string;
}

/** Lowercase words with contractions spelled out ("can't" → "can not"), markup and quotes gone. */
function normalise(reply: string): string {
  return reply
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[*_#>"“”]/g, ' ')
    .replace(/\bcan'?t\b|\bcannot\b/g, 'can not')
    .replace(/\bwon'?t\b/g, 'will not')
    .replace(/\bshan'?t\b/g, 'shall not')
    .replace(/n't\b/g, ' not')
    .replace(/'ll\b/g, ' will')
    .replace(/'d\b/g, ' would')
    .replace(/\blet's\b/g, 'let us')
    .replace(/'(?:m|re|s|ve)\b/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

interface Tally {
  acts: Record<Sufficiency, number>;
  states: Record<Sufficiency, number>;
  doubt: boolean;
}

const flip = (s: Sufficiency): Sufficiency => (s === 'enough' ? 'more' : 'enough');

function negatedBefore(words: readonly string[], i: number, act: boolean): boolean {
  let n = 0;
  for (let k = Math.max(0, i - NEGATION_WINDOW); k < i; k++) {
    const w = words[k] ?? '';
    // "stop" turns over only the word it governs ("stop searching", not "stop or continue").
    if (ADJACENT_NEGATORS.has(w) && k !== i - 1) continue;
    if (NEGATORS.has(w) || (act && ACT_NEGATORS.has(w))) n++;
  }
  return n % 2 === 1;
}

/** The side an option word at `i` chooses, or null where it is not used as an option. */
function actAt(words: readonly string[], i: number): Sufficiency | null {
  const w = words[i] ?? '';
  const prev = words[i - 1] ?? '';
  if (ENOUGH_ACTS.has(w)) {
    if (w === 'answer') {
      if (DETERMINERS.has(prev) || NOUN_FOLLOWERS.has(words[i + 1] ?? '')) return null;
      const cued = words.slice(Math.max(0, i - 3), i).some((x) => ANSWER_CUES.has(x));
      if (i > 0 && !cued) return null;
    }
    if (w === 'answered' && !['be', 'been', 'is', 'are'].includes(prev)) return null;
    return 'enough';
  }
  if (MORE_ACTS.has(w)) {
    if (DONE_SEARCH_BEFORE.has(prev) || DONE_SEARCH_AFTER.has(words[i + 1] ?? '')) return null;
    return 'more';
  }
  if (w === 'look' && words[i + 1] === 'up') return 'more';
  return null;
}

/** The side a statement word at `i` takes, or null. */
function stateAt(words: readonly string[], i: number): { side: Sufficiency; negatedOnly?: boolean } | null {
  const w = words[i] ?? '';
  const prev = words[i - 1] ?? '';
  if (ENOUGH_STATES.has(w)) return { side: 'enough' };
  if (MORE_STATES.has(w)) return { side: 'more' };
  if (NEGATED_ONLY.has(w)) return { side: 'enough', negatedOnly: true };
  if (MORE_WORDS.has(w) && INFO_NOUNS.has(words[i + 1] ?? '')) return { side: 'more' };
  if (DONE_WORDS.has(w) && (i === 0 || DONE_AFTER.has(prev) || NEGATORS.has(prev))) return { side: 'enough' };
  // "we have everything", "has all the information".
  if ((w === 'all' || w === 'everything') && HAVE.has(prev)) return { side: 'enough' };
  return null;
}

function readClause(clause: string, t: Tally, yes: Sufficiency): void {
  const doubtAt = DOUBT.exec(clause)?.index;
  if (doubtAt !== undefined) {
    t.doubt = true;
    clause = clause.slice(0, doubtAt);
  }
  const words = clause.match(/[a-z0-9]+/g) ?? [];
  if (words.length === 0) return;
  // A one-word clause answering the prompt's yes/no question ("Yes.", "No, …", "Not yet").
  const whole = words.join(' ');
  if (whole === 'yes' || words[0] === 'yes') t.acts[yes]++;
  else if (whole === 'no' || whole === 'not yet') t.acts[flip(yes)]++;
  for (const [i, w] of words.entries()) {
    if (HYPOTHETICAL.has(w)) return;
    const act = actAt(words, i);
    if (act) {
      const after = words.slice(i + 1).join(' ');
      const negated = negatedBefore(words, i, true) !== NOT_NEEDED_AFTER.test(after);
      t.acts[negated ? flip(act) : act]++;
      continue;
    }
    const state = stateAt(words, i);
    if (!state) continue;
    const negated = negatedBefore(words, i, false);
    if (state.negatedOnly && !negated) continue;
    t.states[negated ? flip(state.side) : state.side]++;
  }
}

const emptyTally = (): Tally => ({
  acts: { enough: 0, more: 0 },
  states: { enough: 0, more: 0 },
  doubt: false,
});

/** The side a question takes ("Continue?": more), 'both', or null where it names neither. */
function questionSide(question: string, yes: Sufficiency): Sufficiency | 'both' | null {
  const t = emptyTally();
  readClauses(question, t, yes);
  for (const counts of [t.acts, t.states]) {
    if (counts.enough > 0 && counts.more > 0) return 'both';
    if (counts.enough > 0) return 'enough';
    if (counts.more > 0) return 'more';
  }
  return null;
}

function readTally(text: string, yes: Sufficiency): Tally {
  const t = emptyTally();
  // "Continue? No.": the no turns the question's side over; a question naming neither side is the
  // prompt's own ("Is it enough? Yes."). A "no" that opens a phrase stays ("No need to search").
  const rest = !text.includes('?')
    ? text
    : text.replace(ANSWERED_QUESTION, (m: string, question: string, answer: string, at: number) => {
        const side = questionSide(question, yes);
        if (side === 'both') {
          t.acts.enough++;
          t.acts.more++;
        } else {
          const asked = side ?? yes;
          t.acts[answer === 'yes' ? asked : flip(asked)]++;
        }
        const opensPhrase = /^\s*\w/.test(text.slice(at + m.length));
        return answer === 'no' && opensPhrase ? ' . no ' : ' . ';
      });
  readClauses(rest, t, yes);
  return t;
}

function readClauses(text: string, t: Tally, yes: Sufficiency): void {
  const clauses = text.split(
    /[.;!?\n,:()]+|\b(?:but|however|so|therefore|thus|hence|then|although|though|because|since|and)\b/,
  );
  for (const c of clauses) readClause(c, t, yes);
}

function verdict(t: Tally): DecisionRead | null {
  for (const counts of [t.acts, t.states]) {
    if (counts.enough > 0 && counts.more > 0) return null;
    if (counts.enough > 0) return { meaning: 'enough' };
    if (counts.more > 0) return { meaning: 'more' };
  }
  return null;
}

/**
 * The reply's meaning. `yes` is what a leading "yes" means for the question the prompt asks;
 * `options` names the prompt's two words for the note on an unclear reply.
 */
export function readDecision(
  reply: string,
  yes: Sufficiency,
  options: { enough: string; more: string },
): DecisionRead {
  let text = normalise(reply);
  while (LABEL.test(text)) text = text.replace(LABEL, '');
  // "Continue: no" answers the label as "Continue? No" does ("Answer: no" stays a reply labelled
  // as the answer to the prompt's question).
  text = text.replace(/^(retrieve|stop|continue|search)\s*[:\-–]\s*(?=(?:yes|no)\b)/, '$1? ');
  const unclear = (why: string): DecisionRead => ({
    meaning: 'more',
    unclear: `unclear reply (${why}): read as "${options.more}", as Algorithm 2 does unless the model says "${options.enough}"`,
  });
  // "Answer: the knowledge covers it" / "Retrieve: the year is missing": the option as a label,
  // the rest its reason; the reason decides where it says something.
  const labelled = OPTION_LABEL.exec(text);
  const t = readTally(labelled ? (labelled[2] ?? '') : text, yes);
  const read = verdict(t);
  if (labelled && (read === null || t.doubt)) {
    const side = actAt([labelled[1] ?? ''], 0);
    if (side) return { meaning: side };
  }
  if (read && !t.doubt) return read;
  if (t.doubt) return unclear('it hedges');
  const both = t.acts.enough + t.states.enough > 0 && t.acts.more + t.states.more > 0;
  return unclear(both ? 'it says both' : 'it says neither');
}

/** A decision as read: the option, and why when the reply was unclear. */
export interface DecisionOf<D extends string> {
  decision: D;
  unclear?: string;
}

/** Sufficiency reply → "answer" | "retrieve", with why when the reply was unclear. */
export function readSufficiency(reply: string): DecisionOf<'answer' | 'retrieve'> {
  const r = readDecision(reply, 'enough', { enough: 'answer', more: 'retrieve' });
  const decision = r.meaning === 'enough' ? 'answer' : 'retrieve';
  return r.unclear ? { decision, unclear: r.unclear } : { decision };
}

/** Continuation reply → "continue" | "stop", with why when the reply was unclear. */
export function readContinue(reply: string): DecisionOf<'continue' | 'stop'> {
  const r = readDecision(reply, 'enough', { enough: 'stop', more: 'continue' });
  const decision = r.meaning === 'enough' ? 'stop' : 'continue';
  return r.unclear ? { decision, unclear: r.unclear } : { decision };
}

/** Sufficiency reply → "answer" | "retrieve" (unclear replies retrieve). */
export function parseSufficiency(reply: string): 'answer' | 'retrieve' {
  return readSufficiency(reply).decision;
}

/** Continuation reply → "continue" | "stop" (unclear replies continue). */
export function parseContinue(reply: string): 'continue' | 'stop' {
  return readContinue(reply).decision;
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
