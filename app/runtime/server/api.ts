// What the server worker exposes over Comlink: calls to an OpenAI-compatible model server and to
// a remote retriever, made in the worker so that reading and parsing their responses (streamed
// SSE, JSON bodies up to the response cap) never runs on the page's main thread: a flooding
// server froze the page for 9-17 s. Kept apart from workers/server.worker.ts so Node tests drive
// the same object over a MessageChannel. Errors cross as plain data and are rebuilt on the page
// (Comlink keeps only an error's message), so an OpenAiError keeps its kind, URL and status.
import { isAbort } from '../../core/abort';
import { OpenAiError, type OpenAiErrorKind, OpenAiLlm, type OpenAiLlmOptions } from '../../core/llm/openai';
import { AbortError, type Prompt, type ScoreResult } from '../../core/llm/types';
import { RemoteRetriever, type RemoteRetrieverOptions } from '../../core/search/remote';
import type { SearchHit } from '../../core/search/types';
import type { WireGenerateOptions, WireGenerateResult } from '../llm/api';
import { releaseCallback } from '../release-callback';

/** OpenAiLlm's options as they cross to the worker (a fetch function cannot). */
export type ServerLlmOptions = Omit<OpenAiLlmOptions, 'fetchImpl'>;
export type RemoteSearchOptions = Omit<RemoteRetrieverOptions, 'fetchImpl' | 'sleep'>;

export interface WireError {
  name: string;
  message: string;
  kind?: OpenAiErrorKind;
  url?: string;
  status?: number;
}

export type WireOutcome<T> = { ok: true; value: T } | { ok: false; error: WireError };

function toWire(e: unknown, signal?: AbortSignal): WireError {
  if (isAbort(e, signal)) return { name: 'AbortError', message: e instanceof Error ? e.message : 'aborted' };
  if (e instanceof OpenAiError)
    return {
      name: e.name,
      message: e.message,
      kind: e.kind,
      url: e.url,
      ...(e.status !== undefined ? { status: e.status } : {}),
    };
  return e instanceof Error ? { name: e.name, message: e.message } : { name: 'Error', message: String(e) };
}

/** The error a WireError stands for, rebuilt on the page. */
export function fromWire(w: WireError): Error {
  if (w.name === 'AbortError') return new AbortError(w.message);
  if (w.kind) return new OpenAiError(w.kind, w.url ?? '', w.message, w.status);
  const e = new Error(w.message);
  e.name = w.name;
  return e;
}

export function unwrap<T>(o: WireOutcome<T>): T {
  if (o.ok) return o.value;
  throw fromWire(o.error);
}

export function createServerWorkerApi(fetchImpl?: typeof fetch) {
  const jobs = new Map<string, AbortController>();
  const withFetch = <T extends object>(o: T) => (fetchImpl ? { ...o, fetchImpl } : o);
  /** Runs a job that `cancel(jobId)` can stop; its outcome, never a rejection. */
  async function job<T>(jobId: string, run: (signal: AbortSignal) => Promise<T>): Promise<WireOutcome<T>> {
    // Registered before the first await: a cancel message, which always arrives after this
    // call's message, finds the job.
    const ac = new AbortController();
    jobs.set(jobId, ac);
    try {
      return { ok: true, value: await run(ac.signal) };
    } catch (e) {
      return { ok: false, error: toWire(e, ac.signal) };
    } finally {
      jobs.delete(jobId);
    }
  }
  return {
    generate(
      jobId: string,
      opts: ServerLlmOptions,
      prompt: Prompt,
      options: WireGenerateOptions,
      onToken?: (piece: string) => void,
    ): Promise<WireOutcome<WireGenerateResult>> {
      return job(jobId, async (signal) => {
        let pieces = 0;
        try {
          const r = await new OpenAiLlm(withFetch(opts)).generate(prompt, {
            ...options,
            signal,
            // Not awaited: each piece is a message to the page; reading goes on meanwhile.
            ...(onToken ? { onToken: (piece: string) => void (pieces++, onToken(piece)) } : {}),
          });
          return { ...r, pieces };
        } finally {
          releaseCallback(onToken);
        }
      });
    },

    score(
      jobId: string,
      opts: ServerLlmOptions,
      prefix: Prompt,
      continuation: string,
    ): Promise<WireOutcome<ScoreResult>> {
      return job(jobId, (signal) => new OpenAiLlm(withFetch(opts)).score(prefix, continuation, { signal }));
    },

    listModels(jobId: string, opts: ServerLlmOptions): Promise<WireOutcome<string[]>> {
      return job(jobId, (signal) => new OpenAiLlm(withFetch(opts)).listModels({ signal }));
    },

    search(
      jobId: string,
      opts: RemoteSearchOptions,
      queries: string[],
      k: number,
    ): Promise<WireOutcome<SearchHit[][]>> {
      return job(jobId, () => new RemoteRetriever(withFetch(opts)).search(queries, k));
    },

    /** Stops a call: its request is aborted and it resolves with an AbortError. */
    cancel(jobId: string): void {
      jobs.get(jobId)?.abort();
    },
  };
}

export type ServerWorkerApi = ReturnType<typeof createServerWorkerApi>;
