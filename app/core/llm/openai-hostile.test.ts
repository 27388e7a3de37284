// OpenAiLlm against hostile servers (a real node:http server on loopback): rate limits with
// Retry-After, floods past the per-turn caps, `event: error` bodies, HTML instead of SSE.
import { describe, expect, it } from 'vitest';
import { chatStream } from '../../testing/fake-openai-server';
import { openAiLlmPerTest, rejection } from '../../testing/openai-llm-harness';
import { retryAfterMs } from '../http/retry-after';
import { AbortError } from './types';

const setup = openAiLlmPerTest('m');

const busy = (retryAfter?: string) => ({
  status: 429,
  json: { error: { message: 'Rate limit reached' } },
  ...(retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } }),
});

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      10_000,
    );
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });

  it('a 429 with Retry-After is waited out and retried', async () => {
    const { llm, srv } = await setup([busy('1'), { stream: chatStream(['ok']) }]);
    const r = await llm.generate('q');
    expect(r.text).toBe('ok');
    expect(srv.requests).toHaveLength(2);
  });

  it('retries are bounded, and a 429 without Retry-After is not retried', async () => {
    const a = await setup([busy('0'), busy('0'), busy('0'), busy('0')], { maxRetries: 2 });
    const e = await rejection(a.llm.generate('q'));
    expect(e).toMatchObject({ kind: 'http', status: 429 });
    expect(e.message).toContain('Rate limit reached');
    expect(a.srv.requests).toHaveLength(3);
    await a.srv.close();
    const b = await setup([busy(), { stream: chatStream(['never']) }]);
    await rejection(b.llm.generate('q'));
    expect(b.srv.requests).toHaveLength(1);
  });

  it('a wait longer than allowed fails at once and says how long the server asked for', async () => {
    const { llm, srv } = await setup([busy('3600')], { maxRetryWaitMs: 5000 });
    const e = await rejection(llm.generate('q'));
    expect(e.message).toMatch(/retry after 3600 s, longer than Hopscope waits \(5 s/);
    expect(srv.requests).toHaveLength(1);
  });

  it('Stop cancels the wait', async () => {
    const { llm, srv } = await setup([busy('20'), { stream: chatStream(['never']) }]);
    const ac = new AbortController();
    const p = llm.generate('q', { signal: ac.signal });
    await new Promise((r) => setTimeout(r, 100));
    ac.abort();
    expect(await rejection(p)).toBeInstanceOf(AbortError);
    expect(srv.requests).toHaveLength(1);
  });
});

describe('floods', () => {
  it('a stream past maxResponseBytes stops reading and says so', async () => {
    const tokens = Array.from({ length: 2000 }, () => 'x'.repeat(100));
    const { llm, srv } = await setup([{ stream: chatStream(tokens), done: false, hold: true }], {
      maxResponseBytes: 64 * 1024,
    });
    const e = await rejection(llm.generate('q'));
    expect(e).toMatchObject({ kind: 'limit' });
    expect(e.message).toMatch(/sent more than 65,536 bytes in one response; Hopscope stopped reading/);
    await srv.requests[0]?.ended;
    expect(srv.requests[0]?.closedEarly).toBe(true);
  });

  it('one turn past maxResponseChars fails with the cap named', async () => {
    const { llm } = await setup([{ stream: chatStream(Array.from({ length: 50 }, () => 'abcdefghij')) }], {
      maxResponseChars: 100,
    });
    const e = await rejection(llm.generate('q'));
    expect(e).toMatchObject({ kind: 'limit' });
    expect(e.message).toContain('more than 100 characters');
  });

  it('a JSON body past the cap is reported as a flood, not as invalid JSON', async () => {
    const big = { choices: [{ message: { content: 'y'.repeat(200_000) }, finish_reason: 'stop' }] };
    const { llm } = await setup([{ json: big }], { maxResponseBytes: 50_000 });
    const e = await rejection(llm.generate('q'));
    expect(e).toMatchObject({ kind: 'limit' });
  });
});

describe('hostile streams', () => {
  it('an `event: error` body is shown once, not as double-wrapped JSON', async () => {
    const raw =
      'event: error\ndata: {"error": {"message": "Overloaded, try later", "type": "overloaded"}}\n\n';
    const { llm } = await setup([{ stream: [raw], done: false }]);
    const e = await rejection(llm.generate('q'));
    expect(e).toMatchObject({ kind: 'server' });
    expect(e.message).toMatch(/reported an error: Overloaded, try later$/);
    expect(e.message).not.toContain('{');
  });

  it('HTML instead of SSE, and a 500, are errors that name what came back', async () => {
    const { llm } = await setup([
      { text: '<html><body>502 Bad Gateway</body></html>', contentType: 'text/html' },
      { status: 500, text: 'boom' },
    ]);
    const html = await rejection(llm.generate('q'));
    expect(html).toMatchObject({ kind: 'protocol' });
    expect(html.message).toContain('502 Bad Gateway');
    const e500 = await rejection(llm.generate('q'));
    expect(e500).toMatchObject({ kind: 'http', status: 500 });
  });
});
