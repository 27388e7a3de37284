// LlmRuntime for Node (tests, the CLI, the bench's native baseline): transformers.js on
// onnxruntime-node, models read from a folder on disk.
import { env } from '@huggingface/transformers';
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describeLoadFailure } from '../load-failure';
import type { ModelSource } from '../model-source';
import type { LlmRuntime } from './transformers-llm';

export function nodeRuntime(modelsDir: string): LlmRuntime {
  const root = modelsDir.endsWith('/') ? modelsDir : `${modelsDir}/`;
  return {
    async prepare(src: ModelSource) {
      env.allowLocalModels = true;
      env.localModelPath = root;
      env.allowRemoteModels = !src.offline;
      return {
        device: 'cpu',
        reason: 'Node: onnxruntime-node on the CPU',
        threads: availableParallelism(),
      };
    },
    async defaultDtype() {
      return 'q8';
    },
    describeLoadError(src: ModelSource, error: unknown, dtype?: string) {
      const exists = async (path: string) => {
        const f = resolve(root, path);
        return existsSync(f) && statSync(f).isFile();
      };
      return describeLoadFailure(src, error, exists, dtype, root);
    },
  };
}
