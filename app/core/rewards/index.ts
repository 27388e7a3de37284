// Public surface of the rewards (docs/architecture.md §5).
export * from './types';
export { REWARDS, rewardById, computeRewards, type RewardParams } from './registry';
export {
  searchR1Em,
  searchR1Format,
  searchR1Sequence,
  searchR1RetrievalHit,
  type SearchR1FormatParams,
  type SequenceCheck,
} from './search-r1';
export {
  qagentStage1,
  qagentStage2,
  qagentFormat,
  qagentGeneratorPrompt,
  generatorAnswer,
  type QAgentStage2Params,
} from './qagent';
export {
  whenToSearchReward,
  whenToSearchSequence,
  whenToSearchSearchReward,
  whenToSearchAnswerReward,
  WHEN_TO_SEARCH_DEFAULTS,
  type WhenToSearchParams,
} from './when-to-search';
export {
  checkConcise,
  QUESTION_WORDS,
  FILLER_PREPOSITIONS,
  MODIFIERS,
  DEFAULT_WORD_LISTS,
  type WordLists,
  type ConcisenessCheck,
} from './query-concise';
export { apexSepr, seprFromVectors, type SeprParams, type SeprScore } from './apex-sepr';
export { hungarian, type Assignment } from './hungarian';
export {
  exsearchLogWeight,
  exsearchMessages,
  exsearchPrompt,
  exsearchFinalSentence,
  normalizeImportanceWeights,
  type ExSearchWeightParams,
} from './exsearch';
export {
  categorize,
  fourCategories,
  pairByQuestion,
  emCorrect,
  CATEGORIES,
  CATEGORY_LABELS,
  type RetrievalCategory,
  type RetrievalPair,
  type FourCategories,
} from './four-categories';
