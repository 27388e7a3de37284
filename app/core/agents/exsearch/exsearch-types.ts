// The ExSearch strategy's parameters, and where a resumed run (a fork) starts.
import type { ChatMessage } from '../../llm/types';

export interface ExSearchParams {
  maxIterations: number;
  topK: number;
  /** The think action (off: the "w/o thinking" ablation of §5.2, retrieve-then-generate). */
  thinking: boolean;
  /**
   * The search action (off: the "w/o search" ablation of §5.2, "an iterative self-ask process
   * without external knowledge": each sub-query is answered from the model's own knowledge).
   */
  search: boolean;
  /** The record action (off: the "w/o recording" ablation of §5.2, no facts extracted). */
  recording: boolean;
  /** Run the rank (document selection) action of ExSearch-Zoo (appendix E.2); off in the main method. */
  rank: boolean;
  /** Ranked docs kept for the model (0: every selected one, as the public code does). */
  rankKeep: number;
  maxTokens: number;
  temperature: number;
}

/** Where a resumed search starts (a fork): the chat ExSearch keeps, rebuilt from stored steps. */
export interface ExSearchResume {
  /** The chat so far, the task prompt first (each iteration adds its query and <SEARCH> turn). */
  messages: ChatMessage[];
  /** Searches so far. */
  hop: number;
  /** Iterations done. */
  done: number;
  /**
   * The iteration under way when the fork was made: its fact is known (ask for the query with
   * `<FACT> fact\n<QUERY>`), or its query too (search it; `searched`: its search step is stored).
   */
  pending?: { fact?: string; query?: string; searched?: boolean };
  /** The parent already wrote <FINAL>: only the answer is left. */
  finished?: boolean;
  /** Answer now, or allow exactly one more iteration first. */
  mode?: 'answer_now' | 'search_more';
}
