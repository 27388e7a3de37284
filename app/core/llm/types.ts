// The Llm and Embedder ports (docs/architecture.md §2). Pure types: adapters (transformers.js in a worker,
// OpenAI-compatible HTTP, the scripted test double) implement them; strategies and rewards use
// them without knowing which one is behind.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * What the model reads. A string is raw text (no chat template). Messages go through the model's
 * chat template with a generation prompt; with `continueFinal` the last message must be the
 * assistant's and the model continues it (no end-of-turn after it) — how the Search-R1 family
 * appends `<information>` to its own turn and lets the model go on.
 */
export type Prompt = string | { messages: ChatMessage[]; continueFinal?: boolean };

export interface GenerateOptions {
  /** Generation ends right after any of these strings; they are not part of `text`. */
  stop?: string[];
  /** Default 512. */
  maxTokens?: number;
  /** 0 (the default) is greedy decoding. */
  temperature?: number;
  /** Aborting stops generation within one token; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Each decoded piece of text as it is produced (stop strings are never passed here). */
  onToken?: (text: string) => void;
}

export interface GenerateResult {
  /** The generated text, without the stop string that ended it. */
  text: string;
  /** The stop string that ended generation, if one did. */
  stop?: string;
  /** 'stop': a stop string; 'eos': the model's end token; 'length': maxTokens reached. */
  finishReason: 'stop' | 'eos' | 'length';
  tokensIn: number;
  tokensOut: number;
  /** Wall time of the whole call. */
  ms: number;
  /** Time to first token. */
  ttftMs?: number;
  /** Prompt tokens served from a reused KV cache (0 when none). */
  cachedTokens?: number;
}

export interface ScoreResult {
  /** Σ log p(continuation token | prefix, earlier continuation tokens), natural log. */
  logprob: number;
  /** Tokens of the continuation. */
  tokens: number;
}

export interface Llm {
  /** The model as a trajectory records it (`agent.model`). */
  readonly model: string;
  /** The adapter as a trajectory records it (`agent.backend`), e.g. "transformers.js/wasm". */
  readonly backend: string;
  /** Tokens the model attends to, prompt and generation together, where the adapter knows it. */
  readonly contextTokens?: number;
  generate(prompt: Prompt, options?: GenerateOptions): Promise<GenerateResult>;
  /** Teacher-forced log-probability of `continuation` after `prefix` (ExSearch's weight). */
  score?(prefix: Prompt, continuation: string): Promise<ScoreResult>;
}

/** Thrown (or rejected with) when generation was cancelled through `signal`. */
export { AbortError } from '../abort';

export interface Embedder {
  readonly model: string;
  /** One L2-normalized vector per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
}
