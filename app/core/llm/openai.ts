// The Llm port over OpenAI-compatible HTTP servers (docs/architecture.md §2): vLLM, llama.cpp's llama-server,
// Ollama's /v1. Generation streams over SSE; stop strings are sent to the server and also enforced
// here with StopMatcher (servers differ on including, honouring and reporting them), and the HTTP
// stream is closed as soon as one is seen so the server stops generating. `score` reads prompt
// log-probabilities from the legacy completions endpoint (`echo` + `logprobs`), which vLLM offers.
// That endpoint applies no chat template, so chat messages sent there (generation on the
// completions endpoint, and every `score`) are rendered to text with `chatTemplate` (chat-text.ts).
// Every error names the URL and says what to do; the API key never appears in errors or JSON.
import { retryAfterMs } from '../http/retry-after';
import { isObj } from '../json';
import { type ChatTemplate, renderChat } from './chat-text';
import { completionRoom } from './context-limit';
import { SseParser, type SseEvent } from './sse';
import { StopMatcher } from './stop';
import {
  AbortError,
  type ChatMessage,
  type GenerateOptions,
  type GenerateResult,
  type Llm,
  type Prompt,
  type ScoreResult,
} from './types';

export type OpenAiEndpoint = 'chat' | 'completions';

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

export type OpenAiErrorKind =
  /** The server answered with an HTTP error status. */
  | 'http'
  /** The server reported an error inside a 200 response (mid-stream). */
  | 'server'
  /** No response: server down, wrong host or port, CORS refused. */
  | 'network'
  | 'timeout'
  /** The response was not what the OpenAI API promises (malformed SSE/JSON, missing fields). */
  | 'protocol'
  /** The server does not offer what was asked (prompt logprobs). */
  | 'unsupported'
  /** The call itself is invalid (a prompt the endpoint cannot take, a bad base URL). */
  | 'request'
  /** The server sent more than the client accepts in one turn (maxResponseBytes / maxResponseChars). */
  | 'limit';

