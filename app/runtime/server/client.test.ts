// The page's server clients against the server worker's API over a real MessageChannel (what a
// Worker is to Comlink) and a scripted OpenAI-compatible server: the page gets the same text,
// pieces, errors (kind, status, cap) and hits as a client running in place, a cancel reaches the
// request in the worker, and the key never shows in the client's JSON.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenAiError, OpenAiLlm } from '../../core/llm/openai';
import { AbortError } from '../../core/llm/types';
import { RemoteRetriever } from '../../core/search/remote';
import { chatStream, type FakeOpenAiServer, startFakeOpenAiServer } from '../../testing/fake-openai-server';
import { ServerLlm, ServerRetriever } from './client';
import { createServerWorkerApi, type ServerWorkerApi } from './api';

const ports: MessagePort[] = [];
const servers: FakeOpenAiServer[] = [];

function workerApi(): Comlink.Remote<ServerWorkerApi> {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(createServerWorkerApi(), port1);
  ports.push(port1, port2);
  return Comlink.wrap<ServerWorkerApi>(port2);
}

async function server(...args: Parameters<typeof startFakeOpenAiServer>): Promise<FakeOpenAiServer> {
  const s = await startFakeOpenAiServer(...args);
  servers.push(s);
  return s;
}

afterEach(async () => {
  for (const p of ports.splice(0)) p.close();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const HI = { messages: [{ role: 'user' as const, content: 'hi' }] };

describe('ServerLlm (requests made in the server worker)', () => {
  it('streams every piece before resolving, as the client in place does, and keeps the key out of JSON', async () => {
    const reply = { stream: chatStream(['Par', 'is', ' is big']), chunkBytes: [7, 3] };
    const s = await server([reply, reply]);
    const opts = { baseUrl: s.url, model: 'm', apiKey: 'sk-secret' };
    const client = new ServerLlm(opts, workerApi());
    const pieces: string[] = [];
    const r = await client.generate(HI, { onToken: (p) => pieces.push(p) });
    const direct = await new OpenAiLlm(opts).generate(HI);
    expect(r.text).toBe('Paris is big');
    expect(pieces.join('')).toBe(r.text);
    expect({ ...r, ms: 0, ttftMs: 0 }).toEqual({ ...direct, ms: 0, ttftMs: 0 });
    expect(client.backend).toBe(new OpenAiLlm(opts).backend);
    expect(s.requests[0]?.headers.authorization).toBe('Bearer sk-secret');
    expect(JSON.stringify(client)).not.toContain('sk-secret');
    expect(JSON.stringify(client)).toContain('"hasApiKey":true');
  });

  it('rebuilds the worker’s errors with their kind and status, and the response cap’s message', async () => {
    const flood = { stream: chatStream(['x'.repeat(4096), 'y'.repeat(4096)]) };
    const s = await server([{ json: { error: { message: 'overloaded' } }, status: 500 }, flood]);
    const client = new ServerLlm({ baseUrl: s.url, model: 'm', maxRetries: 0 }, workerApi());
    const failed = await client.generate(HI).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(OpenAiError);
    expect(failed).toMatchObject({ kind: 'http', status: 500 });
    expect((failed as Error).message).toMatch(/500/);
    const capped = new ServerLlm({ baseUrl: s.url, model: 'm', maxResponseBytes: 2048 }, workerApi());
    const limit = await capped.generate(HI).catch((e: unknown) => e);
    expect(limit).toMatchObject({ kind: 'limit' });
    expect((limit as Error).message).toMatch(/maxResponseBytes/);
  });

  it('turns an abort into a cancel that closes the request in the worker', async () => {
    const s = await server([{ hang: true }]);
    const client = new ServerLlm({ baseUrl: s.url, model: 'm' }, workerApi());
    const ac = new AbortController();
    const call = client.generate(HI, { signal: ac.signal });
    while (s.requests.filter((r) => r.method === 'POST').length === 0)
      await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
    const post = s.requests.find((r) => r.method === 'POST')!;
    await post.ended;
    expect(post.closedEarly).toBe(true);
  });

  it('lists a server’s models through the worker', async () => {
    const s = await server([{ json: { data: [{ id: 'qwen-7b' }] } }]);
    expect(await new ServerLlm({ baseUrl: s.url, model: 'any' }, workerApi()).listModels()).toEqual([
      'qwen-7b',
    ]);
  });
});

describe('ServerRetriever (remote retrieval in the server worker)', () => {
  it('returns the hits the retriever in place returns', async () => {
    const body = {
      result: [[{ document: { id: 'd1', contents: '"Jaws"\nJaws is a film.' }, score: 2.5 }]],
    };
    const s = await server([{ json: body }, { json: body }]);
    const opts = { url: `${s.url}/retrieve`, api: 'search-r1' as const, timeoutMs: 5_000, retries: 0 };
    const hits = await new ServerRetriever(opts, workerApi()).search(['jaws'], 3);
    expect(hits).toEqual(await new RemoteRetriever(opts).search(['jaws'], 3));
    expect(hits[0]?.[0]).toMatchObject({ id: 'd1', title: 'Jaws', rank: 1, score: 2.5 });
  });
});
