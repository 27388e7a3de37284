// The page's side of the server worker (its API: ./api.ts): an Llm for an OpenAI-compatible
// server and a Retriever for a remote retriever, each a thin client whose requests are made,
// read and parsed in the worker. The page receives only the results and the streamed text.
import * as Comlink from 'comlink';
import { OpenAiLlm } from '../../core/llm/openai';
import type { GenerateOptions, GenerateResult, Llm, Prompt, ScoreResult } from '../../core/llm/types';
import type { Retriever, SearchHit } from '../../core/search/types';
import { generateOverWire, newJobId } from '../llm/wire-generate';
import { type RemoteSearchOptions, type ServerLlmOptions, type ServerWorkerApi, unwrap } from './api';

export type ServerApi = Comlink.Remote<ServerWorkerApi> | ServerWorkerApi;

export class ServerLlm implements Llm {
  readonly model: string;
  readonly backend: string;
  /** Checks the options and describes the client exactly as a direct one (it sends nothing). */
  private readonly local: OpenAiLlm;
  // A private field, as OpenAiLlm keeps its key: not enumerable, not in JSON or logs.
  readonly #opts: ServerLlmOptions;

  constructor(
    opts: ServerLlmOptions,
    private readonly api: ServerApi,
  ) {
    this.local = new OpenAiLlm(opts);
    this.#opts = opts;
    this.model = this.local.model;
    this.backend = this.local.backend;
  }

  get maxResponseBytes(): number {
    return this.local.maxResponseBytes;
  }

  generate(prompt: Prompt, options: GenerateOptions = {}): Promise<GenerateResult> {
    return generateOverWire(
      options,
      async (jobId, wire, onToken) =>
        unwrap(await this.api.generate(jobId, this.#opts, prompt, wire, onToken)),
      (jobId) => void this.api.cancel(jobId),
    );
  }

  async score(prefix: Prompt, continuation: string): Promise<ScoreResult> {
    return unwrap(await this.api.score(newJobId('s'), this.#opts, prefix, continuation));
  }

  async listModels(): Promise<string[]> {
    return unwrap(await this.api.listModels(newJobId('m'), this.#opts));
  }

  toJSON(): Record<string, unknown> {
    return this.local.toJSON();
  }
}

export class ServerRetriever implements Retriever {
  constructor(
    private readonly opts: RemoteSearchOptions,
    private readonly api: ServerApi,
  ) {}

  async search(queries: string[], k: number): Promise<SearchHit[][]> {
    return unwrap(await this.api.search(newJobId('r'), this.opts, queries, k));
  }
}

let server: Comlink.Remote<ServerWorkerApi> | null = null;

/**
 * The server worker, where the page talks to model servers and remote retrievers so that their
 * responses are read and parsed off the main thread. Null where there are no workers (the CLI
 * and tests in Node, which have no page to keep responsive): clients then run in place.
 */
export function serverWorker(): Comlink.Remote<ServerWorkerApi> | null {
  if (typeof Worker === 'undefined') return null;
  server ??= Comlink.wrap<ServerWorkerApi>(
    new Worker(new URL('../../../workers/server.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-servers',
    }),
  );
  return server;
}
