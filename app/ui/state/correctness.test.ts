import { describe, expect, it, vi } from 'vitest';
import { readSavedCorrectness, savedCorrectnessText } from './correctness';

describe('the saved correctness signal', () => {
  it('reads an older save’s EM (always written, the default) as not chosen, keeping its judge prompt', () => {
    expect(readSavedCorrectness('{"signal":"em","judgePrompt":"my prompt"}')).toEqual({
      chosen: false,
      judgePrompt: 'my prompt',
    });
    expect(readSavedCorrectness('{"signal":"em","judgePrompt":null}')).toEqual({ chosen: false });
  });

  it('reads an older save’s other signal as the user’s choice', () => {
    expect(readSavedCorrectness('{"signal":"llm-judge","judgePrompt":null}')).toEqual({
      signal: 'llm-judge',
      chosen: true,
    });
  });

  it('round-trips a chosen EM, and saves no signal until one is chosen', () => {
    const chosen = savedCorrectnessText({ signal: 'em', chosen: true, judgePrompt: null });
    expect(readSavedCorrectness(chosen)).toEqual({ signal: 'em', chosen: true });
    const unchosen = savedCorrectnessText({ signal: 'em', chosen: false, judgePrompt: 'p' });
    expect(readSavedCorrectness(unchosen)).toEqual({ chosen: false, judgePrompt: 'p' });
  });

  it('round-trips the judge’s model kind, and ignores an unknown one', () => {
    const text = savedCorrectnessText({
      signal: 'em',
      chosen: false,
      judgePrompt: null,
      judgeKind: 'browser',
    });
    expect(readSavedCorrectness(text)).toEqual({ chosen: false, judgeKind: 'browser' });
    expect(readSavedCorrectness('{"judgeKind":"gpu"}')).toEqual({ chosen: false });
  });

  it('reads nothing saved, or a broken save, as not chosen', () => {
    expect(readSavedCorrectness(null)).toEqual({ chosen: false });
    expect(readSavedCorrectness('{')).toEqual({ chosen: false });
    expect(readSavedCorrectness('{"signal":"nope","chosen":true}')).toEqual({ chosen: false });
  });
});

describe('the correctness store', () => {
  it('starts an existing user whose save holds the old default EM as not having chosen', async () => {
    const store = new Map([['hopscope.correctness', '{"signal":"em","judgePrompt":null}']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    });
    vi.resetModules();
    try {
      const { useCorrectnessState } = await import('./correctness');
      expect(useCorrectnessState.getState()).toMatchObject({ signal: 'em', chosen: false });
      useCorrectnessState.getState().setSignal('em');
      expect(useCorrectnessState.getState().chosen).toBe(true);
      expect(JSON.parse(store.get('hopscope.correctness')!)).toEqual({
        signal: 'em',
        chosen: true,
        judgePrompt: null,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
