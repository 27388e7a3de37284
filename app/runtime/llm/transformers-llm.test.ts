import { AutoTokenizer, env } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AbortError, type Prompt } from '../../core/llm/types';
import type { LoadProgress } from '../model-source';
import { nodeRuntime } from './node-runtime';
import { seededRandom } from './sampling';
import { loadNodeLlm, MODELS_DIR, TINY } from './test-models';
import { TransformersLlm } from './transformers-llm';

const HI: Prompt = { messages: [{ role: 'user', content: 'hi' }] };
// Greedy fp32 tokens after HI, from hopscope-test/README.md (verified against PyTorch there).
const README_TOKENS = [
  35957, 16249, 15913, 38720, 41650, 4229, 25561, 7510, 12426, 39207, 32560, 10544, 32946, 28667, 12081,
  28718, 8243, 9172, 34366, 40145,
];

let llm: TransformersLlm;
let expected20: string;

beforeAll(async () => {
  llm = await loadNodeLlm(TINY, { reuseCache: false });
  const tok = await AutoTokenizer.from_pretrained(TINY.modelId);
  expected20 = tok.decode(README_TOKENS, { skip_special_tokens: true });
});

describe('TransformersLlm on tiny-random-llama (fp32, Node)', () => {
  it('loads from ../shared/models with remote loading off and reports what it chose', () => {
    expect(env.allowRemoteModels).toBe(false);
    expect(env.localModelPath).toBe(`${MODELS_DIR}/`);
    expect(llm.info).toMatchObject({ modelId: TINY.modelId, device: 'cpu', dtype: 'fp32' });
    expect(llm.info?.reason).toMatch(/onnxruntime-node/);
    expect(llm.model).toBe(TINY.modelId);
    expect(llm.backend).toBe('transformers.js/cpu');
    // tiny-random-llama's config.json: max_position_embeddings 2048.
    expect(llm.contextTokens).toBe(2048);
  });

  it('applies the chat template with a generation prompt', () => {
    expect(llm.encode(HI)).toEqual([1, 4093, 198, 6004, 2, 198, 1, 520, 9531, 198]);
  });

  it('decodes greedily the same tokens as the reference, streaming pieces that add up to the text', async () => {
    const pieces: string[] = [];
    const r = await llm.generate(HI, { maxTokens: 20, onToken: (p) => pieces.push(p) });
    expect(r.text).toBe(expected20);
    expect(pieces.join('')).toBe(r.text);
    expect(pieces.length).toBeGreaterThan(10);
    expect(r).toMatchObject({ finishReason: 'length', tokensIn: 10, tokensOut: 20, cachedTokens: 0 });
    expect(r.ttftMs).toBeGreaterThan(0);
    expect(r.ms).toBeGreaterThanOrEqual(r.ttftMs!);
  });

  it('honours maxTokens', async () => {
    const r = await llm.generate(HI, { maxTokens: 5 });
    expect(r).toMatchObject({ finishReason: 'length', tokensOut: 5 });
    expect(expected20.startsWith(r.text)).toBe(true);
  });

  it('stops as soon as a stop string completes, across a token boundary, and leaves it out', async () => {
    // Tokens 3 and 4 are " coronavirus" and "rail": the stop string spans them.
    const pieces: string[] = [];
    const r = await llm.generate(HI, {
      maxTokens: 20,
      stop: ['virusra', 'never'],
      onToken: (p) => pieces.push(p),
    });
    expect(r).toMatchObject({
      text: ' Wals tragic corona',
      stop: 'virusra',
      finishReason: 'stop',
      tokensOut: 4,
    });
    expect(pieces.join('')).toBe(r.text);
  });

  it('is deterministic: greedy twice, and sampling twice with the same seed', async () => {
    const a = await llm.generate(HI, { maxTokens: 12 });
    const b = await llm.generate(HI, { maxTokens: 12 });
    expect(b.text).toBe(a.text);
    const s1 = new TransformersLlm(nodeRuntime(MODELS_DIR), { random: seededRandom(7) });
    const s2 = new TransformersLlm(nodeRuntime(MODELS_DIR), { random: seededRandom(7) });
    await Promise.all([s1.load(TINY), s2.load(TINY)]);
    const x = await s1.generate(HI, { maxTokens: 12, temperature: 1.5 });
    const y = await s2.generate(HI, { maxTokens: 12, temperature: 1.5 });
    expect(y.text).toBe(x.text);
    expect(x.text).not.toBe(a.text);
  });

  it('stops within one token of an abort from a timer and rejects with AbortError', async () => {
    const ac = new AbortController();
    let forwardsAtAbort = -1;
    let pieces = 0;
    const started = llm.stats.forwards;
    const run = llm.generate(HI, {
      maxTokens: 2000,
      signal: ac.signal,
      // The abort comes from a timer, i.e. between two tokens, as a worker's cancel message does.
      onToken: () => {
        if (++pieces === 5)
          setTimeout(() => {
            forwardsAtAbort = llm.stats.forwards;
            ac.abort();
          }, 0);
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortError);
    expect(forwardsAtAbort).toBeGreaterThanOrEqual(started + 5);
    expect(llm.stats.forwards - forwardsAtAbort).toBeLessThanOrEqual(1);
  });

  it('emits nothing after an abort from inside onToken, and stays usable', async () => {
    const ac = new AbortController();
    const pieces: string[] = [];
    const run = llm.generate(HI, {
      maxTokens: 50,
      signal: ac.signal,
      onToken: (p) => {
        pieces.push(p);
        ac.abort();
      },
    });
    await expect(run).rejects.toThrow(AbortError);
    expect(pieces).toEqual([' Wals']);
    await expect(llm.generate(HI, { signal: ac.signal })).rejects.toThrow(AbortError);
    expect((await llm.generate(HI, { maxTokens: 20 })).text).toBe(expected20);
  });

  it('reports load progress in bytes per file', async () => {
    const seen: LoadProgress[] = [];
    const other = new TransformersLlm(nodeRuntime(MODELS_DIR));
    await other.load({ ...TINY, dtype: 'q8' }, (p) => seen.push(p));
    const onnx = seen.filter((p) => p.file.endsWith('model_quantized.onnx'));
    expect(onnx.length).toBeGreaterThan(0);
    const last = onnx.at(-1)!;
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(3_000_000);
    expect(other.info?.dtype).toBe('q8');
  });

  it('names the folder it looked in when a model is missing', async () => {
    const other = new TransformersLlm(nodeRuntime(MODELS_DIR));
    const missing = { ...TINY, modelId: 'hopscope-test/no-such-model' };
    await expect(other.load(missing)).rejects.toThrow(`${MODELS_DIR}/hopscope-test/no-such-model/`);
    await expect(other.generate(HI)).rejects.toThrow(/no language model is loaded/);
  });
});
