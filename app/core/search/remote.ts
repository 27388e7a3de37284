// Remote retrievers, for corpora too big for the browser:
//  - Search-R1's server: POST {url} {"queries": [...], "topk": k, "return_scores": true}
//    → {"result": [[{"document": {"id", "contents": "\"Title\"\ntext"}, "score"}, ...] per query]}
//  - QAgent's variant: one query per call, POST {url} {"query": q, "topk": k}
//    → {"result": [{"id", "title", "text"}, ...]}
// Timeouts, retries with exponential backoff (or the server's Retry-After), a cap on the answer's
// size, and an error per query that says what went wrong.
import { splitContents } from '../corpus/flashrag';
import { isObj } from '../json';
import { hash53 } from '../hash';
import { BodyTooLargeError, readTextCapped, retryAfterMs } from '../http/retry-after';
import type { Retriever, SearchHit } from './types';

export type RemoteApi = 'search-r1' | 'qagent';

export interface RemoteRetrieverOptions {
  url: string;
  api: RemoteApi;
  timeoutMs?: number;
  /** Extra attempts after the first failure. */
  retries?: number;
  /** First backoff delay; doubles each retry. */
  backoffMs?: number;
  /** Most bytes one answer may have (default 16 MiB; k passages are a few KB). Past it: an error. */
  maxResponseBytes?: number;
  /** Longest Retry-After honoured on 429/503 (default 30 000 ms); longer fails with the wait named. */
  maxRetryWaitMs?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export class RemoteQueryError extends Error {
  constructor(
    readonly query: string,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteQueryError';
  }
}

// Search-R1's `contents` is FlashRAG's: "Title" (CSV-quoted) on the first line, then the text.
export { splitContents } from '../corpus/flashrag';

/**
 * The id of a passage the server sent without one: a hash of its content. A positional id would
 * be the same on every call, and de-duplication across hops (QAgent, APEX) would then drop new
 * passages as already seen.
 */
export function contentId(title: string, text: string): string {
  return `r_${hash53(`${title}\u0000${text}`)}`;
}

const hasId = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

function parseSearchR1List(list: unknown, where: string): SearchHit[] {
  if (!Array.isArray(list)) throw new Error(`${where} is not a list`);
  return list.map((item, i) => {
    const doc = isObj(item) && isObj(item.document) ? item.document : isObj(item) ? item : null;
    if (!doc || typeof doc.contents !== 'string')
      throw new Error(`${where}[${i}].document.contents is missing`);
    const { title, text } = splitContents(doc.contents);
    const score = isObj(item) && typeof item.score === 'number' ? item.score : 0;
    const id = hasId(doc.id) ? String(doc.id) : contentId(title, text);
    return { id, title, text, rank: i + 1, score };
  });
}

function parseQAgentList(list: unknown): SearchHit[] {
  if (!Array.isArray(list)) throw new Error('result is not a list');
  return list.map((d, i) => {
    if (!isObj(d) || typeof d.text !== 'string') throw new Error(`result[${i}].text is missing`);
    const score = typeof d.score === 'number' ? d.score : 0;
    const title = String(d.title ?? '');
    const id = hasId(d.id) ? String(d.id) : contentId(title, d.text);
    return { id, title, text: d.text, rank: i + 1, score };
  });
}

export class RemoteRetriever implements Retriever {
  private readonly o: Required<Omit<RemoteRetrieverOptions, 'fetchImpl' | 'sleep'>> &
    Pick<RemoteRetrieverOptions, 'fetchImpl' | 'sleep'>;

  constructor(opts: RemoteRetrieverOptions) {
    this.o = {
      timeoutMs: 15_000,
      retries: 2,
      backoffMs: 300,
      maxResponseBytes: 16 * 1024 * 1024,
      maxRetryWaitMs: 30_000,
      ...opts,
    };
  }

  async search(queries: string[], k: number): Promise<SearchHit[][]> {
    if (queries.length === 0) return [];
    if (this.o.api === 'search-r1') {
      const body = await this.post({ queries, topk: k, return_scores: true }, queries.join(' | '));
      if (!isObj(body) || !Array.isArray(body.result) || body.result.length !== queries.length)
        throw new RemoteQueryError(
          queries.join(' | '),
          `expected {"result": [${queries.length} lists]} from ${this.o.url}`,
        );
      return body.result.map((list, qi) => {
        try {
          return parseSearchR1List(list, `result[${qi}]`).slice(0, k);
        } catch (e) {
          throw new RemoteQueryError(
            queries[qi] ?? '',
            `bad answer from ${this.o.url}: ${(e as Error).message}`,
          );
        }
      });
    }
    // QAgent's server takes one query per call.
    return Promise.all(
      queries.map(async (q) => {
        const body = await this.post({ query: q, topk: k }, q);
        try {
          return parseQAgentList(isObj(body) ? body.result : undefined).slice(0, k);
        } catch (e) {
          throw new RemoteQueryError(q, `bad answer from ${this.o.url}: ${(e as Error).message}`);
        }
      }),
    );
  }

  private async post(payload: unknown, query: string): Promise<unknown> {
    const f = this.o.fetchImpl ?? fetch;
    const sleep = this.o.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    let last = '';
    let attempts = 0;
    // A server's Retry-After replaces the next backoff delay.
    let asked: number | null = null;
    for (let attempt = 0; attempt <= this.o.retries; attempt++) {
      attempts++;
      if (attempt > 0) await sleep(asked ?? this.o.backoffMs * 2 ** (attempt - 1));
      const ctrl = new AbortController();
      const timer = setTimeout(() => ctrl.abort(), this.o.timeoutMs);
      try {
        const res = await f(this.o.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal: ctrl.signal,
        });
        if (res.ok) return JSON.parse(await readTextCapped(res, this.o.maxResponseBytes));
        last = `HTTP ${res.status} ${res.statusText}`.trim();
        void res.body?.cancel().catch(() => undefined);
        // Client errors will not change on retry.
        if (res.status >= 400 && res.status < 500 && res.status !== 429) break;
        asked =
          res.status === 429 || res.status === 503 ? retryAfterMs(res.headers.get('retry-after')) : null;
        if (asked !== null && asked > this.o.maxRetryWaitMs) {
          last += ` (the server asked to retry after ${Math.ceil(asked / 1000)} s, longer than Hopscope waits: ${Math.round(this.o.maxRetryWaitMs / 1000)} s)`;
          break;
        }
      } catch (e) {
        if (e instanceof BodyTooLargeError) {
          last = `sent more than ${e.maxBytes.toLocaleString('en')} bytes; Hopscope stopped reading (maxResponseBytes)`;
          break;
        }
        last = ctrl.signal.aborted ? `timed out after ${this.o.timeoutMs} ms` : (e as Error).message;
      } finally {
        clearTimeout(timer);
      }
    }
    throw new RemoteQueryError(query, `${this.o.url}: ${last} (after ${attempts} attempt(s))`);
  }
}
