import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classifyLoadFailure,
  expectedOnnxFiles,
  httpExists,
  type LocalProbe,
  loadFailureMessage,
  probeLocalModel,
} from './load-failure';
import { loadNodeLlm, MODELS_DIR } from './llm/test-models';
import type { ModelSource } from './model-source';

const ONLINE: ModelSource = { modelId: 'Xenova/all-MiniLM-L6-v2', offline: false, device: 'auto' };
const OFFLINE: ModelSource = { ...ONLINE, offline: true };
const none = Object.fromEntries(expectedOnnxFiles().map((f) => [f, false]));
const CONFIG_ONLY: LocalProbe = { config: true, onnx: none };
const NOTHING: LocalProbe = { config: false, onnx: none };
const diskExists = async (p: string) => {
  const f = resolve(MODELS_DIR, p);
  return existsSync(f) && statSync(f).isFile();
};

describe('classifyLoadFailure', () => {
  it('says the hub is unreachable when a network error hits an online load of a model not here', () => {
    expect(classifyLoadFailure(ONLINE, new TypeError('Failed to fetch'), NOTHING)).toEqual({
      kind: 'hub-unreachable',
      detail: 'Failed to fetch',
    });
    expect(classifyLoadFailure(ONLINE, new Error('fetch failed'), null).kind).toBe('hub-unreachable');
    // Offline never reaches the hub, so a network-looking error is something else.
    expect(classifyLoadFailure(OFFLINE, new TypeError('Failed to fetch'), null).kind).toBe('other');
  });

  it('lists every expected weight file when the folder has a config and no ONNX at all', () => {
    const err = new Error(
      'file was not found locally at "/models/Xenova/all-MiniLM-L6-v2/onnx/model_quantized.onnx".',
    );
    expect(classifyLoadFailure(OFFLINE, err, CONFIG_ONLY, 'q8')).toEqual({
      kind: 'missing-weights',
      missing: expectedOnnxFiles(),
      present: [],
    });
    // Online too: the local folder is half there, and that is the thing to fix.
    expect(classifyLoadFailure(ONLINE, new TypeError('Failed to fetch'), CONFIG_ONLY).kind).toBe(
      'missing-weights',
    );
  });

  it('names the one file missing for this precision and the precisions that are there', () => {
    const probe: LocalProbe = { config: true, onnx: { ...none, 'onnx/model.onnx': true } };
    expect(
      classifyLoadFailure(OFFLINE, new Error('not found: onnx/model_q4f16.onnx'), probe, 'q4f16'),
    ).toEqual({
      kind: 'missing-weights',
      missing: ['onnx/model_q4f16.onnx'],
      present: ['onnx/model.onnx'],
    });
  });

  it('says there is no local model when offline and the folder has no config', () => {
    expect(classifyLoadFailure(OFFLINE, new Error('config.json not found'), NOTHING)).toEqual({
      kind: 'no-local-model',
    });
  });

  it('passes anything else on with its own words', () => {
    const probe: LocalProbe = { config: true, onnx: { ...none, 'onnx/model_quantized.onnx': true } };
    expect(classifyLoadFailure(OFFLINE, new Error('Unsupported model type: foo'), probe, 'q8')).toEqual({
      kind: 'other',
      detail: 'Unsupported model type: foo',
    });
  });
});

describe('loadFailureMessage', () => {
  it('names the model, the cause and the ways out: offline tick, a local folder, a server', () => {
    const msg = loadFailureMessage(ONLINE, { kind: 'hub-unreachable', detail: 'Failed to fetch' });
    expect(msg).toContain(
      'Could not load model "Xenova/all-MiniLM-L6-v2": the Hugging Face hub is unreachable',
    );
    expect(msg).toMatch(/models\/Xenova\/all-MiniLM-L6-v2\/ and tick offline/);
    expect(msg).toContain('OpenAI-compatible server');
    const missing = loadFailureMessage(OFFLINE, {
      kind: 'missing-weights',
      missing: ['onnx/model.onnx'],
      present: [],
    });
    expect(missing).toContain('/models/Xenova/all-MiniLM-L6-v2/ holds config.json but no ONNX weights');
    expect(missing).toContain('missing onnx/model.onnx');
    expect(missing).toContain('untick offline');
    const partial = loadFailureMessage(OFFLINE, {
      kind: 'missing-weights',
      missing: ['onnx/model_q4f16.onnx'],
      present: ['onnx/model.onnx'],
    });
    expect(partial).toContain(
      'not the weights for this precision: missing onnx/model_q4f16.onnx (present: onnx/model.onnx; pick that precision)',
    );
  });
});

describe('probeLocalModel', () => {
  it('finds config and weights of the shared models on disk', async () => {
    const minilm = await probeLocalModel('Xenova/all-MiniLM-L6-v2', diskExists);
    expect(minilm.config).toBe(true);
    expect(Object.values(minilm.onnx).some(Boolean)).toBe(false);
    const bert = await probeLocalModel('hopscope-test/tiny-random-bert', diskExists);
    expect(bert.onnx['onnx/model.onnx']).toBe(true);
    expect(bert.onnx['onnx/model_quantized.onnx']).toBe(true);
    expect(bert.onnx['onnx/model_fp16.onnx']).toBe(false);
    expect((await probeLocalModel('nope/missing', diskExists)).config).toBe(false);
  });

  it('over HTTP, does not take a static host’s HTML fallback for a file', async () => {
    const fake = (async (url: string) =>
      new Response(null, {
        status: 200,
        headers: { 'content-type': String(url).endsWith('.json') ? 'application/json' : 'text/html' },
      })) as unknown as typeof fetch;
    const probe = await probeLocalModel('a/b', httpExists('/models/', fake));
    expect(probe.config).toBe(true);
    expect(Object.values(probe.onnx).some(Boolean)).toBe(false);
  });
});

describe('a real load of a config-only model', () => {
  it('fails with the missing ONNX files listed', async () => {
    const src: ModelSource = { modelId: 'HuggingFaceTB/SmolLM-360M-Instruct', offline: true, device: 'auto' };
    const err = await loadNodeLlm(src).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toContain('holds config.json but no ONNX weights');
    expect(err?.message).toContain('onnx/model_quantized.onnx');
    expect(err?.message).toContain(`${MODELS_DIR}/HuggingFaceTB/SmolLM-360M-Instruct/`);
  });
});
