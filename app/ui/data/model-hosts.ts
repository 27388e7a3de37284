// The in-browser model hosts (the embedding worker and the LLM worker) as the views see them:
// their state as React hooks, and the actions a view may ask for. Views never import the
// runtime; this is their one door to it.
import { useSyncExternalStore } from 'react';
import { DEFAULT_LLM, listServerModels, llmHost, searchRemote } from '../../runtime/agent-ports';
import type { ModelSource } from '../../runtime/model-source';
import { embedHost } from '../../runtime/embed/client';
import { embedQuery } from '../../runtime/retrieval-client';
import { searchWorker } from '../../runtime/search/client';

export { DEFAULT_LLM, embedQuery, listServerModels, searchRemote, searchWorker };

/** The loaded embedding model's id ('' when none), re-rendering when it changes. */
export function useEmbedModelId(): string {
  return useSyncExternalStore(
    (cb) => embedHost.subscribe(cb),
    () => embedHost.loaded?.modelId ?? '',
  );
}

export function loadEmbedder(src: ModelSource) {
  return embedHost.ensure(src);
}

/** A snapshot key of the LLM host (model, error, progress, busy), re-rendering when it changes. */
export function useLlmHostVersion(): string {
  return useSyncExternalStore(
    (cb) => llmHost.subscribe(cb),
    () =>
      `${llmHost.info?.modelId}|${llmHost.error}|${Object.values(llmHost.progress).reduce((s, p) => s + p.loaded, 0)}|${llmHost.busy}`,
  );
}

/** The LLM host's current state, read after useLlmHostVersion() so views re-render with it. */
export function llmHostState() {
  return {
    info: llmHost.info,
    error: llmHost.error,
    busy: llmHost.busy,
    progress: Object.values(llmHost.progress),
  };
}

export function loadLlm(src: ModelSource) {
  return llmHost.ensure(src);
}
