// A scripted OpenAI-compatible server for tests (Node only; never imported by app code). It listens
// on 127.0.0.1, port 0, and answers each non-OPTIONS request with the next reply of its script:
// SSE streams cut into deliberately awkward byte chunks (splitting lines, CRLFs and UTF-8
// sequences), JSON, plain text, a hang. Every request is recorded, including whether the client
// closed it before the reply was finished. CORS and CORP headers let a cross-origin-isolated page
// (COEP require-corp) call it from another port, as the e2e tests do.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeReply =
  | {
      /** SSE events: an object is sent as `data: <JSON>`, a string is written as is (raw SSE). */
      stream: (object | string)[];
      /** Append `data: [DONE]` (default true). */
      done?: boolean;
      /** Line ending for generated events (default "\n"). */
      eol?: '\n' | '\r\n';
      /** Sizes in bytes of successive writes, cycled (default: one write per event). */
      chunkBytes?: number[];
      /** Delay before each event (default 0). */
      eventGapMs?: number;
      /** Delay between the byte chunks of one event (default 0: a macrotask apart). */
      chunkGapMs?: number;
      /** Keep the response open after the last event, until the client leaves (default false). */
      hold?: boolean;
      status?: number;
      headers?: Record<string, string>;
    }
  | { json: unknown; status?: number; headers?: Record<string, string> }
  | { text: string; status?: number; contentType?: string; headers?: Record<string, string> }
  /** Never answer (not even headers). */
  | { hang: true };

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. "/v1/chat/completions". */
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
  /** True once the client went away before the reply was complete. */
  closedEarly: boolean;
  /** Resolves when the exchange ends either way (the reply finished or the client left). */
  ended: Promise<void>;
}

export type FakeScript = FakeReply[] | ((req: RecordedRequest, index: number) => FakeReply);

