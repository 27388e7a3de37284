// The remote retriever against hostile servers on loopback: 429 with Retry-After, a wait longer
// than allowed, a flood past the answer cap, HTML instead of JSON, a connection closed mid-answer.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteQueryError, RemoteRetriever } from './remote';

let server: Server;
let base = '';
const calls: Record<string, number> = {};
const ok = { result: [[{ document: { id: 'x', contents: '"X"\nok' }, score: 1 }]] };

function json(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(data));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    const n = (calls[path] = (calls[path] ?? 0) + 1);
    req.resume();
    if (path === '/rate-limited')
      return n === 1 ? json(res, 429, { error: 'slow down' }, { 'retry-after': '2' }) : json(res, 200, ok);
    if (path === '/rate-limited-long')
      return json(res, 429, { error: 'slow down' }, { 'retry-after': '7200' });
    if (path === '/flood') {
      // 50 MB of one JSON answer, written until the client leaves.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result": [[');
      const chunk = `${JSON.stringify({ document: { id: 'x', contents: `"X"\n${'z'.repeat(60_000)}` } })},`;
      let sent = 0;
      const pump = () => {
        while (sent < 50_000_000 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('{}]]}');
      };
      return pump();
    }
    if (path === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Bad Gateway</body></html>');
    }
    if (path === '/cut') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result": [[{"document"');
      return setTimeout(() => res.destroy(), 20);
    }
    json(res, 404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('RemoteRetriever against hostile servers', () => {
  it("waits what a 429's Retry-After asks instead of its own backoff", async () => {
    const waits: number[] = [];
    const r = new RemoteRetriever({
      url: `${base}/rate-limited`,
      api: 'search-r1',
      backoffMs: 100,
      sleep: async (ms) => void waits.push(ms),
    });
    const [hits] = await r.search(['q'], 1);
    expect(hits?.[0]?.id).toBe('x');
    expect(waits).toEqual([2000]);
  });

  it('a Retry-After longer than allowed fails at once, naming the wait', async () => {
    const waits: number[] = [];
    const r = new RemoteRetriever({
      url: `${base}/rate-limited-long`,
      api: 'search-r1',
      sleep: async (ms) => void waits.push(ms),
    });
    const err = await r.search(['q'], 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteQueryError);
    expect((err as Error).message).toMatch(/HTTP 429.*retry after 7200 s, longer than Hopscope waits: 30 s/);
    expect(waits).toEqual([]);
  });

  it('stops reading a flood at the cap and says so', async () => {
    const r = new RemoteRetriever({ url: `${base}/flood`, api: 'search-r1', maxResponseBytes: 1_000_000 });
    await expect(r.search(['q'], 1)).rejects.toThrow(
      /sent more than 1,000,000 bytes; Hopscope stopped reading \(maxResponseBytes\) \(after 1 attempt/,
    );
  });

  it('HTML instead of JSON, and a connection closed mid-answer, are errors for the query', async () => {
    const noWait = async () => {};
    for (const path of ['/html', '/cut']) {
      const r = new RemoteRetriever({ url: `${base}${path}`, api: 'search-r1', retries: 1, sleep: noWait });
      const err = await r.search(['q'], 1).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteQueryError);
      expect((err as Error).message).toContain(`${base}${path}:`);
      expect((err as Error).message).toContain('(after 2 attempt(s))');
    }
  });
});
