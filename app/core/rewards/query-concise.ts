// When-to-Search's notion of a concise search query (docs/architecture.md §5, search reward with RC ≤ 1): a
// short keyword query, with no question words, filler prepositions or modifiers. The paper states
// the idea, not word lists; these are Hopscope's explicit lists, exported so a view can show them
// and a caller can pass its own.

/** Interrogatives: a query holding one is a question, not keywords. */
export const QUESTION_WORDS: readonly string[] = [
  'what',
  'who',
  'whom',
  'whose',
  'which',
  'when',
  'where',
  'why',
  'how',
];

/** Prepositions that pad a keyword query ("information about", "the capital of"). */
export const FILLER_PREPOSITIONS: readonly string[] = [
  'about',
  'of',
  'in',
  'on',
  'at',
  'for',
  'to',
  'from',
  'by',
  'with',
  'into',
  'regarding',
  'concerning',
];

/** Hedges, intensifiers and vague quantifiers that add words, not meaning. */
export const MODIFIERS: readonly string[] = [
  'very',
  'really',
  'quite',
  'exactly',
  'actually',
  'specifically',
  'particularly',
  'basically',
  'generally',
  'approximately',
  'roughly',
  'just',
  'also',
  'please',
  'some',
  'any',
  'certain',
  'various',
  'possibly',
  'likely',
];

export interface ConcisenessCheck {
  concise: boolean;
  /** The offending words, in query order, each once; '?' when the query ends as a question. */
  offending: string[];
}

export interface WordLists {
  questionWords: readonly string[];
  fillerPrepositions: readonly string[];
  modifiers: readonly string[];
}

export const DEFAULT_WORD_LISTS: WordLists = {
  questionWords: QUESTION_WORDS,
  fillerPrepositions: FILLER_PREPOSITIONS,
  modifiers: MODIFIERS,
};

/**
 * Whether a query is concise: none of its words (lower-cased, split on anything that is not a
 * letter, digit or apostrophe) is in the lists, and it does not end with '?' (a question mark marks
 * a question as surely as a question word does).
 */
export function checkConcise(query: string, lists: WordLists = DEFAULT_WORD_LISTS): ConcisenessCheck {
  const banned = new Set([...lists.questionWords, ...lists.fillerPrepositions, ...lists.modifiers]);
  const offending: string[] = [];
  for (const w of query.toLowerCase().split(/[^\p{L}\p{N}']+/u)) {
    if (w !== '' && banned.has(w) && !offending.includes(w)) offending.push(w);
  }
  if (query.trim().endsWith('?')) offending.push('?');
  return { concise: offending.length === 0, offending };
}
