// One HTTP exchange with an OpenAI-compatible server: the request with its start timeout and
// Retry-After retries, the body read chunk by chunk with an idle timeout and a byte cap, and every
// failure turned into an OpenAiError that names the URL, says what to do and never holds the key.
import { retryAfterMs } from '../http/retry-after';
import { isObj } from '../json';
import { formatBytes, OpenAiError, type OpenAiErrorKind, serverMessage, truncate } from './openai-errors';
import { AbortError } from './types';

const MAX_ERROR_BODY = 64 * 1024;

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

type Why = 'user' | 'timeout' | 'idle' | 'finished';

/** One HTTP exchange: its AbortController, the timers that may fire it, and why it ended. */
export class Exchange {
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

export interface OpenAiHttpOptions {
  /** The model name, for the 404 hint. */
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
  idleTimeoutMs: number;
  maxResponseBytes: number;
  maxRetries: number;
  maxRetryWaitMs: number;
  fetchImpl: typeof fetch;
}

export class OpenAiHttp {
  private readonly o: Omit<OpenAiHttpOptions, 'apiKey'>;
  // A private field: not enumerable, not in JSON, not shown by console.log / util.inspect.
  readonly #apiKey: string | undefined;

  constructor({ apiKey, ...o }: OpenAiHttpOptions) {
    this.o = o;
    this.#apiKey = apiKey;
  }

  exchange(signal: AbortSignal | undefined): Exchange {
    if (signal?.aborted) throw new AbortError();
    return new Exchange(signal);
  }

  /** Sends the request and waits for the response to start; non-2xx becomes an OpenAiError. */
  async open(
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
      if (wait === null || attempt >= this.o.maxRetries) throw error;
      if (wait > this.o.maxRetryWaitMs)
        throw this.fail(
          'http',
          url,
          `${error.message} The server asked to retry after ${Math.ceil(wait / 1000)} s, longer than Hopscope waits (${Math.round(this.o.maxRetryWaitMs / 1000)} s, maxRetryWaitMs).`,
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
    ex.arm(this.o.timeoutMs, 'timeout');
    let res: Response;
    try {
      res = await this.o.fetchImpl(url, { method, headers, body, signal: ex.ctrl.signal });
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
  async *body(
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
        ex.arm(this.o.idleTimeoutMs, 'idle');
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

  async readJson(ex: Exchange, res: Response, url: string): Promise<unknown> {
    const text = await this.readText(ex, res, url, this.o.maxResponseBytes, 'fail');
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

  readonly fail = (kind: OpenAiErrorKind, url: string, message: string, status?: number): OpenAiError =>
    new OpenAiError(kind, this.redact(url), this.redact(message), status);

  private redact(s: string): string {
    return this.#apiKey ? s.split(this.#apiKey).join('[api key]') : s;
  }

  private stopped(ex: Exchange, url: string): Error {
    if (ex.why === 'user') return new AbortError();
    if (ex.why === 'timeout')
      return this.fail(
        'timeout',
        url,
        `${url} did not start answering within ${this.o.timeoutMs} ms — is the model still loading or the server busy? (raise timeoutMs)`,
      );
    return this.fail(
      'timeout',
      url,
      `${url} went silent for ${this.o.idleTimeoutMs} ms in the middle of an answer (idleTimeoutMs) — is the server stuck?`,
    );
  }

  private httpError(url: string, status: number, statusText: string, body: string): OpenAiError {
    const msg = serverMessage(body) || '(no message)';
    const hint =
      status === 401 || status === 403
        ? ' — check the API key.'
        : status === 404
          ? ` — check the server URL (usually ending in /v1), the model name "${this.o.model}", and that the server offers this endpoint.`
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

  /** An error the server reported inside a 200 response (a stream event or a JSON body). */
  serverError(url: string, error: unknown): OpenAiError {
    // `event: error` data is often the whole `{"error": {...}}` body: unwrap it, show it once.
    const body = isObj(error) && error.error !== undefined ? error : { error };
    const msg = typeof error === 'string' ? error : serverMessage(JSON.stringify(body));
    return this.fail('server', url, `${url} reported an error: ${truncate(msg)}`);
  }
}
