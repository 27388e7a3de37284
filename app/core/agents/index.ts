// Public surface of the agent strategies (see types.ts for the API overview).
export { apex, APEX_PROMPTS, type ApexParams } from './apex/apex';
export { apexConfidence, type ConfidenceWeights } from './apex/apex-confidence';
export { direct, DIRECT_PROMPTS, type DirectParams } from './direct';
export { exsearch, EXSEARCH_PROMPTS, type ExSearchParams } from './exsearch/exsearch';
export { ircot, IRCOT_PROMPTS, type IrcotParams } from './ircot';
export { qagent, QAGENT_PROMPTS, type QAgentParams } from './qagent';
export { isStrategyId, STRATEGIES, strategy } from './registry';
export { runStrategy } from './run';
export { searchR1, SEARCH_R1_PROMPTS, type SearchR1Params } from './search-r1';
export { standardRag, STANDARD_RAG_PROMPTS, type StandardRagParams } from './standard-rag';
export { fillTemplate, templatePlaceholders } from './template';
export {
  type AnyStrategyDef,
  FINISH_REASONS,
  type FinishReason,
  type StrategyContext,
  type StrategyDef,
  type StrategyId,
} from './types';
export { whenToSearch, WHEN_TO_SEARCH_PROMPTS, type WhenToSearchParams } from './when-to-search';
