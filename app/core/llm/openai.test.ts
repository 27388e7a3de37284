// OpenAiLlm against a real HTTP server on loopback (fake-openai-server.ts) that streams scripted
// SSE replies in deliberately awkward byte chunks.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chatStream, completionStream } from '../../testing/fake-openai-server';
import { openAiLlmPerTest, rejection } from '../../testing/openai-llm-harness';
import { normalizeBaseUrl, OpenAiError, OpenAiLlm } from './openai';
import { AbortError } from './types';

const setup = openAiLlmPerTest('qwen-test');

const AWKWARD = [1, 2, 5, 3, 7, 1, 11];

describe('OpenAiLlm.generate (chat)', () => {
  it('streams tokens in order through onToken, across awkward chunks, CRLF, comments and split UTF-8', async () => {
    const pieces = ['<think>', ' The capital', ' of France', ' is Par', 'is é', '😀', ' </think>'];
    const { llm, srv } = await setup(
      [
        {
          stream: [
            ': keep-alive\r\n\r\n',
            ...chatStream(pieces, { usage: { prompt_tokens: 42, completion_tokens: 7 } }),
          ],
          eol: '\r\n',
          chunkBytes: AWKWARD,
        },
      ],
      { apiKey: 'sk-secret-123' },
    );
    const seen: string[] = [];
    const r = await llm.generate('What is the capital of France?', { onToken: (t) => seen.push(t) });
    expect(r.text).toBe(pieces.join(''));
    expect(seen.join('')).toBe(r.text);
    expect(seen.length).toBeGreaterThan(1);
    expect(r).toMatchObject({ finishReason: 'eos', tokensIn: 42, tokensOut: 7 });
    expect(r.stop).toBeUndefined();
    expect(r.ttftMs).toBeGreaterThanOrEqual(0);
    expect(r.ms).toBeGreaterThanOrEqual(r.ttftMs ?? 0);

    const req = srv.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe('Bearer sk-secret-123');
    expect(req?.body).toEqual({
      model: 'qwen-test',
      messages: [{ role: 'user', content: 'What is the capital of France?' }],
      max_tokens: 512,
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('cuts at a stop string the server ignores, never passes it to onToken, and closes the request early', async () => {
    const tail = Array.from({ length: 40 }, (_, i) => ` more text ${i}`);
    const { llm, srv } = await setup([
      {
        stream: chatStream([
          'I will search. <sea',
          'rch> capital of ',
          'France </sea',
          'rch>\n<information>',
          ...tail,
        ]),
        chunkBytes: AWKWARD,
        eventGapMs: 10,
        hold: true, // the server would never end this reply by itself
      },
    ]);
    const seen: string[] = [];
    // The server holds the reply open: generate returns only because it cut at the stop and closed.
    const r = await llm.generate('q', { stop: ['</search>', '</answer>'], onToken: (t) => seen.push(t) });
    expect(r.text).toBe('I will search. <search> capital of France ');
    expect(r).toMatchObject({ stop: '</search>', finishReason: 'stop', tokensIn: 0 });
    expect(r.tokensOut).toBe(4); // content chunks up to the stop: the server sent no usage
    expect(seen.join('')).toBe(r.text);
    expect(seen.some((t) => t.includes('</'))).toBe(false);
    expect((srv.requests[0]?.body as { stop: string[] }).stop).toEqual(['</search>', '</answer>']);
    await srv.requests[0]?.ended;
    expect(srv.requests[0]?.closedEarly).toBe(true);
  });

  it('reports a stop the server applied itself (vLLM stop_reason) and maps finish_reason length', async () => {
    const { llm } = await setup([
      { stream: chatStream(['Let me look: <search> x '], { finishReason: 'stop', stopReason: '</search>' }) },
      { stream: chatStream(['a', 'b'], { finishReason: 'length' }) },
      { stream: chatStream(['done.'], { finishReason: 'stop', stopReason: null }) },
    ]);
    const a = await llm.generate('q', { stop: ['</search>'] });
    expect(a).toMatchObject({ text: 'Let me look: <search> x ', finishReason: 'stop', stop: '</search>' });
    const b = await llm.generate('q', { maxTokens: 2 });
    expect(b).toMatchObject({ text: 'ab', finishReason: 'length', tokensOut: 2 });
    const c = await llm.generate('q', { stop: ['</search>'] });
    expect(c).toMatchObject({ text: 'done.', finishReason: 'eos' });
  });

  it('continueFinal sends the trailing assistant message as a prefill; extraBody passes through', async () => {
    const { llm, srv } = await setup([{ stream: chatStream([' Paris</answer>']) }], {
      extraBody: { top_p: 0.5, max_tokens: 64 },
    });
    const messages = [
      { role: 'system' as const, content: 'Answer.' },
      { role: 'user' as const, content: 'Capital of France?' },
      { role: 'assistant' as const, content: '<information>Doc 1</information>\n<answer>' },
    ];
    const r = await llm.generate(
      { messages, continueFinal: true },
      { stop: ['</answer>'], temperature: 0.7 },
    );
    expect(r.text).toBe(' Paris');
    expect(srv.requests[0]?.body).toMatchObject({
      messages,
      continue_final_message: true,
      add_generation_prompt: false,
      temperature: 0.7,
      top_p: 0.5,
      max_tokens: 64,
    });
    const bad = await rejection(llm.generate({ messages: messages.slice(0, 2), continueFinal: true }));
    expect(bad).toBeInstanceOf(OpenAiError);
    expect(bad.message).toMatch(/last message to be the assistant's/);
    expect(srv.requests).toHaveLength(1);
  });

  it('takes a whole JSON answer when the server ignores stream: true', async () => {
    const { llm } = await setup([
      {
        json: {
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Paris</answer> junk' },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 9, completion_tokens: 5 },
        },
      },
    ]);
    const r = await llm.generate('q', { stop: ['</answer>'] });
    expect(r).toMatchObject({
      text: 'Paris',
      stop: '</answer>',
      finishReason: 'stop',
      tokensIn: 9,
      tokensOut: 5,
    });
  });
});

describe('OpenAiLlm.generate (completions)', () => {
  it('sends a string prompt as is and counts content chunks when the server sends no usage', async () => {
    const { llm, srv } = await setup(
      [{ stream: completionStream(['Paris', ' is', ' the', ' answer']), chunkBytes: AWKWARD }],
      { endpoint: 'completions' },
    );
    const r = await llm.generate('<|im_start|>user\nq<|im_end|>\n<|im_start|>assistant\n');
    expect(r).toMatchObject({ text: 'Paris is the answer', tokensIn: 0, tokensOut: 4, finishReason: 'eos' });
    expect(srv.requests[0]?.path).toBe('/v1/completions');
    expect(srv.requests[0]?.body).toMatchObject({
      prompt: '<|im_start|>user\nq<|im_end|>\n<|im_start|>assistant\n',
    });
  });

  it('renders a messages prompt with the chat template (ChatML by default) and sends it as `prompt`', async () => {
    const { llm, srv } = await setup([{ stream: completionStream([' q2 ']) }], { endpoint: 'completions' });
    const r = await llm.generate(
      {
        messages: [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: '<think> t </think>\n<search>' },
        ],
        continueFinal: true,
      },
      { stop: ['</search>'] },
    );
    expect(r.text).toBe(' q2 ');
    expect(srv.requests[0]?.body).toMatchObject({
      prompt: '<|im_start|>user\nq<|im_end|>\n<|im_start|>assistant\n<think> t </think>\n<search>',
      stop: ['</search>'],
    });
    expect(srv.requests[0]?.body).not.toHaveProperty('messages');
  });

  it('uses the chatTemplate option, and refuses a bad messages prompt before sending', async () => {
    const { llm, srv } = await setup([{ stream: completionStream(['x']) }], {
      endpoint: 'completions',
      chatTemplate: 'llama3',
    });
    await llm.generate({ messages: [{ role: 'user', content: 'q' }] });
    expect(srv.requests[0]?.body).toMatchObject({
      prompt:
        '<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nq<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
    });
    const e = await rejection(
      llm.generate({ messages: [{ role: 'user', content: 'q' }], continueFinal: true }),
    );
    expect(e).toBeInstanceOf(OpenAiError);
    expect((e as OpenAiError).kind).toBe('request');
    expect(srv.requests).toHaveLength(1);
  });

  it('the chat endpoint still sends messages, whatever chatTemplate says', async () => {
    const { llm, srv } = await setup([{ stream: chatStream(['ok']) }], { chatTemplate: 'plain' });
    await llm.generate({ messages: [{ role: 'user', content: 'q' }] });
    expect(srv.requests[0]?.body).toMatchObject({ messages: [{ role: 'user', content: 'q' }] });
    expect(srv.requests[0]?.body).not.toHaveProperty('prompt');
  });
});

describe('OpenAiLlm errors', () => {
  const KEY = 'sk-secret-123';

  it('keeps the API key out of JSON, backend, inspect and errors (even when the server echoes it)', async () => {
    const { llm, srv } = await setup(
      [{ status: 401, json: { error: { message: `Invalid API key: ${KEY}`, type: 'auth', code: 401 } } }],
      { apiKey: KEY },
    );
    expect(JSON.stringify(llm)).not.toContain(KEY);
    expect(JSON.parse(JSON.stringify(llm))).toMatchObject({ model: 'qwen-test', hasApiKey: true });
    expect(llm.backend).toBe(`openai-compatible (${srv.url}, chat)`);
    expect(inspect(llm, { depth: 5, showHidden: true })).not.toContain(KEY);
    const e = await rejection(llm.generate('q'));
    expect(e).toBeInstanceOf(OpenAiError);
    expect(e).toMatchObject({ kind: 'http', status: 401, url: `${srv.url}/chat/completions` });
    expect(e.message).toContain(`${srv.url}/chat/completions answered HTTP 401`);
    expect(e.message).toContain('Invalid API key: [api key]');
    expect(e.message).toMatch(/check the API key/);
    for (const s of [e.message, String(e), e.stack ?? '', JSON.stringify(e), inspect(e)])
      expect(s).not.toContain(KEY);
    expect(srv.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('500 with a plain-text body: status and the (truncated) text', async () => {
    const long = `Internal error: CUDA out of memory. ${'x'.repeat(1000)}`;
    const { llm } = await setup([{ status: 500, text: long }]);
    const e = await rejection(llm.generate('q'));
    expect(e).toMatchObject({ kind: 'http', status: 500 });
    expect(e.message).toContain('HTTP 500');
    expect(e.message).toContain('CUDA out of memory');
    expect(e.message.length).toBeLessThan(600);
    expect(e.message).toContain('characters in all');
  });

  it("asks again for what fits when vLLM refuses a turn longer than the context's room", async () => {
    const refusal = {
      object: 'error',
      message:
        "This model's maximum context length is 4096 tokens. However, you requested 16884 tokens (500 in the messages, 16384 in the completion). Please reduce the length of the messages or completion.",
      type: 'BadRequestError',
      code: 400,
    };
    const { llm, srv } = await setup([{ status: 400, json: refusal }, { stream: chatStream(['ok']) }]);
    const r = await llm.generate('q', { maxTokens: 16384 });
    expect(r.text).toBe('ok');
    const asked = srv.requests.map((q) => (q.body as { max_tokens?: number } | undefined)?.max_tokens);
    expect(asked).toEqual([16384, 3596]);
  });

  it("any other 400 is the caller's to see, asked once", async () => {
    const { llm: other, srv: once } = await setup([{ status: 400, json: { error: 'bad stop list' } }]);
    expect((await rejection(other.generate('q', { maxTokens: 16384 }))).message).toContain('bad stop list');
    expect(once.requests).toHaveLength(1);
  });

  it("Ollama's {error: string} body and a 404 hint", async () => {
    const { llm } = await setup([{ status: 404, json: { error: "model 'qwen-test' not found" } }]);
    const e = await rejection(llm.generate('q'));
    expect(e.message).toContain("model 'qwen-test' not found");
    expect(e.message).toMatch(/check the server URL/);
  });

  it('a server that never answers: timeout error naming the URL, and the request is dropped', async () => {
    const { llm, srv } = await setup([{ hang: true }], { timeoutMs: 150 });
    const t0 = performance.now();
    const e = await rejection(llm.generate('q'));
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(e).toMatchObject({ kind: 'timeout' });
    expect(e.message).toContain(`${srv.url}/chat/completions did not start answering within 150 ms`);
    await srv.requests[0]?.ended;
    expect(srv.requests[0]?.closedEarly).toBe(true);
  });

  it('a stream that goes silent: idle timeout', async () => {
    const { llm } = await setup([{ stream: chatStream(['a', 'b']).slice(0, 2), done: false, hold: true }], {
      idleTimeoutMs: 150,
    });
    const seen: string[] = [];
    const e = await rejection(llm.generate('q', { onToken: (t) => seen.push(t) }));
    expect(e).toMatchObject({ kind: 'timeout' });
    expect(e.message).toMatch(/went silent for 150 ms/);
    expect(seen).toEqual(['a']);
  });

  it('abort mid-stream rejects with AbortError within 200 ms and cancels the HTTP request', async () => {
    const pieces = Array.from({ length: 50 }, (_, i) => `tok${i} `);
    const { llm, srv } = await setup([{ stream: chatStream(pieces), eventGapMs: 100 }]);
    const ctrl = new AbortController();
    let abortedAt = 0;
    const seen: string[] = [];
    const p = llm.generate('q', {
      signal: ctrl.signal,
      onToken: (t) => {
        seen.push(t);
        if (seen.length === 2)
          setTimeout(() => {
            abortedAt = performance.now();
            ctrl.abort();
          }, 30);
      },
    });
    const e = await rejection(p);
    const took = performance.now() - abortedAt;
    expect(e).toBeInstanceOf(AbortError);
    expect(e.name).toBe('AbortError');
    expect(took).toBeLessThan(200);
    expect(seen.length).toBeLessThan(5);
    await srv.requests[0]?.ended;
    expect(srv.requests[0]?.closedEarly).toBe(true);
  });

  it('an already-aborted signal rejects at once without a request', async () => {
    const { llm, srv } = await setup([]);
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(llm.generate('q', { signal: ctrl.signal })).rejects.toBeInstanceOf(AbortError);
    expect(srv.requests).toHaveLength(0);
  });

  it('malformed SSE: says what was received', async () => {
    const { llm } = await setup([
      { stream: [...chatStream(['ok']).slice(0, 2), 'data: {"choices": [oops\n\n'], chunkBytes: AWKWARD },
    ]);
    const e = await rejection(llm.generate('q'));
    expect(e).toMatchObject({ kind: 'protocol' });
    expect(e.message).toContain('malformed stream event');
    expect(e.message).toContain('{"choices": [oops');
  });

  it('a 200 that is not an event stream, and a stream cut off before the end', async () => {
    const { llm } = await setup([
      { text: '<!doctype html><title>Open WebUI</title>', contentType: 'text/html' },
      { stream: chatStream(['a', 'b'], { finishReason: null }), done: false },
    ]);
    const html = await rejection(llm.generate('q'));
    expect(html).toMatchObject({ kind: 'protocol' });
    expect(html.message).toMatch(/sent no server-sent events; received: "<!doctype html>/);
    const cut = await rejection(llm.generate('q'));
    expect(cut.message).toMatch(/ended before the server finished the answer/);
  });

  it('errors reported inside the stream (vLLM data: {error}, llama.cpp error: line)', async () => {
    const { llm } = await setup([
      {
        stream: [
          ...chatStream(['a']).slice(0, 2),
          { error: { message: 'context length exceeded', code: 400 } },
        ],
      },
      { stream: ['error: {"code":500,"message":"slot unavailable","type":"server_error"}\n\n'], done: false },
    ]);
    const a = await rejection(llm.generate('q'));
    expect(a).toMatchObject({ kind: 'server' });
    expect(a.message).toContain('context length exceeded');
    const b = await rejection(llm.generate('q'));
    expect(b.message).toContain('slot unavailable');
  });

  it('network failure: could not reach … (CORS hint)', async () => {
    const { srv } = await setup([]);
    const url = srv.url;
    await srv.close();
    const llm = new OpenAiLlm({ baseUrl: url, model: 'm', apiKey: KEY });
    const e = await rejection(llm.generate('q'));
    expect(e).toMatchObject({ kind: 'network' });
    expect(e.message).toContain(`could not reach ${url}/chat/completions`);
    expect(e.message).toMatch(/is the server running.*CORS/);
    expect(e.message).not.toContain(KEY);
  });
});

describe('OpenAiLlm.score', () => {
  // "Question: who? Answer:" + " Paris"; entries after the prompt are the one generated token.
  const tokens = ['Question', ':', ' who', '?', ' Answer', ':', ' Par', 'is', '\n'];
  const lps = [null, -1, -2, -0.5, -0.25, -0.125, -1.5, -0.25, -3];
  const offsets = (shift: number, toks: string[]) =>
    toks.map((_, i) => shift + toks.slice(0, i).join('').length);
  const answer = (toks: string[], offs: number[], l: (number | null)[], usage?: object) => ({
    json: {
      choices: [
        {
          index: 0,
          text: 'Question: who? Answer: Paris\n',
          logprobs: { tokens: toks, token_logprobs: l, text_offset: offs, top_logprobs: null },
          finish_reason: 'length',
        },
      ],
      ...(usage ? { usage } : {}),
    },
  });

  it('sums the logprobs of the continuation tokens (echo + logprobs on /completions)', async () => {
    const { llm, srv } = await setup([
      answer(tokens, offsets(0, tokens), lps, { prompt_tokens: 8, completion_tokens: 1 }),
      // A BOS token shifts every offset and there is no usage: counted from the end, same answer.
      answer(
        ['<s>', ...tokens],
        offsets(0, ['<s>', ...tokens]).map((o, i) => (i === 0 ? 0 : o)),
        [null, ...lps],
      ),
      // Prefix "Question: who? Answer: " ends inside the token " Par": that token still counts.
      answer(tokens, offsets(0, tokens), lps, { prompt_tokens: 8 }),
    ]);
    const a = await llm.score('Question: who? Answer:', ' Paris');
    expect(a.tokens).toBe(2);
    expect(a.logprob).toBeCloseTo(-1.75, 10);
    expect(srv.requests[0]?.path).toBe('/v1/completions');
    expect(srv.requests[0]?.body).toMatchObject({
      prompt: 'Question: who? Answer: Paris',
      echo: true,
      logprobs: 1,
      max_tokens: 1,
      stream: false,
    });
    const b = await llm.score('Question: who? Answer:', ' Paris');
    expect(b).toEqual(a);
    const c = await llm.score('Question: who? Answer: ', 'Paris');
    expect(c).toEqual(a);
  });

  it('a server without prompt logprobs: a clear error', async () => {
    const { llm } = await setup([
      { json: { choices: [{ index: 0, text: '\n', logprobs: null, finish_reason: 'length' }] } },
      // llama.cpp-style: logprobs of the generated token only
      {
        json: {
          choices: [
            { index: 0, text: '\n', logprobs: { tokens: ['\n'], token_logprobs: [-3], text_offset: [0] } },
          ],
        },
      },
    ]);
    for (let i = 0; i < 2; i++) {
      const e = await rejection(llm.score('Q: who? A:', ' Paris'));
      expect(e).toMatchObject({ kind: 'unsupported' });
      expect(e.message).toMatch(/does not offer prompt logprobs/);
    }
  });

  it('renders a messages prefix with the chat template (how the ExSearch reward calls it)', async () => {
    const prefix = '<|im_start|>user\nq<|im_end|>\n<|im_start|>assistant\n';
    // The prompt's tokens, then the one generated token ("\n").
    const toks = [
      '<|im_start|>',
      'user',
      '\nq',
      '<|im_end|>',
      '\n',
      '<|im_start|>',
      'assistant',
      '\n',
      'x',
      '\n',
    ];
    const { llm, srv } = await setup([
      answer(toks, offsets(0, toks), [null, -1, -1, -1, -1, -1, -1, -1, -0.5, -3], { prompt_tokens: 9 }),
    ]);
    const r = await llm.score({ messages: [{ role: 'user', content: 'q' }] }, 'x');
    expect(r).toEqual({ logprob: -0.5, tokens: 1 });
    expect(srv.requests[0]?.body).toMatchObject({ prompt: `${prefix}x`, echo: true });
  });
});

describe('OpenAiLlm.listModels and CORS', () => {
  it('lists model ids from GET /models', async () => {
    const { llm, srv } = await setup([
      {
        json: {
          object: 'list',
          data: [{ id: 'Qwen/Qwen2.5-3B-Instruct', object: 'model' }, { id: 'llama3' }],
        },
      },
    ]);
    expect(await llm.listModels()).toEqual(['Qwen/Qwen2.5-3B-Instruct', 'llama3']);
    expect(srv.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('answers the CORS preflight and marks every response cross-origin readable', async () => {
    const { srv } = await setup([{ json: { data: [] } }]);
    const pre = await fetch(`${srv.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/content-type/);
    expect(pre.headers.get('access-control-allow-methods')).toMatch(/POST/);
    const res = await fetch(`${srv.url}/models`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(srv.requests.map((r) => r.method)).toEqual(['OPTIONS', 'GET']);
  });
});

describe('normalizeBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:8000', 'http://127.0.0.1:8000/v1'],
    ['http://127.0.0.1:8000/', 'http://127.0.0.1:8000/v1'],
    ['http://127.0.0.1:8000/v1', 'http://127.0.0.1:8000/v1'],
    ['http://127.0.0.1:8000/v1/', 'http://127.0.0.1:8000/v1'],
    ['localhost:11434/v1', 'http://localhost:11434/v1'],
    ['http://host:8080/v1/chat/completions', 'http://host:8080/v1'],
    ['https://gw.example/openai/v1//', 'https://gw.example/openai/v1'],
  ])('%s → %s', (input, out) => expect(normalizeBaseUrl(input)).toBe(out));

  it('refuses credentials, queries and other schemes', () => {
    expect(() => normalizeBaseUrl('http://user:sk-1@host/v1')).toThrow(/API key field/);
    expect(() => normalizeBaseUrl('http://host/v1?key=1')).toThrow(/query/);
    expect(() => normalizeBaseUrl('ftp://host/v1')).toThrow(/http/);
  });
});
