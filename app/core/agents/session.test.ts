import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../../testing/scripted-llm';
import { AbortError } from '../llm/types';
import type { Retriever } from '../search/types';
import { standardRag } from './standard-rag';
import { runCollect } from '../../testing/strategy-harness';
import { untilAbort } from './session';

describe('Session.retrieve', () => {
  it('a search that never resolves does not hold up Stop: the run ends "cancelled" at once', async () => {
    const ctrl = new AbortController();
    let searched = 0;
    const hanging: Retriever = {
      search: () => {
        searched++;
        setTimeout(() => ctrl.abort(), 5);
        return new Promise(() => {});
      },
    };
    const t0 = Date.now();
    const { t } = await runCollect(standardRag, {
      question: 'q',
      llm: new ScriptedLlm(['never']),
      retriever: hanging,
      signal: ctrl.signal,
    });
    expect(searched).toBe(1);
    expect(t.finishReason).toBe('cancelled');
    expect(t.steps.map((s) => s.kind)).toEqual(['search', 'retrieve']);
    expect(Date.now() - t0).toBeLessThan(2000);
  }, 3000);
});

describe('untilAbort', () => {
  it('passes the value or error through, and rejects with AbortError on abort', async () => {
    await expect(untilAbort(Promise.resolve(1), new AbortController().signal)).resolves.toBe(1);
    await expect(untilAbort(Promise.reject(new Error('x')), undefined)).rejects.toThrow('x');
    const ctrl = new AbortController();
    const p = untilAbort(new Promise(() => {}), ctrl.signal);
    ctrl.abort();
    await expect(p).rejects.toBeInstanceOf(AbortError);
    await expect(untilAbort(Promise.reject(new Error('late')), ctrl.signal)).rejects.toBeInstanceOf(
      AbortError,
    );
  });
});
