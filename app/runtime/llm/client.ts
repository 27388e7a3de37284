// The Llm port on the main thread, driving transformers.js in a worker (workers/llm.worker.ts).
// Pieces stream back through a Comlink-proxied callback; aborting the signal sends a cancel
// message that the worker handles between tokens (app/runtime/llm/wire-generate.ts). ORT fixes
// its WASM thread count and backend at its first session, so loading for a different device
// starts a fresh worker.
import * as Comlink from 'comlink';
import {
  type GenerateOptions,
  type GenerateResult,
  type Llm,
  type Prompt,
  type ScoreResult,
} from '../../core/llm/types';
import type { LoadProgress, ModelSource } from '../model-source';
import type { LlmWorkerApi } from './api';
import { generateOverWire } from './wire-generate';
import type { LlmInfo, LlmStats } from './transformers-llm';

export interface WorkerHandle {
  endpoint: Comlink.Endpoint;
  terminate(): void;
}

/** The app's LLM worker (Vite bundles it from this URL). */
export function spawnLlmWorker(): WorkerHandle {
  const worker = new Worker(new URL('../../../workers/llm.worker.ts', import.meta.url), {
    type: 'module',
    name: 'hopscope-llm',
  });
  return { endpoint: worker, terminate: () => worker.terminate() };
}

export class LlmClient implements Llm {
  private handle: WorkerHandle | null = null;
  private remote: Comlink.Remote<LlmWorkerApi> | null = null;
  private loadedFor: ModelSource['device'] | null = null;
  private loadedInfo: LlmInfo | null = null;
  /** Rejects when the worker is disposed: a terminated worker never answers pending calls. */
  private stopped: Promise<never> | null = null;
  private stop: ((e: Error) => void) | null = null;

  constructor(private readonly spawn: () => WorkerHandle = spawnLlmWorker) {}

  get model(): string {
    return this.loadedInfo?.modelId ?? '';
  }

  get backend(): string {
    return `transformers.js/${this.loadedInfo?.device ?? 'unloaded'}`;
  }

  /** The loaded model's context (config.json), so tagged loops bound a turn by what is left. */
  get contextTokens(): number | undefined {
    return this.loadedInfo?.contextTokens;
  }

  get info(): LlmInfo | null {
    return this.loadedInfo;
  }

  async load(src: ModelSource, onProgress?: (p: LoadProgress) => void): Promise<LlmInfo> {
    if (this.remote && this.loadedFor !== src.device) this.dispose();
    this.loadedInfo = null;
    const info = await this.guard((remote) =>
      remote.load(src, onProgress ? Comlink.proxy(onProgress) : undefined),
    );
    this.loadedFor = src.device;
    this.loadedInfo = info;
    return info;
  }

  generate(prompt: Prompt, options: GenerateOptions = {}): Promise<GenerateResult> {
    return this.guard((remote) =>
      generateOverWire(
        options,
        (jobId, wire, onToken) => remote.generate(jobId, prompt, wire, onToken),
        (jobId) => void remote.cancel(jobId),
      ),
    );
  }

  score(prefix: Prompt, continuation: string): Promise<ScoreResult> {
    return this.guard((remote) => remote.score(prefix, continuation));
  }

  setReuseCache(on: boolean): Promise<void> {
    return this.guard((remote) => remote.setReuseCache(on));
  }

  stats(): Promise<LlmStats> {
    return this.guard((remote) => remote.stats());
  }

  diagnostics(): Promise<Record<string, unknown>> {
    return this.guard((remote) => remote.diagnostics());
  }

  /** Ends the worker and everything it holds; calls still pending reject. */
  dispose(): void {
    this.stop?.(new Error('the language model worker was stopped'));
    this.stop = null;
    this.stopped = null;
    this.remote?.[Comlink.releaseProxy]();
    this.handle?.terminate();
    this.handle = null;
    this.remote = null;
    this.loadedFor = null;
    this.loadedInfo = null;
  }

  /** Runs a call on the worker (started on first use); rejects if the worker is disposed first. */
  private guard<T>(call: (remote: Comlink.Remote<LlmWorkerApi>) => Promise<T>): Promise<T> {
    if (!this.remote || !this.stopped) {
      this.handle = this.spawn();
      this.remote = Comlink.wrap<LlmWorkerApi>(this.handle.endpoint);
      this.stopped = new Promise<never>((_, reject) => (this.stop = reject));
      this.stopped.catch(() => undefined);
    }
    return Promise.race([call(this.remote), this.stopped]);
  }
}
