import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../../testing/scripted-llm';
import type { Llm } from '../llm/types';
import { STRATEGIES, strategy } from './registry';
import { runStrategy } from './run';
import { fillTemplate, resolvePrompts, templatePlaceholders, withDefaults } from './template';
import { stubRetriever } from '../../testing/strategy-harness';

describe('strategy registry', () => {
  it('lists every strategy once, each with defaults, prompts and a citation', () => {
    expect(STRATEGIES.map((d) => d.id)).toEqual([
      'direct',
      'standard-rag',
      'ircot',
      'search-r1',
      'qagent',
      'exsearch',
      'when-to-search',
      'apex',
    ]);
    for (const d of STRATEGIES) {
      expect(d.paper.length).toBeGreaterThan(10);
      expect(Object.keys(d.prompts).length).toBeGreaterThan(0);
      expect(Object.keys(d.defaults).length).toBeGreaterThan(0);
    }
    expect(strategy('search-r1').defaults).toMatchObject({ topK: 3, maxTurns: 4 });
    expect(strategy('qagent').defaults).toMatchObject({ maxLoops: 5, topK: 1, maxQueries: 3, dedupe: true });
    expect(strategy('exsearch').defaults).toMatchObject({ maxIterations: 5, topK: 5 });
    expect(strategy('when-to-search').defaults).toMatchObject({ topK: 5, maxTurns: 5 });
    expect(strategy('apex').defaults).toMatchObject({ docsPerRetrieval: 3, maxHops: 5 });
    expect(() => strategy('nope')).toThrow(/unknown strategy "nope"/);
  });
});

describe('runStrategy', () => {
  it('passes every event with the draft so far, and finalizes', async () => {
    const drafts: number[] = [];
    const t = await runStrategy(
      strategy('direct'),
      { question: 'q', llm: new ScriptedLlm(['a b c']), retriever: stubRetriever({}), id: 'x' },
      (e, draft) => {
        if (e.type === 'step_token') drafts.push((draft.steps[0]?.text ?? '').length);
      },
    );
    expect(drafts.length).toBeGreaterThan(1);
    expect(drafts).toEqual([...drafts].sort((a, b) => a - b));
    expect(t).toMatchObject({ id: 'x', finishReason: 'answer', answer: { text: 'a b c' } });
  });

  it('hands the listener the draft itself: no copy of the steps per token', async () => {
    const seen: Array<{ draft: object; steps: object; n: number }> = [];
    const t = await runStrategy(
      strategy('direct'),
      {
        question: 'q',
        llm: new ScriptedLlm(['one two three four five']),
        retriever: stubRetriever({}),
        id: 'x',
      },
      (e, draft) => {
        if (e.type === 'step_token') seen.push({ draft, steps: draft.steps, n: draft.steps.length });
      },
    );
    expect(seen.length).toBeGreaterThan(3);
    // One draft and one step array across every token event (each token used to copy the array).
    expect(new Set(seen.map((s) => s.draft)).size).toBe(1);
    expect(new Set(seen.map((s) => s.steps)).size).toBe(1);
    // The result is finalized apart from the draft, which the run no longer changes.
    expect(t.steps).not.toBe(seen[0]!.steps);
    expect(t.answer?.text).toBe('one two three four five');
  });

  it('a run cancelled before it starts ends at once, "cancelled"', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const llm = new ScriptedLlm(['never']);
    const t = await runStrategy(strategy('search-r1'), {
      question: 'q',
      llm,
      retriever: stubRetriever({}),
      signal: ctrl.signal,
    });
    expect(t.finishReason).toBe('cancelled');
    expect(t.steps).toEqual([]);
    expect(llm.calls).toHaveLength(0);
  });

  it('cancels even when the model adapter ignores the signal', async () => {
    const ctrl = new AbortController();
    const stuck: Llm = {
      model: 'stuck',
      backend: 'test',
      generate: (_p, o) =>
        new Promise(() => {
          o?.onToken?.('partial ');
          setTimeout(() => ctrl.abort(), 5);
        }),
    };
    const t = await runStrategy(strategy('direct'), {
      question: 'q',
      llm: stuck,
      retriever: stubRetriever({}),
      signal: ctrl.signal,
    });
    expect(t.finishReason).toBe('cancelled');
    expect(t.steps[0]?.text).toBe('partial ');
  });

  it('an unexpected failure inside a strategy is recorded, not thrown', async () => {
    const bad: Llm = {
      model: 'bad',
      backend: 'test',
      generate: async () => ({ text: 'x', finishReason: 'eos', tokensIn: 1, tokensOut: 1, ms: 1 }),
    };
    const retriever = { search: async () => 'not a list' as unknown as never };
    const t = await runStrategy(strategy('standard-rag'), { question: 'q', llm: bad, retriever });
    expect(t.finishReason).toBe('error');
    expect(t.steps.at(-1)?.error).toMatch(/^internal error:/);
  });
});

describe('prompt templates', () => {
  it('fills placeholders once, leaving unknown ones and never re-expanding values', () => {
    expect(fillTemplate('{a} and {b} and {c}', { a: '{b}', b: 2 })).toBe('{b} and 2 and {c}');
    expect(templatePlaceholders('x {question} {reference} {question}')).toEqual(['question', 'reference']);
  });

  it('applies overrides over defaults', () => {
    expect(withDefaults({ a: 1, b: 2 }, { b: 3, c: 4 } as never)).toEqual({ a: 1, b: 3 });
    expect(withDefaults({ a: 1 }, { a: undefined })).toEqual({ a: 1 });
    expect(resolvePrompts({ s: 'x', t: 'y' }, { s: 'x', t: 'z', u: 'w' })).toEqual({
      prompts: { s: 'x', t: 'z' },
      overridden: { t: 'z' },
    });
  });
});
