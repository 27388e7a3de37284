// The Embedder port (docs/architecture.md §2) on transformers.js feature-extraction: mean pooling,
// L2-normalized, batched. Runs inside a worker; vectors come back as one flat Float32Array.
import { AbortError } from '../../core/abort';
import { type FeatureExtractionPipeline, pipeline } from '@huggingface/transformers';
import { describeLoadFailure, httpExists } from '../load-failure';
import type { LoadProgress, ModelSource } from '../model-source';
import {
  chooseDevice,
  configureTransformers,
  type DeviceChoice,
  selectOrtBuild,
  threadCount,
} from '../transformers-env';

export interface EmbedderInfo extends DeviceChoice {
  modelId: string;
  dtype: string;
  dims: number;
  threads: number;
  loadMs: number;
}

export interface EmbedStats {
  /** Model forward passes (one per batch) since load. */
  calls: number;
  texts: number;
}

export class TransformersEmbedder {
  private extractor: FeatureExtractionPipeline | null = null;
  private info: EmbedderInfo | null = null;
  readonly stats: EmbedStats = { calls: 0, texts: 0 };

  async load(src: ModelSource, onProgress?: (p: LoadProgress) => void): Promise<EmbedderInfo> {
    configureTransformers(src);
    const choice = await chooseDevice(src.device);
    selectOrtBuild(choice.device);
    // WebGPU prefers fp32/fp16 weights; int8 matmuls fall back to CPU kernels there.
    const dtype = src.dtype ?? (choice.device === 'webgpu' ? 'fp32' : 'q8');
    const t0 = performance.now();
    try {
      this.extractor = await pipeline('feature-extraction', src.modelId, {
        device: choice.device,
        dtype,
        progress_callback: (p: { status: string; file?: string; loaded?: number; total?: number }) => {
          if (p.status === 'progress' && p.file)
            onProgress?.({ file: p.file, loaded: p.loaded ?? 0, total: p.total ?? 0 });
        },
      });
    } catch (e) {
      throw new Error(await describeLoadFailure(src, e, httpExists(), dtype), { cause: e });
    }
    const probe = await this.extractor(['probe'], { pooling: 'mean', normalize: true });
    this.info = {
      ...choice,
      modelId: src.modelId,
      dtype,
      dims: probe.dims[1] ?? 0,
      threads: threadCount(),
      loadMs: performance.now() - t0,
    };
    return this.info;
  }

  /** Embeds texts in batches; returns n × dims floats, row-major. */
  async embed(
    texts: readonly string[],
    batchSize = 32,
    signal?: { aborted: boolean },
  ): Promise<Float32Array> {
    const ex = this.extractor;
    const info = this.info;
    if (!ex || !info) throw new Error('Embedding model is not loaded');
    const out = new Float32Array(texts.length * info.dims);
    // A batch is padded to its longest text: batching texts of similar length wastes less work.
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    for (let i = 0; i < order.length; i += batchSize) {
      if (signal?.aborted) throw new AbortError();
      const rows = order.slice(i, i + batchSize);
      const t = await ex(
        rows.map((r) => texts[r]!),
        { pooling: 'mean', normalize: true },
      );
      const data = t.data as Float32Array;
      rows.forEach((r, j) => out.set(data.subarray(j * info.dims, (j + 1) * info.dims), r * info.dims));
      this.stats.calls += 1;
      this.stats.texts += rows.length;
    }
    return out;
  }

  get loaded(): EmbedderInfo | null {
    return this.info;
  }
}