export class OpenAiError extends Error {
  constructor(
    readonly kind: OpenAiErrorKind,
    /** The URL called (never holds the key). */
    readonly url: string,
    message: string,
    /** HTTP status for kind 'http'. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OpenAiError';
  }
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_IDLE_MS = 60_000;
const DEFAULT_MAX_TOKENS = 512;
/** Error bodies and diagnostics are cut to this many characters. */
const SNIPPET = 300;
const MAX_ERROR_BODY = 64 * 1024;
export { retryAfterMs };

const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
const DEFAULT_MAX_RESPONSE_CHARS = 1_000_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_WAIT_MS = 30_000;

/** Waits `ms`, or rejects with AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new AbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The base URL requests are made under. Trailing slashes go; a pasted endpoint URL
 * (…/chat/completions, …/completions, …/models) is cut back to its base; a bare origin gets "/v1"
 * (vLLM, llama.cpp and Ollama all serve the OpenAI API there); any other path is kept, for proxies
 * that mount the API elsewhere. A missing scheme means http. Credentials and query strings are
 * refused: the key belongs in `apiKey`, and requests append paths.
 */
export function normalizeBaseUrl(input: string): string {
  let s = input.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) s = `http://${s}`;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw new OpenAiError('request', '', `"${truncate(input, 100)}" is not a valid server URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new OpenAiError('request', '', `server URL must start with http:// or https://, not ${u.protocol}`);
  if (u.username || u.password)
    throw new OpenAiError(
      'request',
      '',
      'put credentials in the API key field, not in the server URL (it is shown in errors and saved with runs)',
    );
  if (u.search) throw new OpenAiError('request', '', 'the server URL cannot have a query string (…?…)');
  let path = u.pathname.replace(/\/+$/, '');
  path = path.replace(/\/(chat\/completions|completions|models)$/, '');
  if (path === '') path = '/v1';
  return `${u.origin}${path}`;
}

function truncate(s: string, n = SNIPPET): string {
  return s.length > n ? `${s.slice(0, n)}… (${s.length} characters in all)` : s;
}

/** Python-style string length (code points): vLLM's `text_offset` counts characters that way. */
function cpLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The server's own words from an error body: OpenAI/vLLM `{error:{message}}`, Ollama
 * `{error:"…"}`, `{message}`, FastAPI `{detail}`, or the text itself. */
export function serverMessage(body: string): string {
  const text = body.trim();
  let msg: string | undefined;
  try {
    const j: unknown = JSON.parse(text);
    if (isObj(j)) {
      const e = j.error;
      if (typeof e === 'string') msg = e;
      else if (isObj(e) && typeof e.message === 'string') msg = e.message;
      else if (typeof j.message === 'string') msg = j.message;
      else if (typeof j.detail === 'string') msg = j.detail;
      else if (j.detail !== undefined) msg = JSON.stringify(j.detail);
      else msg = JSON.stringify(j);
    }
  } catch {
    // not JSON: the text itself
  }
  return truncate((msg ?? text).replace(/\s+/g, ' ').trim());
}

type Why = 'user' | 'timeout' | 'idle' | 'finished';

/** One HTTP exchange: its AbortController, the timers that may fire it, and why it ended. */
class Exchange {
  readonly ctrl = new AbortController();
  why: Why | undefined;
  /** Called when the exchange is stopped, to cancel a body reader at once. */
  onStop: (() => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onUserAbort = () => this.stop('user');

  constructor(private readonly user: AbortSignal | undefined) {
    user?.addEventListener('abort', this.onUserAbort, { once: true });
  }

  stop(why: Why): void {
    if (this.why) return;
    this.why = why;
    this.disarm();
    this.ctrl.abort();
    this.onStop?.();
  }

  arm(ms: number, why: 'timeout' | 'idle'): void {
    this.disarm();
    if (ms > 0 && Number.isFinite(ms)) this.timer = setTimeout(() => this.stop(why), ms);
  }

  disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Always called at the end: frees the connection if the body was not read to the end. */
  dispose(): void {
    this.user?.removeEventListener('abort', this.onUserAbort);
    this.stop('finished');
  }
}

interface Usage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
  prompt_tokens_details?: unknown;
}

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
  private readonly fetchImpl: typeof fetch;
  // A private field: not enumerable, not in JSON, not shown by console.log / util.inspect.
  readonly #apiKey: string | undefined;

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
    // Unbound `fetch` throws "Illegal invocation" in browsers when called as a method.
    this.fetchImpl = opts.fetchImpl ?? ((input, init) => fetch(input, init));
    this.#apiKey = opts.apiKey?.trim() || undefined;
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
      hasApiKey: this.#apiKey !== undefined,
    };
  }

  /** The model ids the server offers (GET {base}/models), e.g. for a "test connection" button. */
  async listModels(options: { signal?: AbortSignal } = {}): Promise<string[]> {
    const url = `${this.baseUrl}/models`;
    const ex = this.exchange(options.signal);
    try {
      const res = await this.open(ex, url, 'GET', undefined, 'application/json');
      const j = await this.readJson(ex, res, url);
      const data = isObj(j) ? j.data : undefined;
      if (!Array.isArray(data))
        throw this.fail(
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
   * `sendStop: false` every stop string is detected here.
   */
  async generate(prompt: Prompt, options: GenerateOptions = {}): Promise<GenerateResult> {
    try {
      return await this.generateOnce(prompt, options);
    } catch (e) {
      // A turn longer than the context has room for (the server does not say its context up
      // front): ask once more for what fits, as the refusal names it (context-limit.ts).
      const asked = options.maxTokens ?? DEFAULT_MAX_TOKENS;
      const room = e instanceof OpenAiError && e.status === 400 ? completionRoom(e.message) : null;
      if (room === null || room >= asked) throw e;
      return this.generateOnce(prompt, { ...options, maxTokens: room });
    }
  }

  private async generateOnce(prompt: Prompt, options: GenerateOptions): Promise<GenerateResult> {
    const t0 = performance.now();
    const url = `${this.baseUrl}/${this.endpoint === 'chat' ? 'chat/completions' : 'completions'}`;
    const stops = (options.stop ?? []).filter((s) => s.length > 0);
    const body = this.generationBody(prompt, options, stops, url);
    const matcher = new StopMatcher(stops);
    const chat = this.endpoint === 'chat';

    let text = '';
    let pieces = 0;
    let ttftMs: number | undefined;
    let finish: string | undefined;
    let serverStop: unknown;
    let usage: Usage | undefined;
    let sawDone = false;

    // Returns true when reading should end (a stop string was seen).
    const onPiece = (piece: string): boolean => {
      pieces++;
      ttftMs ??= performance.now() - t0;
      const fed = matcher.feed(piece);
      if (fed.emit) {
        if (text.length + fed.emit.length > this.maxResponseChars)
          throw this.fail(
            'limit',
            url,
            `${url} sent more than ${this.maxResponseChars.toLocaleString('en')} characters in one answer; Hopscope stopped reading (maxResponseChars)`,
          );
        text += fed.emit;
        options.onToken?.(fed.emit);
      }
      return fed.stopped !== undefined;
    };
    // One parsed chunk (streamed) or the whole answer (non-streamed); true when reading should end.
    const onObject = (obj: Record<string, unknown>): boolean => {
      if (obj.error !== undefined && obj.error !== null) throw this.serverError(url, obj.error);
      const choice = Array.isArray(obj.choices) && isObj(obj.choices[0]) ? obj.choices[0] : undefined;
      // Usage and finish first: a non-streamed answer carries them with the text.
      if (isObj(obj.usage)) usage = obj.usage;
      if (!choice) return false;
      if (typeof choice.finish_reason === 'string') finish = choice.finish_reason;
      if (choice.stop_reason !== undefined && choice.stop_reason !== null) serverStop = choice.stop_reason;
      const delta = isObj(choice.delta) ? choice.delta : isObj(choice.message) ? choice.message : undefined;
      const fromDelta = delta && typeof delta.content === 'string' ? delta.content : undefined;
      const fromText = typeof choice.text === 'string' ? choice.text : undefined;
      const piece = chat ? (fromDelta ?? fromText) : (fromText ?? fromDelta);
      return piece ? onPiece(piece) : false;
    };
    const onEvent = (ev: SseEvent): boolean => {
      const fieldError = ev.fields?.error;
      if (fieldError !== undefined) throw this.serverError(url, parseMaybeJson(fieldError));
      if (ev.event === 'error') throw this.serverError(url, parseMaybeJson(ev.data));
      const data = ev.data.trim();
      if (!ev.hasData || data === '') return false;
      if (data === '[DONE]') {
        sawDone = true;
        return true;
      }
      let obj: unknown;
      try {
        obj = JSON.parse(data);
      } catch {
        throw this.fail(
          'protocol',
          url,
          `${url} sent a malformed stream event: expected JSON after "data:", received: ${truncate(ev.data, 200)}`,
        );
      }
      if (!isObj(obj))
        throw this.fail(
          'protocol',
          url,
          `${url} sent a stream event that is not a JSON object: ${truncate(data, 200)}`,
        );
      return onObject(obj);
    };

    const ex = this.exchange(options.signal);
    try {
      const res = await this.open(ex, url, 'POST', body, 'text/event-stream');
      const type = res.headers.get('content-type') ?? '';
      if (/json/i.test(type)) {
        // The server ignored `stream: true` and sent the whole answer at once.
        const j = await this.readJson(ex, res, url);
        if (!isObj(j))
          throw this.fail(
            'protocol',
            url,
            `${url} answered with JSON that is not an object: ${snippetOf(j)}`,
          );
        onObject(j);
        sawDone = true;
      } else {
        const parser = new SseParser();
        const decoder = new TextDecoder();
        let head = '';
        let events = 0;
        let ended = false;
        const feed = (evs: SseEvent[]): boolean => {
          for (const ev of evs) {
            // Stray text (an HTML page) parses as fields with odd names; it is not an event.
            if (ev.hasData || ev.fields?.error !== undefined) events++;
            if (onEvent(ev)) return true;
          }
          return false;
        };
        for await (const bytes of this.body(ex, res, url, this.maxResponseBytes, 'fail')) {
          const s = decoder.decode(bytes, { stream: true });
          if (head.length < SNIPPET) head += s.slice(0, SNIPPET - head.length);
          if (feed(parser.push(s))) {
            ended = true;
            break;
          }
        }
        if (!ended) feed([...parser.push(decoder.decode()), ...parser.end()]);
        if (!matcher.stopped && !sawDone && finish === undefined && usage === undefined) {
          throw this.fail(
            'protocol',
            url,
            events === 0
              ? `${url} answered (content-type "${type}") but sent no server-sent events; received: ${JSON.stringify(head)}`
              : `the stream from ${url} ended before the server finished the answer (no finish_reason, no [DONE]) — did the connection drop?`,
          );
        }
      }
    } finally {
      ex.dispose();
    }

    if (!matcher.stopped) {
      const rest = matcher.flush();
      if (rest) {
        text += rest;
        options.onToken?.(rest);
      }
    }
    const result: GenerateResult = {
      text,
      finishReason: 'eos',
      tokensIn: num(usage?.prompt_tokens) ?? 0,
      tokensOut: num(usage?.completion_tokens) ?? pieces,
      ms: performance.now() - t0,
    };
    if (matcher.stopped !== undefined) {
      result.finishReason = 'stop';
      result.stop = matcher.stopped;
    } else if (finish === 'length') {
      result.finishReason = 'length';
    } else if (typeof serverStop === 'string' && stops.includes(serverStop)) {
      // vLLM cut at a stop string itself (and left it out of the text); it names it in stop_reason.
      result.finishReason = 'stop';
      result.stop = serverStop;
    }
    if (ttftMs !== undefined) result.ttftMs = ttftMs;
    const details = usage?.prompt_tokens_details;
    const cached = isObj(details) ? num(details.cached_tokens) : undefined;
    if (cached !== undefined) result.cachedTokens = cached;
    return result;
  }

  /**
   * Σ log p(continuation | prefix) from the completions endpoint with `echo: true, logprobs: 1`.
   * A messages prefix is rendered with `chatTemplate` first (the continuation then follows the
   * generation prompt, or the open final assistant message with `continueFinal`).
   * `max_tokens` is 1, not 0: vLLM refuses 0; the one generated token is left out.
   * Tokens are matched to the continuation by `text_offset`, counted from the END of the prompt
   * (a BOS token such as "<s>" shifts every offset, the end stays put); a token that straddles the
   * prefix/continuation boundary (" Paris" after "is ") counts, as it carries continuation text.
   */
  async score(
    prefix: Prompt,
    continuation: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<ScoreResult> {
    const url = `${this.baseUrl}/completions`;
    const text = this.rendered(prefix, url);
    if (continuation === '') return { logprob: 0, tokens: 0 };
    const prompt = text + continuation;
    const body = JSON.stringify({
      ...this.extraBody,
      model: this.model,
      prompt,
      echo: true,
      logprobs: 1,
      max_tokens: 1,
      temperature: 0,
      stream: false,
    });
    const ex = this.exchange(options.signal);
    let j: unknown;
    try {
      const res = await this.open(ex, url, 'POST', body, 'application/json');
      j = await this.readJson(ex, res, url);
    } finally {
      ex.dispose();
    }
    const unsupported = (why: string) =>
      this.fail(
        'unsupported',
        url,
        `${url} does not offer prompt logprobs (${why}). score() needs a server that returns them for ` +
          '`echo: true, logprobs: 1` on /completions, such as vLLM; llama.cpp server and Ollama do not.',
      );
    if (isObj(j) && j.error !== undefined && j.error !== null) throw this.serverError(url, j.error);
    const choice = isObj(j) && Array.isArray(j.choices) && isObj(j.choices[0]) ? j.choices[0] : undefined;
    const lp = choice && isObj(choice.logprobs) ? choice.logprobs : undefined;
    const offs = lp?.text_offset;
    const lps = lp?.token_logprobs;
    const toks = lp?.tokens;
    if (!lp || !Array.isArray(offs) || !Array.isArray(lps))
      throw unsupported('the answer has no logprobs.text_offset / token_logprobs');
    if (offs.length !== lps.length || !offs.every((o) => typeof o === 'number'))
      throw this.fail(
        'protocol',
        url,
        `${url} sent logprobs whose text_offset and token_logprobs do not line up`,
      );
    const usage = isObj(j) && isObj(j.usage) ? j.usage : undefined;
    const promptTokens = num(usage?.prompt_tokens);
    // Prompt entries come first, then the one generated token.
    const n =
      promptTokens !== undefined && promptTokens >= 1 && promptTokens <= offs.length
        ? promptTokens
        : offs.length - 1;
    if (n < 1 || offs[0] !== 0)
      throw unsupported('the logprobs cover only generated tokens, not the echoed prompt');
    const off = offs as number[];
    const lastTok = Array.isArray(toks) && typeof toks[n - 1] === 'string' ? (toks[n - 1] as string) : '';
    const promptEnd = n < off.length ? (off[n] as number) : (off[n - 1] as number) + cpLength(lastTok);
    const contStart = promptEnd - cpLength(continuation);
    if (contStart < 0)
      throw this.fail(
        'protocol',
        url,
        `${url} sent text offsets shorter than the prompt; cannot place the continuation`,
      );
    let logprob = 0;
    let tokens = 0;
    for (let i = 0; i < n; i++) {
      const end = i + 1 < n ? (off[i + 1] as number) : promptEnd;
      if (end <= contStart) continue;
      const v = lps[i];
      if (typeof v !== 'number') {
        if (i === 0)
          throw this.fail(
            'request',
            url,
            "the continuation starts at the prompt's first token, which has no log-probability; give a non-empty prefix",
          );
        throw this.fail('protocol', url, `${url} sent no logprob for prompt token ${i}`);
      }
      logprob += v;
      tokens++;
    }
    return { logprob, tokens };
  }

  // ---- request plumbing ----

  /** The prompt as raw text (messages through `chatTemplate`); a bad prompt is a 'request' error. */
  private rendered(prompt: Prompt, url: string): string {
    try {
      return renderChat(prompt, this.chatTemplate);
    } catch (e) {
      throw this.fail('request', url, (e as Error).message);
    }
  }

  private exchange(signal: AbortSignal | undefined): Exchange {
    if (signal?.aborted) throw new AbortError();
    return new Exchange(signal);
  }

  private generationBody(prompt: Prompt, o: GenerateOptions, stops: string[], url: string): string {
    const body: Record<string, unknown> = { model: this.model };
    if (this.endpoint === 'chat') {
      if (typeof prompt === 'string') {
        body.messages = [{ role: 'user', content: prompt }];
      } else {
        if (prompt.messages.length === 0) throw this.fail('request', url, 'the prompt has no messages');
        const last: ChatMessage | undefined = prompt.messages[prompt.messages.length - 1];
        if (prompt.continueFinal) {
          if (last?.role !== 'assistant')
            throw this.fail(
              'request',
              url,
              `continueFinal needs the last message to be the assistant's (the text the model continues); it is "${last?.role}"`,
            );
          // vLLM's flags (llama-server accepts them too). llama-server (unless started with
          // --no-prefill-assistant) and Ollama continue a trailing assistant message anyway, and
          // ignore fields they do not know.
          body.continue_final_message = true;
          body.add_generation_prompt = false;
        }
        body.messages = prompt.messages.map((m) => ({ role: m.role, content: m.content }));
      }
    } else {
      // The completions endpoint applies no chat template: messages are rendered here.
      body.prompt = this.rendered(prompt, url);
    }
    body.max_tokens = o.maxTokens ?? DEFAULT_MAX_TOKENS;
    body.temperature = o.temperature ?? 0;
    if (stops.length > 0 && this.sendStop) body.stop = stops;
    body.stream = true;
    body.stream_options = { include_usage: true };
    Object.assign(body, this.extraBody);
    return JSON.stringify(body);
  }

  /** Sends the request and waits for the response to start; non-2xx becomes an OpenAiError. */
  private async open(
    ex: Exchange,
    url: string,
    method: 'GET' | 'POST',
    body: string | undefined,
    accept: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.#apiKey !== undefined) headers.authorization = `Bearer ${this.#apiKey}`;
    for (let attempt = 0; ; attempt++) {
      const res = await this.send(ex, url, method, headers, body);
      if (res.ok) return res;
      let text = '';
      try {
        text = await this.readText(ex, res, url, MAX_ERROR_BODY);
      } catch (e) {
        if (e instanceof AbortError) throw e;
      }
      const wait =
        res.status === 429 || res.status === 503 ? retryAfterMs(res.headers.get('retry-after')) : null;
      const error = this.httpError(url, res.status, res.statusText, text);
      if (wait === null || attempt >= this.maxRetries) throw error;
      if (wait > this.maxRetryWaitMs)
        throw this.fail(
          'http',
          url,
          `${error.message} The server asked to retry after ${Math.ceil(wait / 1000)} s, longer than Hopscope waits (${Math.round(this.maxRetryWaitMs / 1000)} s, maxRetryWaitMs).`,
          res.status,
        );
      // Honour Retry-After; Stop cancels the wait at once.
      await sleep(wait, ex.ctrl.signal).catch(() => {
        throw ex.why ? this.stopped(ex, url) : new AbortError();
      });
    }
  }

  /** One fetch, with the start timeout; a network failure becomes an OpenAiError. */
  private async send(
    ex: Exchange,
    url: string,
    method: 'GET' | 'POST',
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<Response> {
    ex.arm(this.timeoutMs, 'timeout');
    let res: Response;
    try {
      res = await this.fetchImpl(url, { method, headers, body, signal: ex.ctrl.signal });
    } catch (e) {
      if (ex.why) throw this.stopped(ex, url);
      const err = e as Error & { cause?: { code?: unknown; message?: unknown } };
      const cause = err.cause;
      const detail = [err.message, typeof cause?.code === 'string' ? cause.code : cause?.message]
        .filter((x): x is string => typeof x === 'string' && x.length > 0)
        .join(': ');
      throw this.fail(
        'network',
        url,
        `could not reach ${url}${detail ? ` (${detail})` : ''} — is the server running, and does it allow cross-origin requests from this page (CORS)?`,
      );
    }
    ex.disarm();
    if (ex.why) throw this.stopped(ex, url);
    return res;
  }

  /** The response body chunk by chunk, with the idle timeout between chunks and prompt cancel. */
  private async *body(
    ex: Exchange,
    res: Response,
    url: string,
    maxBytes: number,
    /** At the cap: 'cut' yields what fits (error bodies), 'fail' throws a 'limit' error. */
    atCap: 'cut' | 'fail' = 'cut',
  ): AsyncGenerator<Uint8Array> {
    if (!res.body) return;
    const reader = res.body.getReader();
    // Cancelling resolves a pending read at once, whatever the fetch implementation does on abort.
    ex.onStop = () => void reader.cancel().catch(() => {});
    let total = 0;
    try {
      for (;;) {
        ex.arm(this.idleTimeoutMs, 'idle');
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await reader.read();
        } catch (e) {
          if (ex.why) throw this.stopped(ex, url);
          throw this.fail(
            'network',
            url,
            `the connection to ${url} broke mid-answer (${(e as Error).message})`,
          );
        }
        ex.disarm();
        if (ex.why) throw this.stopped(ex, url);
        if (r.done) return;
        total += r.value.byteLength;
        if (total > maxBytes) {
          if (atCap === 'fail')
            throw this.fail(
              'limit',
              url,
              `${url} sent more than ${formatBytes(maxBytes)} in one response; Hopscope stopped reading (maxResponseBytes)`,
            );
          yield r.value.subarray(0, r.value.byteLength - (total - maxBytes));
          return;
        }
        yield r.value;
      }
    } finally {
      ex.disarm();
    }
  }

  private async readText(
    ex: Exchange,
    res: Response,
    url: string,
    maxBytes: number,
    atCap: 'cut' | 'fail' = 'cut',
  ): Promise<string> {
    const decoder = new TextDecoder();
    let s = '';
    for await (const b of this.body(ex, res, url, maxBytes, atCap)) s += decoder.decode(b, { stream: true });
    return s + decoder.decode();
  }

  private async readJson(ex: Exchange, res: Response, url: string): Promise<unknown> {
    const text = await this.readText(ex, res, url, this.maxResponseBytes, 'fail');
    try {
      return JSON.parse(text);
    } catch {
      throw this.fail(
        'protocol',
        url,
        `${url} answered with something that is not JSON (content-type "${res.headers.get('content-type') ?? ''}"): ${JSON.stringify(truncate(text, 200))}`,
      );
    }
  }

  // ---- errors (all go through `fail`, which removes the key) ----

  private fail(kind: OpenAiErrorKind, url: string, message: string, status?: number): OpenAiError {
    return new OpenAiError(kind, this.redact(url), this.redact(message), status);
  }

  private redact(s: string): string {
    return this.#apiKey ? s.split(this.#apiKey).join('[api key]') : s;
  }

  private stopped(ex: Exchange, url: string): Error {
    if (ex.why === 'user') return new AbortError();
    if (ex.why === 'timeout')
      return this.fail(
        'timeout',
        url,
        `${url} did not start answering within ${this.timeoutMs} ms — is the model still loading or the server busy? (raise timeoutMs)`,
      );
    return this.fail(
      'timeout',
      url,
      `${url} went silent for ${this.idleTimeoutMs} ms in the middle of an answer (idleTimeoutMs) — is the server stuck?`,
    );
  }

  private httpError(url: string, status: number, statusText: string, body: string): OpenAiError {
    const msg = serverMessage(body) || '(no message)';
    const hint =
      status === 401 || status === 403
        ? ' — check the API key.'
        : status === 404
          ? ` — check the server URL (usually ending in /v1), the model name "${this.model}", and that the server offers this endpoint.`
          : status === 429 || status === 503
            ? ' — the server is busy or still loading; try again shortly.'
            : '';
    return this.fail(
      'http',
      url,
      `${url} answered HTTP ${status}${statusText ? ` ${statusText}` : ''}: ${msg}${hint}`,
      status,
    );
  }

  private serverError(url: string, error: unknown): OpenAiError {
    // `event: error` data is often the whole `{"error": {...}}` body: unwrap it, show it once.
    const body = isObj(error) && error.error !== undefined ? error : { error };
    const msg = typeof error === 'string' ? error : serverMessage(JSON.stringify(body));
    return this.fail('server', url, `${url} reported an error: ${truncate(msg)}`);
  }
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} MiB`
    : `${n.toLocaleString('en')} bytes`;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function parseMaybeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

function snippetOf(v: unknown): string {
  return truncate(JSON.stringify(v) ?? String(v), 200);
}
