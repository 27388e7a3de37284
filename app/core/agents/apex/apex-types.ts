// The APEX-Searcher strategy's parameters, and where a resumed run (a fork) starts.
import type { Doc } from '../../schema/trajectory';
import type { ConfidenceWeights } from './apex-confidence';
import type { PlanLine } from './apex-plan';

export interface ApexParams {
  /** Docs per retrieval. */
  docsPerRetrieval: number;
  /** Hmax: retrieval hops per sub-question. */
  maxHops: number;
  /**
   * The planning module. Off is the "w/o Plan" ablation of Table 2 (v1 §4.4, v2 §3.4): no plan is
   * generated and the execution loop works on the whole question as its one sub-question.
   */
  planning: boolean;
  /**
   * The most sub-questions the planning prompt asks for (v1 §3.3.2: "a manageable number of
   * steps"). The paper does not print its number; 4 is the most steps a MuSiQue question takes,
   * and MuSiQue is what the planner was trained on (v2 §C.1).
   */
  planStepLimit: number;
  /** Cap on plan steps read (a guard, not from the paper). */
  maxPlanSteps: number;
  /** Ask whether the accumulated knowledge already answers a sub-question. */
  sufficiencyCheck: boolean;
  /** Tokens for each short generation (decisions, answers). */
  maxTokens: number;
  /** Tokens for a query generation (a line of reasoning, then the query). */
  queryMaxTokens: number;
  planMaxTokens: number;
  temperature: number;
  confidenceWeights: ConfidenceWeights;
}

/** The sub-question a fork cut into: what it had decided, found and tried so far. */
export interface ApexNodeResume {
  /** The sub-question with #n resolved (as its decision step holds it). */
  resolved: string;
  decision: 'answer' | 'retrieve';
  /** Fresh docs found for it so far. */
  found: Doc[];
  /** Queries tried for it so far. */
  tried: string[];
  /** Hops done for it. */
  hops: number;
  /** An edited query whose search step is stored: retrieve it first. */
  pendingQuery?: string;
  /** Its retrieval already ended (a stop decision, or nothing new came back). */
  stopped?: boolean;
  /** Search once more before answering it, without the continuation decision. */
  forceHop?: boolean;
}

/** Where a resumed APEX run starts (a fork): plan, knowledge and query history from stored steps. */
export interface ApexResume {
  lines: PlanLine[];
  /** Sub-answers so far, by plan step id. */
  answers: ReadonlyMap<string, string>;
  /** Accumulated knowledge items, in order. */
  knowledge: readonly string[];
  /** Ids of every doc retrieved so far (later retrievals mark them duplicate). */
  seen: ReadonlySet<string>;
  /** Index in `lines` of the first sub-question not finished. */
  next: number;
  /** Where that sub-question stands when the fork cut into it. */
  current?: ApexNodeResume;
  /** Skip the remaining sub-questions and synthesize now. */
  answerNow?: boolean;
}
