// The errors of the OpenAI-compatible adapter: one class with a kind the caller can branch on,
// and the helpers that turn a server's error body into its own words, cut to a readable length.
import { isObj } from '../json';

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

/** Makes an OpenAiError with the API key removed from URL and message (OpenAiHttp.fail). */
export type FailFn = (kind: OpenAiErrorKind, url: string, message: string, status?: number) => OpenAiError;

/** Error bodies and diagnostics are cut to this many characters. */
export const SNIPPET = 300;

export function truncate(s: string, n = SNIPPET): string {
  return s.length > n ? `${s.slice(0, n)}… (${s.length} characters in all)` : s;
}

export function snippetOf(v: unknown): string {
  return truncate(JSON.stringify(v) ?? String(v), 200);
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} MiB`
    : `${n.toLocaleString('en')} bytes`;
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
