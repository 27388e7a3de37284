// The Llm port (docs/architecture.md §2) on transformers.js, for a worker (WebGPU or WASM) or Node
// (onnxruntime-node). The decoding loop is ours, over the model's forward pass, rather than
// transformers.js's generate(): it owns the KV cache between calls (reuse across agent turns),
// checks stop strings and cancellation after every token, and yields to the event loop between
// tokens so a worker can hear "cancel".
import {
  AutoConfig,
  AutoModelForCausalLM,
  AutoTokenizer,
  type DataType,
  type DeviceType,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type PretrainedConfig,
  Tensor,
} from '@huggingface/transformers';
import {
  AbortError,
  type GenerateOptions,
  type GenerateResult,
  type Llm,
  type Prompt,
  type ScoreResult,
} from '../../core/llm/types';
import { StopMatcher } from '../../core/llm/stop';
import type { LoadProgress, ModelSource } from '../model-source';
import { type ChatTemplater, renderPrompt } from './chat-prompt';
import { disposeGpu, KvCache, type PastTensors, presentToPast } from './kv-cache';
import { argmax, logProbAt, sample } from './sampling';
import { TokenText } from './token-text';
import { yieldToEventLoop } from './yield';

/** Where and how transformers.js runs: the browser worker and Node configure it differently. */
export interface LlmRuntime {
  /** Configures transformers.js for `src` (before the first session) and picks the device. */
  prepare(src: ModelSource): Promise<{ device: DeviceType; reason: string; threads: number }>;
  /** Facts about the runtime worth a benchmark report (isolation, threads, which ORT build). */
  diagnostics?(): Record<string, unknown>;
  /** Weights to load when neither the settings nor the model's config name a dtype. */
  defaultDtype(device: DeviceType): Promise<NonNullable<ModelSource['dtype']>>;
  /** A failed load in words a user can act on, naming where the files were looked for. */
  /** Why the load failed and what to do; `dtype` is the precision that was asked for. */
  describeLoadError(src: ModelSource, error: unknown, dtype?: string): string | Promise<string>;
}

export interface LlmInfo {
  modelId: string;
  device: string;
  /** Why this device: shown in the UI next to the model. */
  reason: string;
  dtype: string;
  threads: number;
  loadMs: number;
  /** Positions the model attends to (config.json's max_position_embeddings), when it says. */
  contextTokens?: number;
}

export interface LlmStats {
  /** Forward passes since load. */
  forwards: number;
  /** Tokens run through the model since load (prompt tokens served from the cache excluded). */
  tokensRun: number;
  /** Wall time spent in forward passes (the rest of a call is tokenizing, sampling, streaming). */
  forwardMs: number;
}

export interface TransformersLlmOptions {
  /** Reuse the KV cache across calls (default true); off recomputes every prompt. */
  reuseCache?: boolean;
  /** Source of randomness for sampling (temperature > 0); Math.random by default. */
  random?: () => number;
}

const DEFAULT_MAX_TOKENS = 512;

interface Loaded {
  model: PreTrainedModel;
  tokenizer: PreTrainedTokenizer;
  eos: Set<number>;
  info: LlmInfo;
}

export class TransformersLlm implements Llm {
  private loaded: Loaded | null = null;
  private readonly cache = new KvCache();
  private queue: Promise<unknown> = Promise.resolve();
  private reuse: boolean;
  private readonly random: () => number;
  readonly stats: LlmStats = { forwards: 0, tokensRun: 0, forwardMs: 0 };

  constructor(
    private readonly runtime: LlmRuntime,
    options: TransformersLlmOptions = {},
  ) {
    this.reuse = options.reuseCache ?? true;
    this.random = options.random ?? Math.random;
  }

  get model(): string {
    return this.loaded?.info.modelId ?? '';
  }

  get backend(): string {
    return `transformers.js/${this.loaded?.info.device ?? 'unloaded'}`;
  }

  /** The model's context, so tagged loops bound a turn by what is left (agents/turn-budget.ts). */
  get contextTokens(): number | undefined {
    return this.loaded?.info.contextTokens;
  }

  get info(): LlmInfo | null {
    return this.loaded?.info ?? null;
  }

  diagnostics(): Record<string, unknown> {
    return this.runtime.diagnostics?.() ?? {};
  }

  /** Turns KV-cache reuse on or off; turning it off drops the cache. */
  async setReuseCache(on: boolean): Promise<void> {
    await this.exclusive(async () => {
      this.reuse = on;
      if (!on) await this.cache.clear();
    });
  }

