// The words the APEX decision reader (apex-decision.ts) goes by: option words, statements about
// the knowledge, negations and the cues that tell the verb "answer" from the noun.
// Words that decide, by the side they choose when not negated.
export const ENOUGH_ACTS = new Set([
  'answer',
  'answered',
  'answerable',
  'stop',
  'stopping',
  'halt',
  'halting',
]);
export const MORE_ACTS = new Set([
  'retrieve',
  'retrieval',
  'retrieving',
  'search',
  'searching',
  'searches',
  'continue',
  'continuing',
  'lookup',
  'hop',
]);
// Statements about what we have, used when no option word decides.
export const ENOUGH_STATES = new Set([
  'sufficient',
  'sufficiently',
  'enough',
  'adequate',
  'complete',
  'contains',
  'know',
]);
export const MORE_STATES = new Set([
  'insufficient',
  'inadequate',
  'incomplete',
  'missing',
  'lacking',
  'lack',
  'lacks',
  'unknown',
]);
// "Done." / "We are done." / "Finished searching.": enough, where nothing else governs the word
// ("I have done a search" says nothing); see DONE_AFTER.
export const DONE_WORDS = new Set(['done', 'finished']);
export const DONE_AFTER = new Set(['i', 'we', 'am', 'are', 'is', 'be', 'been', 'now', 'all']);
// Words that say something only when negated ("not in the knowledge", "not mentioned").
export const NEGATED_ONLY = new Set([
  'in',
  'found',
  'given',
  'mentioned',
  'mention',
  'mentions',
  'stated',
  'provided',
  'available',
  'present',
]);
export const INFO_NOUNS = new Set([
  'information',
  'info',
  'details',
  'evidence',
  'context',
  'facts',
  'data',
  'documents',
  'docs',
  'sources',
]);
export const MORE_WORDS = new Set(['more', 'further', 'additional', 'extra', 'new']);

export const HAVE = new Set(['have', 'has', 'got']);
export const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'none',
  'unnecessary',
  'needless',
  'pointless',
  'avoid',
  'skip',
]);
// Negate an option word only ("without more information" still lacks information).
export const ACT_NEGATORS = new Set(['without', 'instead', 'stop', 'halt', 'done', 'finished']);
// Of those, the ones that turn over only the word right after them ("stop searching", "done
// retrieving"; not "stop or continue").
export const ADJACENT_NEGATORS = new Set(['stop', 'halt', 'done', 'finished']);
export const NEGATION_WINDOW = 5;
// Before "answer", these make it the option ("I can answer", "enough to answer").
export const ANSWER_CUES = new Set([
  'can',
  'could',
  'will',
  'would',
  'shall',
  'should',
  'must',
  'may',
  'might',
  'able',
  'ready',
  'enough',
  'sufficient',
  'sufficiently',
  'possible',
  'now',
  'directly',
  'us',
  'i',
  'we',
]);
export const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'its',
  'my',
  'our',
  'final',
  'correct',
]);
// "answer is …", "answer to …": the noun.
export const NOUN_FOLLOWERS = new Set([
  'is',
  'was',
  'are',
  'to',
  'of',
  'for',
  'lies',
  'remains',
  'seems',
  'appears',
]);
// "the search", "search results": a search already made, not a decision.
export const DONE_SEARCH_BEFORE = new Set([
  'the',
  'this',
  'that',
  'previous',
  'earlier',
  'last',
  'first',
  'my',
  'our',
  'these',
  'those',
]);
export const DONE_SEARCH_AFTER = new Set(['results', 'result', 'engine', 'history']);
// After these, the rest of the clause is a condition, not a decision.
export const HYPOTHETICAL = new Set(['before', 'until', 'if', 'whether', 'unless', 'once', 'when', 'after']);
export const DOUBT = /\b(?:not sure|unsure|uncertain|doubt\w*)\b/;
export const NOT_NEEDED_AFTER =
  /^(?:\w+ ){0,3}?(?:(?:is|are|was|be|seems|looks) )?(?:(?:not|no longer) (?:\w+ )?(?:needed|necessary|required|warranted|useful|helpful)|unnecessary|unneeded|needless|pointless|redundant|superfluous)\b/;
export const LABEL = /^(?:final )?(?:decision|reply|response|output|verdict|choice|action)\s*[:\-–]\s*/;
export const OPTION_LABEL = /^(answer|retrieve|stop|continue|search)\s*[:\-–]\s*(\S.*)$/;
// A yes or no right after a question ("Continue? No.", "Retrieve? No — answer."): the question
// and the answer.
export const ANSWERED_QUESTION = /([^.!?\n;]*)\?\s*\b(yes|no)\b/g;
