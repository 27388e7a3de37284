// The runtime's own floor for `npm run bench -- agent`: a decoder-only ONNX model's greedy loop
// written directly on an onnxruntime InferenceSession (onnxruntime-web in the bench's worker,
// onnxruntime-node in its test), with no transformers.js and no Hopscope code. It feeds what the
// Optimum "with past" export takes (input_ids, attention_mask, position_ids, past_key_values.*),
// turns each step's present.* into the next step's past, and picks the argmax of the last row.

/** The part of an onnxruntime tensor this reads. */
export interface RawTensor {
  readonly data: unknown;
  readonly dims: readonly number[];
}

/** The part of an onnxruntime InferenceSession this runs. */
export interface RawSession {
  readonly inputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, RawTensor>>;
}

/** Builds an onnxruntime Tensor (each runtime package has its own class). */
export type MakeTensor = (
  type: 'int64' | 'float32',
  data: BigInt64Array | Float32Array,
  dims: number[],
) => unknown;

/** The KV-cache shape per layer, from the model's config.json. */
export interface KvShape {
  kvHeads: number;
  headDim: number;
}

export function kvShapeOf(config: Record<string, unknown>): KvShape {
  const n = (key: string) => (typeof config[key] === 'number' ? (config[key] as number) : undefined);
  const heads = n('num_attention_heads');
  const kvHeads = n('num_key_value_heads') ?? heads;
  const headDim = n('head_dim') ?? (heads ? (n('hidden_size') ?? 0) / heads : undefined);
  if (!kvHeads || !headDim) throw new Error('config.json names no attention heads or head size');
  return { kvHeads, headDim };
}

export interface RawDecode {
  /** The generated token ids, `newTokens` of them (no end-of-sequence stop: the count is fixed). */
  ids: number[];
  /** Prefill plus the first argmax. */
  ttftMs: number;
  ms: number;
}

export async function greedyDecode(
  session: RawSession,
  tensor: MakeTensor,
  shape: KvShape,
  promptIds: readonly number[],
  newTokens: number,
): Promise<RawDecode> {
  const t0 = performance.now();
  let past: Record<string, unknown> = {};
  for (const name of session.inputNames)
    if (name.startsWith('past_key_values.'))
      past[name] = tensor('float32', new Float32Array(0), [1, shape.kvHeads, 0, shape.headDim]);
  const ids: number[] = [];
  let input: readonly number[] = promptIds;
  let total = 0;
  let ttftMs: number | undefined;
  while (ids.length < newTokens) {
    const start = total;
    total += input.length;
    const out = await session.run({
      input_ids: tensor('int64', BigInt64Array.from(input, BigInt), [1, input.length]),
      attention_mask: tensor('int64', new BigInt64Array(total).fill(1n), [1, total]),
      position_ids: tensor(
        'int64',
        BigInt64Array.from(input, (_, k) => BigInt(start + k)),
        [1, input.length],
      ),
      ...past,
    });
    const logits = out['logits'];
    if (!logits) throw new Error('the model returned no logits');
    const [, seq = 0, vocab = 0] = logits.dims;
    const next = argmaxAt(logits.data as Float32Array, (seq - 1) * vocab, vocab);
    ttftMs ??= performance.now() - t0;
    ids.push(next);
    past = {};
    for (const [name, t] of Object.entries(out))
      if (name.startsWith('present.')) past[name.replace('present.', 'past_key_values.')] = t;
    input = [next];
  }
  return { ids, ttftMs: ttftMs ?? 0, ms: performance.now() - t0 };
}

/** `n` prompt tokens: the decode prompt's ids repeated (a turn's cost depends on its length alone). */
export function tiledIds(ids: readonly number[], n: number): number[] {
  if (ids.length === 0) throw new Error('tiledIds: no ids to repeat');
  return Array.from({ length: n }, (_, i) => ids[i % ids.length]!);
}

/** Index of the largest of data[offset .. offset+length) (the first on ties). */
function argmaxAt(data: Float32Array, offset: number, length: number): number {
  let best = 0;
  let max = -Infinity;
  for (let i = 0; i < length; i++) {
    const v = data[offset + i]!;
    if (v > max) {
      max = v;
      best = i;
    }
  }
  return best;
}