  async load(src: ModelSource, onProgress?: (p: LoadProgress) => void): Promise<LlmInfo> {
    return this.exclusive(async () => {
      await this.unloadNow();
      const t0 = performance.now();
      const { device, reason, threads } = await this.runtime.prepare(src);
      const progress_callback = (p: { status: string; file?: string; loaded?: number; total?: number }) => {
        if (p.status === 'progress' && p.file)
          onProgress?.({ file: p.file, loaded: p.loaded ?? 0, total: p.total ?? 0 });
      };
      let config: PretrainedConfig;
      let tokenizer: PreTrainedTokenizer;
      let model: PreTrainedModel;
      let dtype: DataType | undefined;
      try {
        config = await AutoConfig.from_pretrained(src.modelId, { progress_callback });
        tokenizer = await AutoTokenizer.from_pretrained(src.modelId, { progress_callback });
        // A dtype in the model's own config (transformers.js_config) beats our device default.
        const configDtype = (config as { 'transformers.js_config'?: { dtype?: unknown } })[
          'transformers.js_config'
        ]?.dtype;
        dtype = src.dtype ?? (configDtype ? undefined : await this.runtime.defaultDtype(device));
        model = await AutoModelForCausalLM.from_pretrained(src.modelId, {
          config,
          device,
          dtype,
          progress_callback,
        });
      } catch (e) {
        throw new Error(await this.runtime.describeLoadError(src, e, dtype), { cause: e });
      }
      const session = (model.sessions as Record<string, { config?: { dtype?: string } } | undefined>)[
        'model'
      ];
      const info: LlmInfo = {
        modelId: src.modelId,
        device,
        reason,
        dtype: session?.config?.dtype ?? dtype ?? 'default',
        threads,
        loadMs: performance.now() - t0,
      };
      const positions = (config as { max_position_embeddings?: unknown }).max_position_embeddings;
      if (typeof positions === 'number' && positions > 0) info.contextTokens = positions;
      this.loaded = { model, tokenizer, eos: eosIds(model, config), info };
      Object.assign(this.stats, { forwards: 0, tokensRun: 0, forwardMs: 0 });
      return info;
    });
  }

  async unload(): Promise<void> {
    await this.exclusive(() => this.unloadNow());
  }

  /** Token ids of a prompt as the model reads it. */
  encode(prompt: Prompt): number[] {
    const { tokenizer } = this.need();
    const { text, addSpecialTokens } = renderPrompt(tokenizer as unknown as ChatTemplater, prompt);
    return tokenizer.encode(text, { add_special_tokens: addSpecialTokens });
  }

  generate(prompt: Prompt, options: GenerateOptions = {}): Promise<GenerateResult> {
    return this.exclusive(() => this.generateNow(prompt, options));
  }

  score(prefix: Prompt, continuation: string): Promise<ScoreResult> {
    return this.exclusive(() => this.scoreNow(prefix, continuation));
  }

  private async generateNow(prompt: Prompt, options: GenerateOptions): Promise<GenerateResult> {
    const t0 = performance.now();
    const { signal, onToken } = options;
    if (signal?.aborted) throw new AbortError();
    const { tokenizer, eos } = this.need();
    const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    const temperature = options.temperature ?? 0;
    const ids = this.encode(prompt);
    if (ids.length === 0) throw new Error('the prompt is empty: nothing to condition on');

    const { past: reused, reused: cachedTokens } = await this.takeCache(ids);
    let past = reused;
    const fed = ids.slice(0, cachedTokens);
    let input = ids.slice(cachedTokens);
    const generated: number[] = [];
    const stops = new StopMatcher(options.stop ?? []);
    const pieces = new TokenText(tokenizer);
    let text = '';
    const emit = (piece: string) => {
      if (piece.length === 0) return;
      text += piece;
      onToken?.(piece);
    };
    let ttftMs: number | undefined;
    let finishReason: GenerateResult['finishReason'] = 'length';
    try {
      while (generated.length < maxTokens) {
        const out = await this.forward(input, fed.length + input.length, past);
        await disposeGpu(past, out.past);
        past = out.past;
        fed.push(...input);
        const row = out.lastRow();
        const next = temperature > 0 ? sample(row, temperature, this.random) : argmax(row);
        ttftMs ??= performance.now() - t0;
        generated.push(next);
        if (eos.has(next)) {
          finishReason = 'eos';
          break;
        }
        const fedBack = stops.feed(pieces.push(next));
        emit(fedBack.emit);
        if (fedBack.stopped !== undefined) {
          finishReason = 'stop';
          break;
        }
        if (signal?.aborted) throw new AbortError();
        input = [next];
        await yieldToEventLoop();
        if (signal?.aborted) throw new AbortError();
      }
      if (finishReason !== 'stop') {
        // A trailing partial character can still complete a stop string.
        const last = stops.feed(pieces.flush());
        emit(last.emit);
        if (last.stopped !== undefined) finishReason = 'stop';
        else emit(stops.flush());
      }
    } finally {
      await this.keepCache(fed, past);
    }
    return {
      text,
      ...(stops.stopped !== undefined ? { stop: stops.stopped } : {}),
      finishReason,
      tokensIn: ids.length,
      tokensOut: generated.length,
      ms: performance.now() - t0,
      ...(ttftMs !== undefined ? { ttftMs } : {}),
      cachedTokens,
    };
  }

