// A live run whose server cannot be reached is a failure, not a finished run: nothing is stored
// (no one-step "no answer" row in the table and its aggregates), and the error says why.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { strategy } from '../core/agents/registry';
import { runFailure } from '../core/agents/run-failure';
import { listRows } from '../db/store';
import { freshDbPerTest } from '../testing/fresh-db';
import { runAndStoreLive } from './live-run';

freshDbPerTest();

const spec = {
  def: strategy('search-r1'),
  question: 'Who founded the Ambrel Railway Company?',
  params: {},
  prompts: {},
  // Nothing listens on port 1: the model server is never reached.
  llm: { kind: 'http' as const, baseUrl: 'http://127.0.0.1:1/v1', model: 'm', endpoint: 'chat' as const },
  retriever: {
    kind: 'remote' as const,
    url: 'http://127.0.0.1:2',
    api: 'search-r1' as const,
    timeoutMs: 1000,
    retries: 0,
  },
  embed: { modelId: 'none', offline: true, device: 'wasm' as const },
};

describe('runAndStoreLive', () => {
  it('stores nothing for a run that never reached its model server, and says why', async () => {
    await expect(runAndStoreLive(spec, new AbortController().signal)).rejects.toThrow(
      /^The run did not finish \(llm_error: .+\); nothing was stored\.$/,
    );
    expect(await listRows()).toEqual([]);
  });
});

describe('runFailure', () => {
  it('names a failed finish and its last error; a finished or stopped run is no failure', () => {
    const steps = [{ id: 's0', index: 0, kind: 'think' as const, error: 'fetch failed' }];
    expect(runFailure({ finishReason: 'llm_error', steps })).toBe('llm_error: fetch failed');
    expect(runFailure({ finishReason: 'retriever_error', steps: [] })).toBe('retriever_error');
    expect(runFailure({ finishReason: 'answer', steps })).toBeNull();
    expect(runFailure({ finishReason: 'cancelled', steps })).toBeNull();
  });
});
