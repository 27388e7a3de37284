// The Llm port over OpenAI-compatible HTTP servers (docs/architecture.md §2): vLLM, llama.cpp's llama-server,
// Ollama's /v1. Generation streams over SSE (openai-stream.ts); stop strings are sent to the server and
// also enforced here with StopMatcher (openai-turn.ts: servers differ on including, honouring and
// reporting them), and the HTTP stream is closed as soon as one is seen so the server stops
// generating. `score` reads prompt log-probabilities from the legacy completions endpoint (`echo` +
// `logprobs`, openai-score.ts), which vLLM offers. That endpoint applies no chat template, so chat
// messages sent there (generation on the completions endpoint, and every `score`) are rendered to
// text with `chatTemplate` (chat-text.ts). Every error names the URL and says what to do; the API key
// never appears in errors or JSON (openai-http.ts).
import { isObj } from '../json';
import type { ChatTemplate } from './chat-text';
import { normalizeBaseUrl } from './openai-base-url';
import { withinContext } from './openai-context-retry';
import { OpenAiError, snippetOf } from './openai-errors';
import { OpenAiHttp } from './openai-http';
import {
  DEFAULT_MAX_TOKENS,
  generationBody,
  type OpenAiEndpoint,
  renderedPrompt,
  scoreBody,
} from './openai-request';
import { continuationLogprob } from './openai-score';
import { readTurn } from './openai-stream';
import { Turn } from './openai-turn';
import type { GenerateOptions, GenerateResult, Llm, Prompt, ScoreResult } from './types';

export { normalizeBaseUrl } from './openai-base-url';
export { OpenAiError, type OpenAiErrorKind } from './openai-errors';
export type { OpenAiEndpoint } from './openai-request';