export interface FakeOpenAiServer {
  /** Base URL including "/v1", e.g. "http://127.0.0.1:41234/v1". */
  url: string;
  /** Recorded requests in arrival order (OPTIONS preflights included). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '600',
  'cross-origin-resource-policy': 'cross-origin',
};

const sleep = (ms: number) => new Promise<void>((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));

/** The content of the last chat message a request sent ('' when it sent none). */
export function lastMessage(req: RecordedRequest): string {
  const body = req.body as { messages?: Array<{ content?: unknown }> } | undefined;
  const content = body?.messages?.at(-1)?.content;
  return typeof content === 'string' ? content : '';
}

/**
 * A chat-only model: each /chat/completions request is answered with `reply(last message)` in one
 * streamed piece (finish reason 'stop'); any other path is a 404, as a server without the legacy
 * completions endpoint answers.
 */
export function chatModel(
  reply: (lastMessage: string) => string,
  extra: { eventGapMs?: () => number } = {},
): FakeScript {
  return (req) => {
    if (!req.path.endsWith('/chat/completions'))
      return { json: { error: { message: 'not found' } }, status: 404 };
    return {
      stream: chatStream([reply(lastMessage(req))], { finishReason: 'stop' }),
      ...(extra.eventGapMs ? { eventGapMs: extra.eventGapMs() } : {}),
    };
  };
}

/** The model calls (POSTs) a server has received. */
export const postsTo = (server: FakeOpenAiServer): RecordedRequest[] =>
  server.requests.filter((r) => r.method === 'POST');

/**
 * The scripted prober of the Jaws probe tests: it knows who directed Jaws, and Spielberg's birth
 * date only when shown his passage.
 */
export function jawsProberReply(user: string): string {
  return user === 'Jaws director'
    ? 'Steven Spielberg'
    : user.includes('born 18 December')
      ? '18 December 1946'
      : 'unknown';
}

/** One SSE event as text. */
export function sseEvent(data: object | string, eol: '\n' | '\r\n' = '\n'): string {
  return typeof data === 'string' ? data : `data: ${JSON.stringify(data)}${eol}${eol}`;
}

/** Streamed chat chunks for `pieces`, then a finish chunk and (optionally) a usage chunk. */
export function chatStream(
  pieces: string[],
  end: { finishReason?: string | null; stopReason?: string | null; usage?: object } = {},
): object[] {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: 'fake' };
  const out: object[] = [
    { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
    ...pieces.map((p) => ({ ...base, choices: [{ index: 0, delta: { content: p }, finish_reason: null }] })),
  ];
  if (end.finishReason !== null)
    out.push({
      ...base,
      choices: [
        {
          index: 0,
          delta: {},
          finish_reason: end.finishReason ?? 'stop',
          stop_reason: end.stopReason ?? null,
        },
      ],
    });
  if (end.usage) out.push({ ...base, choices: [], usage: end.usage });
  return out;
}

/** Streamed legacy-completions chunks for `pieces`, like chatStream. */
export function completionStream(
  pieces: string[],
  end: { finishReason?: string | null; stopReason?: string | null; usage?: object } = {},
): object[] {
  const base = { id: 'cmpl-fake', object: 'text_completion', created: 0, model: 'fake' };
  const out: object[] = pieces.map((p) => ({
    ...base,
    choices: [{ index: 0, text: p, logprobs: null, finish_reason: null }],
  }));
  if (end.finishReason !== null)
    out.push({
      ...base,
      choices: [
        {
          index: 0,
          text: '',
          finish_reason: end.finishReason ?? 'stop',
          stop_reason: end.stopReason ?? null,
        },
      ],
    });
  if (end.usage) out.push({ ...base, choices: [], usage: end.usage });
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function splitBytes(buf: Buffer, sizes: number[] | undefined): Buffer[] {
  if (!sizes || sizes.length === 0) return [buf];
  const out: Buffer[] = [];
  let at = 0;
  let k = 0;
  while (at < buf.length) {
    const n = Math.max(1, sizes[k++ % sizes.length] ?? 1);
    out.push(buf.subarray(at, at + n));
    at += n;
  }
  return out;
}

async function writeStream(
  res: ServerResponse,
  reply: Extract<FakeReply, { stream: unknown }>,
  gone: () => boolean,
): Promise<void> {
  res.writeHead(reply.status ?? 200, {
    ...CORS_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...reply.headers,
  });
  res.flushHeaders();
  const eol = reply.eol ?? '\n';
  const events = reply.stream.map((e) => sseEvent(e, eol));
  if (reply.done ?? true) events.push(`data: [DONE]${eol}${eol}`);
  for (const ev of events) {
    await sleep(reply.eventGapMs ?? 0);
    for (const piece of splitBytes(Buffer.from(ev, 'utf8'), reply.chunkBytes)) {
      if (gone()) return;
      res.write(piece);
      await sleep(reply.chunkGapMs ?? 0);
    }
  }
  if (gone() || reply.hold) return;
  res.end();
}

/** Starts the server; `close()` also drops connections still open (hanging or held replies). */
export async function startFakeOpenAiServer(script: FakeScript): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let finish!: () => void;
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: { ...req.headers },
      rawBody: '',
      body: undefined,
      closedEarly: false,
      ended: new Promise<void>((r) => (finish = r)),
    };
    requests.push(rec);
    let gone = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        gone = true;
        rec.closedEarly = true;
      }
      finish();
    });
    rec.rawBody = await readBody(req);
    try {
      rec.body = rec.rawBody ? JSON.parse(rec.rawBody) : undefined;
    } catch {
      rec.body = undefined;
    }
    if (rec.method === 'OPTIONS') {
      const extra: Record<string, string> = {};
      // Chrome's Private Network Access asks before a public page reaches a local server.
      if (req.headers['access-control-request-private-network'] === 'true')
        extra['access-control-allow-private-network'] = 'true';
      res.writeHead(204, { ...CORS_HEADERS, ...extra });
      res.end();
      return;
    }
    const index = next++;
    const reply: FakeReply | undefined = Array.isArray(script) ? script[index] : script(rec, index);
    if (!reply) {
      res.writeHead(500, { ...CORS_HEADERS, 'content-type': 'text/plain' });
      res.end(`fake server: no scripted reply left for request #${index} (${rec.method} ${rec.path})`);
      return;
    }
    if ('hang' in reply) return;
    if ('stream' in reply) return writeStream(res, reply, () => gone);
    if ('json' in reply) {
      res.writeHead(reply.status ?? 200, {
        ...CORS_HEADERS,
        'content-type': 'application/json',
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.json));
      return;
    }
    res.writeHead(reply.status ?? 200, {
      ...CORS_HEADERS,
      'content-type': reply.contentType ?? 'text/plain; charset=utf-8',
      ...reply.headers,
    });
    res.end(reply.text);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