  private async scoreNow(prefix: Prompt, continuation: string): Promise<ScoreResult> {
    const { tokenizer } = this.need();
    const head = this.encode(prefix);
    if (head.length === 0) throw new Error('score needs a non-empty prefix');
    const tail = tokenizer.encode(continuation, { add_special_tokens: false });
    if (tail.length === 0) return { logprob: 0, tokens: 0 };
    const ids = [...head, ...tail];
    // The logits that predict the first continuation token sit at the last prefix position.
    const { past: reused, reused: start } = await this.takeCache(ids, head.length - 1);
    let past = reused;
    let fed = ids.slice(0, start);
    try {
      const out = await this.forward(ids.slice(start), ids.length, past);
      await disposeGpu(past, out.past);
      past = out.past;
      fed = ids;
      let logprob = 0;
      for (let j = 0; j < tail.length; j++)
        logprob += logProbAt(out.row(head.length - 1 + j - start), tail[j]!);
      return { logprob, tokens: tail.length };
    } finally {
      await this.keepCache(fed, past);
    }
  }

  /** One forward pass over `input` (the tokens after the `past`), `total` tokens in all. */
  private async forward(input: number[], total: number, past: PastTensors | null) {
    const { model } = this.need();
    const t0 = performance.now();
    const outputs = (await model.forward({
      input_ids: new Tensor('int64', BigInt64Array.from(input, BigInt), [1, input.length]),
      attention_mask: new Tensor('int64', new BigInt64Array(total).fill(1n), [1, total]),
      past_key_values: past,
    })) as Record<string, Tensor>;
    this.stats.forwards += 1;
    this.stats.tokensRun += input.length;
    this.stats.forwardMs += performance.now() - t0;
    const logits = outputs['logits'];
    if (!logits) throw new Error('the model returned no logits');
    const [, seq = 0, vocab = 0] = logits.dims;
    // Half-precision logits (q4f16 on WebGPU; raw bits where there is no Float16Array) are widened.
    const data = logits.to('float32').data as Float32Array;
    const row = (i: number): Float32Array => data.subarray(i * vocab, (i + 1) * vocab);
    return { past: presentToPast(outputs), row, lastRow: () => row(seq - 1) };
  }

  /** The cached past that serves the longest common prefix of `ids` (at most `limit` tokens). */
  private async takeCache(ids: number[], limit = ids.length - 1) {
    if (!this.reuse) {
      await this.cache.clear();
      return { past: null, reused: 0 };
    }
    return this.cache.take(ids, limit);
  }

  private async keepCache(fed: number[], past: PastTensors | null): Promise<void> {
    if (this.reuse && past && fed.length > 0) await this.cache.set(fed, past);
    else await disposeGpu(past);
  }

  private async unloadNow(): Promise<void> {
    await this.cache.clear();
    const old = this.loaded;
    this.loaded = null;
    if (old) await old.model.dispose();
  }

  private need(): Loaded {
    if (!this.loaded) throw new Error('no language model is loaded');
    return this.loaded;
  }

  /** Calls run one at a time: they share the KV cache and, on the web, one ORT session. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function eosIds(model: PreTrainedModel, config: PretrainedConfig): Set<number> {
  const gen = (model as { generation_config?: { eos_token_id?: unknown } | null }).generation_config;
  const raw = gen?.eos_token_id ?? (config as { eos_token_id?: unknown }).eos_token_id;
  const list = Array.isArray(raw) ? raw : raw == null ? [] : [raw];
  return new Set(list.filter((x): x is number => typeof x === 'number'));
}
