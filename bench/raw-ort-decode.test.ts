// The agent bench's raw-runtime loop must do the work Hopscope's worker does: the same greedy
// tokens from the same prompt ids. Checked here on onnxruntime-node with the fp32 test model,
// where exact equality holds (hopscope-test/README.md).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNodeLlm, MODELS_DIR, TINY } from '../app/runtime/llm/test-models';
import type { TransformersLlm } from '../app/runtime/llm/transformers-llm';
import { DECODE_PROMPT } from './agent-measure';
import { decodeTokS } from './decode-rate';
import { greedyDecode, kvShapeOf, type RawSession, tiledIds } from './raw-ort-decode';
import { rawPrompt } from './raw-ort-prompt';

const dir = resolve(MODELS_DIR, TINY.modelId);
const tensor = (type: 'int64' | 'float32', data: BigInt64Array | Float32Array, dims: number[]) =>
  new ort.Tensor(type, data, dims);
// "hi" in the chat template, and its greedy fp32 tokens (hopscope-test/README.md, checked against PyTorch).
const HI_IDS = [1, 4093, 198, 6004, 2, 198, 1, 520, 9531, 198];
const README_TOKENS = [
  35957, 16249, 15913, 38720, 41650, 4229, 25561, 7510, 12426, 39207, 32560, 10544, 32946, 28667, 12081,
  28718, 8243, 9172, 34366, 40145,
];

let session: ort.InferenceSession;
let llm: TransformersLlm;
const shape = kvShapeOf(
  JSON.parse(readFileSync(resolve(dir, 'config.json'), 'utf8')) as Record<string, unknown>,
);

beforeAll(async () => {
  session = await ort.InferenceSession.create(resolve(dir, 'onnx/model.onnx'));
  llm = await loadNodeLlm(TINY, { reuseCache: false });
});

afterAll(async () => {
  await session.release();
  await llm.unload();
});

describe('the raw onnxruntime decode loop (bench floor)', () => {
  it('reads the cache shape from config.json', () => {
    expect(shape).toEqual({ kvHeads: 2, headDim: 16 });
    expect(kvShapeOf({ num_attention_heads: 9, num_key_value_heads: 3, hidden_size: 576 })).toEqual({
      kvHeads: 3,
      headDim: 64,
    });
    expect(() => kvShapeOf({})).toThrow(/config.json/);
  });

  it('decodes the reference greedy tokens', async () => {
    const r = await greedyDecode(session as unknown as RawSession, tensor, shape, HI_IDS, 20);
    expect(r.ids).toEqual(README_TOKENS);
    expect(r.ttftMs).toBeGreaterThan(0);
    expect(r.ms).toBeGreaterThanOrEqual(r.ttftMs);
  });

  it("reads the bench prompt's tokens and writes the text Hopscope's adapter writes", async () => {
    const prompt = await rawPrompt(TINY.modelId);
    expect(prompt.ids).toEqual(llm.encode(DECODE_PROMPT));
    const hopscope = await llm.generate(DECODE_PROMPT, { maxTokens: 24 });
    const raw = await greedyDecode(session as unknown as RawSession, tensor, shape, prompt.ids, 24);
    expect(hopscope.tokensOut).toBe(24);
    expect(prompt.decode(raw.ids)).toBe(hopscope.text);
  });

  it('makes a long-context turn of any length from the prompt ids', () => {
    expect(tiledIds([7, 8, 9], 7)).toEqual([7, 8, 9, 7, 8, 9, 7]);
    expect(tiledIds([7, 8, 9], 2)).toEqual([7, 8]);
    expect(() => tiledIds([], 3)).toThrow(/no ids/);
  });

  it('counts decode steps after the first token over the time after it', () => {
    expect(decodeTokS(33, 2100, 100)).toBe(16);
    expect(decodeTokS(1, 150, 100)).toBe(20);
  });
});
