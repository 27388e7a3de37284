// The page-side client against the worker API over a real MessageChannel (what a Worker is to
// Comlink), with the model in this process: streaming, cancel messages, progress, info.
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, type Prompt } from '../../core/llm/types';
import type { LoadProgress } from '../model-source';
import { LlmClient, type WorkerHandle } from './client';
import { createLlmWorkerApi } from './api';
import { nodeRuntime } from './node-runtime';
import { MODELS_DIR, TINY } from './test-models';
import { TransformersLlm } from './transformers-llm';

const HI: Prompt = { messages: [{ role: 'user', content: 'hi' }] };
const spawned: { llm: TransformersLlm; closed: boolean }[] = [];

function spawnInProcess(): WorkerHandle {
  const { port1, port2 } = new MessageChannel();
  const llm = new TransformersLlm(nodeRuntime(MODELS_DIR));
  const entry = { llm, closed: false };
  spawned.push(entry);
  Comlink.expose(createLlmWorkerApi(llm), port1);
  return {
    endpoint: port2,
    terminate: () => {
      entry.closed = true;
      port1.close();
      port2.close();
    },
  };
}

let client: LlmClient;
let direct: TransformersLlm;
const progress: LoadProgress[] = [];

beforeAll(async () => {
  client = new LlmClient(spawnInProcess);
  direct = new TransformersLlm(nodeRuntime(MODELS_DIR), { reuseCache: false });
  await Promise.all([client.load(TINY, (p) => progress.push(p)), direct.load(TINY)]);
});
afterAll(() => client.dispose());

describe('LlmClient (worker protocol over a MessageChannel)', () => {
  it('loads with progress and reports the model, device and dtype', () => {
    expect(client.info).toMatchObject({ modelId: TINY.modelId, device: 'cpu', dtype: 'fp32' });
    expect(client.model).toBe(TINY.modelId);
    expect(client.backend).toBe('transformers.js/cpu');
    expect(client.contextTokens).toBe(2048);
    expect(progress.some((p) => p.file === 'onnx/model.onnx' && p.loaded === p.total)).toBe(true);
  });

  it('streams every piece before resolving, with the same text as the adapter itself', async () => {
    const pieces: string[] = [];
    const r = await client.generate(HI, { maxTokens: 24, stop: ['never'], onToken: (p) => pieces.push(p) });
    const expected = await direct.generate(HI, { maxTokens: 24 });
    expect(r.text).toBe(expected.text);
    expect(pieces.join('')).toBe(r.text);
    expect(r).toMatchObject({ finishReason: 'length', tokensOut: 24, tokensIn: 10 });
  });

  it('turns an abort into a cancel message that stops the worker within a token', async () => {
    const ac = new AbortController();
    const worker = spawned.at(-1)!.llm;
    let atAbort = -1;
    const pieces: string[] = [];
    const run = client.generate(HI, {
      maxTokens: 2000,
      signal: ac.signal,
      onToken: (p) => {
        pieces.push(p);
        if (pieces.length === 3) {
          atAbort = worker.stats.forwards;
          ac.abort();
        }
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortError);
    // The page learns of a piece a message after the worker made it, and the cancel takes
    // another message back: a couple of tokens of slack, far from the 2000 asked for.
    expect(worker.stats.forwards - atAbort).toBeLessThanOrEqual(3);
    await expect(client.generate(HI, { signal: ac.signal })).rejects.toBeInstanceOf(AbortError);
  });

  it('scores and switches KV reuse through the worker', async () => {
    const s = await client.score('The capital of', ' Prague');
    const d = await direct.score('The capital of', ' Prague');
    expect(s.tokens).toBe(d.tokens);
    expect(Math.abs(s.logprob - d.logprob)).toBeLessThan(1e-4);
    await client.generate(HI, { maxTokens: 3 });
    expect((await client.generate(HI, { maxTokens: 3 })).cachedTokens).toBe(9);
    await client.setReuseCache(false);
    expect((await client.generate(HI, { maxTokens: 3 })).cachedTokens).toBe(0);
    expect((await client.stats()).forwards).toBeGreaterThan(0);
  });

  it('starts a fresh worker when the device setting changes', async () => {
    const before = spawned.length;
    await client.load({ ...TINY, device: 'auto' });
    expect(spawned.length).toBe(before);
    await client.load({ ...TINY, device: 'wasm' });
    expect(spawned.length).toBe(before + 1);
    expect(spawned[before - 1]!.closed).toBe(true);
    expect((await client.generate(HI, { maxTokens: 4 })).tokensOut).toBe(4);
  });

  it('rejects a pending call when the worker is disposed, and starts afresh after', async () => {
    const before = spawned.length;
    // (In this in-process stand-in the old adapter finishes these tokens in the background.)
    const run = client.generate(HI, { maxTokens: 300 });
    await new Promise((r) => setTimeout(r, 20));
    client.dispose();
    await expect(run).rejects.toThrow(/worker was stopped/);
    expect(spawned[before - 1]!.closed).toBe(true);
    await client.load(TINY);
    expect(spawned.length).toBe(before + 1);
    expect((await client.generate(HI, { maxTokens: 3 })).tokensOut).toBe(3);
  });

  it('passes on a load error that names the missing folder', async () => {
    await expect(client.load({ ...TINY, device: 'wasm', modelId: 'nope/missing' })).rejects.toThrow(
      `${MODELS_DIR}/nope/missing/`,
    );
  });
});