export interface OpenAiLlmOptions {
  /**
   * Server base URL; see normalizeBaseUrl: "http://host:8000" and "http://host:8000/v1/" both mean
   * "http://host:8000/v1"; any other path is kept as given.
   */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …`; kept out of errors, `toJSON` and `backend`. */
  apiKey?: string;
  /**
   * `chat` (default): /chat/completions with the server's chat template; `completions`: raw text
   * (messages rendered here with `chatTemplate`).
   */
  endpoint?: OpenAiEndpoint;
  /**
   * How chat messages become text where the server applies no template: the completions endpoint
   * and `score()`. Default 'chatml' (Qwen, the Search-R1 family). The chat endpoint ignores it.
   */
  chatTemplate?: ChatTemplate;
  /** Until the response starts (headers), ms. Default 120 000 (a cold model may be loading). */
  timeoutMs?: number;
  /** Longest silence between two chunks of a response, ms. Default 60 000. */
  idleTimeoutMs?: number;
  /** Also send `stop` to the server (default true). False: enforce stop strings only here — exact
   * stop reporting on servers that cut at a stop string without saying which one. */
  sendStop?: boolean;
  /**
   * Most bytes one response may send (a turn's stream, or a JSON body). Default 16 MiB: a real
   * turn of a few thousand tokens is well under 1 MiB even as SSE. Past it reading stops and the
   * call fails with kind 'limit', naming the cap (a flooding server froze the page and stored a
   * 250 MB trajectory).
   */
  maxResponseBytes?: number;
  /** Most characters of generated text one turn may return. Default 1,000,000 (see maxResponseBytes). */
  maxResponseChars?: number;
  /**
   * Retries after HTTP 429 / 503 that carry a Retry-After the client may honour. Default 2; each
   * wait is cancellable and at most `maxRetryWaitMs` (default 30 000): a server asking for longer
   * fails at once with its wait in the message.
   */
  maxRetries?: number;
  maxRetryWaitMs?: number;
  /** Merged into every generation request body last (so it can override), e.g. `{top_p: 0.9}`. */
  extraBody?: Record<string, unknown>;
  fetchImpl?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_IDLE_MS = 60_000;
const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
const DEFAULT_MAX_RESPONSE_CHARS = 1_000_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_WAIT_MS = 30_000;

export class OpenAiLlm implements Llm {
  readonly model: string;
  readonly backend: string;
  readonly baseUrl: string;
  readonly endpoint: OpenAiEndpoint;
  readonly chatTemplate: ChatTemplate;
  readonly timeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly sendStop: boolean;
  readonly maxResponseBytes: number;
  readonly maxResponseChars: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  private readonly extraBody: Record<string, unknown>;
  // Private fields: not enumerable, not in JSON, not shown by console.log / util.inspect; the
  // HTTP client holds the API key.
  readonly #http: OpenAiHttp;
  readonly #hasApiKey: boolean;

  constructor(opts: OpenAiLlmOptions) {
    this.baseUrl = normalizeBaseUrl(opts.baseUrl);
    if (!opts.model.trim()) throw new OpenAiError('request', this.baseUrl, 'no model name given');
    this.model = opts.model;
    this.endpoint = opts.endpoint ?? 'chat';
    this.chatTemplate = opts.chatTemplate ?? 'chatml';
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_MS;
    this.sendStop = opts.sendStop ?? true;
    this.maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.maxResponseChars = opts.maxResponseChars ?? DEFAULT_MAX_RESPONSE_CHARS;
    this.maxRetries = opts.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.maxRetryWaitMs = opts.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
    this.extraBody = { ...opts.extraBody };
    const apiKey = opts.apiKey?.trim() || undefined;
    this.#hasApiKey = apiKey !== undefined;
    this.#http = new OpenAiHttp({
      model: this.model,
      apiKey,
      timeoutMs: this.timeoutMs,
      idleTimeoutMs: this.idleTimeoutMs,
      maxResponseBytes: this.maxResponseBytes,
      maxRetries: this.maxRetries,
      maxRetryWaitMs: this.maxRetryWaitMs,
      // Unbound `fetch` throws "Illegal invocation" in browsers when called as a method.
      fetchImpl: opts.fetchImpl ?? ((input, init) => fetch(input, init)),
    });
    this.backend = `openai-compatible (${this.baseUrl}, ${this.endpoint})`;
  }

  toJSON(): Record<string, unknown> {
    return {
      adapter: 'openai-compatible',
      baseUrl: this.baseUrl,
      model: this.model,
      endpoint: this.endpoint,
      chatTemplate: this.chatTemplate,
      backend: this.backend,
      hasApiKey: this.#hasApiKey,
    };
  }

  private get request() {
    const { model, endpoint, chatTemplate, sendStop, extraBody } = this;
    return { model, endpoint, chatTemplate, sendStop, extraBody };
  }

  /** The model ids the server offers (GET {base}/models), e.g. for a "test connection" button. */
  async listModels(options: { signal?: AbortSignal } = {}): Promise<string[]> {
    const http = this.#http;
    const url = `${this.baseUrl}/models`;
    const ex = http.exchange(options.signal);
    try {
      const res = await http.open(ex, url, 'GET', undefined, 'application/json');
      const j = await http.readJson(ex, res, url);
      const data = isObj(j) ? j.data : undefined;
      if (!Array.isArray(data))
        throw http.fail(
          'protocol',
          url,
          `${url} did not answer with a model list {"data": [...]}: ${snippetOf(j)}`,
        );
      return data.flatMap((m) => (isObj(m) && typeof m.id === 'string' ? [m.id] : []));
    } finally {
      ex.dispose();
    }
  }

  /**
   * Streams a completion (`stream: true`, SSE). Token counts come from the server's `usage`
   * (asked for with `stream_options.include_usage`); without it — and always when a stop string
   * cut the stream here, before the usage chunk — tokensOut counts content chunks (usually one
   * token each) and tokensIn is 0 (unknown). finishReason: 'stop' when a stop string ended it
   * (seen here, or named by vLLM's `stop_reason`), 'length' for finish_reason "length", else 'eos'
   * — also when a server cut at a stop string without saying which (llama.cpp, Ollama); with
   * `sendStop: false` every stop string is detected here. A turn longer than the context has
   * room for is asked again for what fits (openai-context-retry.ts).
   */
  generate(prompt: Prompt, options: GenerateOptions = {}): Promise<GenerateResult> {
    return withinContext(options.maxTokens ?? DEFAULT_MAX_TOKENS, (maxTokens) =>
      this.generateOnce(prompt, maxTokens === undefined ? options : { ...options, maxTokens }),
    );
  }

  private async generateOnce(prompt: Prompt, options: GenerateOptions): Promise<GenerateResult> {
    const http = this.#http;
    const url = `${this.baseUrl}/${this.endpoint === 'chat' ? 'chat/completions' : 'completions'}`;
    const stops = (options.stop ?? []).filter((s) => s.length > 0);
    const turn = new Turn({
      url,
      chat: this.endpoint === 'chat',
      stops,
      maxResponseChars: this.maxResponseChars,
      onToken: options.onToken,
      fail: http.fail,
      serverError: (u, e) => http.serverError(u, e),
    });
    const body = generationBody(this.request, prompt, options, stops, url, http.fail);
    const ex = http.exchange(options.signal);
    try {
      const res = await http.open(ex, url, 'POST', body, 'text/event-stream');
      await readTurn(http, ex, res, url, this.maxResponseBytes, turn);
    } finally {
      ex.dispose();
    }
    return turn.result();
  }

  /**
   * Σ log p(continuation | prefix) from the completions endpoint with `echo: true, logprobs: 1`
   * (openai-score.ts). A messages prefix is rendered with `chatTemplate` first (the continuation
   * then follows the generation prompt, or the open final assistant message with `continueFinal`).
   */
  async score(
    prefix: Prompt,
    continuation: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<ScoreResult> {
    const http = this.#http;
    const url = `${this.baseUrl}/completions`;
    const text = renderedPrompt(this.request, prefix, url, http.fail);
    if (continuation === '') return { logprob: 0, tokens: 0 };
    const body = scoreBody(this.request, text + continuation);
    const ex = http.exchange(options.signal);
    let j: unknown;
    try {
      const res = await http.open(ex, url, 'POST', body, 'application/json');
      j = await http.readJson(ex, res, url);
    } finally {
      ex.dispose();
    }
    return continuationLogprob(j, continuation, url, http.fail, (u, e) => http.serverError(u, e));
  }
}
