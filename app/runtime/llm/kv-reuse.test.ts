import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prompt } from '../../core/llm/types';
import { informationBlock, runSearchR1, searchR1Prompt } from '../../testing/search-r1-script';
import { loadNodeLlm, TINY } from './test-models';
import type { TransformersLlm } from './transformers-llm';

let reuse: TransformersLlm;
let fresh: TransformersLlm;

beforeAll(async () => {
  [reuse, fresh] = await Promise.all([loadNodeLlm(TINY), loadNodeLlm(TINY, { reuseCache: false })]);
});
afterAll(async () => {
  await Promise.all([reuse.unload(), fresh.unload()]);
});

describe('KV-cache reuse (tiny-random-llama fp32)', () => {
  it('gives the same greedy text as recomputing, over a 4-turn Search-R1 transcript', async () => {
    const before = reuse.stats.tokensRun;
    const a = await runSearchR1(reuse, { turns: 4, maxTokens: 24 });
    const b = await runSearchR1(fresh, { turns: 4, maxTokens: 24 });
    expect(a.turns.map((t) => t.text)).toEqual(b.turns.map((t) => t.text));
    expect(a.turns).toHaveLength(4);
    for (const t of b.turns) expect(t.cachedTokens).toBe(0);
    // Each later turn reuses the previous prompt but at most its last token, which can merge with
    // the new text at the join ("\n\n" + "x"). Not always all of the previous output either: a
    // random model emits token sequences that re-tokenize differently, and the ids diverge there.
    for (let i = 1; i < 4; i++) {
      const prev = a.turns[i - 1]!;
      expect(a.turns[i]!.cachedTokens).toBeGreaterThanOrEqual(prev.tokensIn - 1);
      expect(a.turns[i]!.tokensIn).toBe(b.turns[i]!.tokensIn);
    }
    const promptTokens = a.turns.reduce((s, t) => s + t.tokensIn, 0);
    const cached = a.turns.reduce((s, t) => s + (t.cachedTokens ?? 0), 0);
    const generated = a.turns.reduce((s, t) => s + t.tokensOut, 0);
    // Only the uncached tokens went through the model (the last sampled token of a turn is never fed).
    expect(reuse.stats.tokensRun - before).toBe(promptTokens - cached + generated - a.turns.length);
  });

  it('rewinds the cache to the common prefix when a prompt diverges inside it', async () => {
    const user = { role: 'user' as const, content: searchR1Prompt('Who wrote Rusalka?') };
    const long: Prompt = {
      messages: [user, { role: 'assistant', content: `<think> x </think>${informationBlock(0)}` }],
      continueFinal: true,
    };
    const other: Prompt = {
      messages: [user, { role: 'assistant', content: `<think> y </think>${informationBlock(1)}` }],
      continueFinal: true,
    };
    await reuse.generate(long, { maxTokens: 8 });
    const r = await reuse.generate(other, { maxTokens: 16 });
    const f = await fresh.generate(other, { maxTokens: 16 });
    expect(r.text).toBe(f.text);
    const shared = reuse.encode(user.content).length; // at least the user turn is shared
    expect(r.cachedTokens).toBeGreaterThan(shared / 2);
    expect(r.cachedTokens).toBeLessThan(r.tokensIn - 50);
  });

  it('drops the cache for an unrelated prompt and for a reuse switch-off', async () => {
    const r = await reuse.generate('Completely different raw text', { maxTokens: 4 });
    expect(r.cachedTokens).toBe(0);
    const again = await reuse.generate('Completely different raw text, continued', { maxTokens: 4 });
    expect(again.cachedTokens).toBeGreaterThan(0);
    await reuse.setReuseCache(false);
    expect(
      (await reuse.generate('Completely different raw text, continued', { maxTokens: 4 })).cachedTokens,
    ).toBe(0);
    await reuse.setReuseCache(true);
  });

  it('serves the whole prompt but one token when a prompt is repeated', async () => {
    const p: Prompt = { messages: [{ role: 'user', content: 'hi' }] };
    const first = await reuse.generate(p, { maxTokens: 6 });
    const second = await reuse.generate(p, { maxTokens: 6 });
    expect(second.text).toBe(first.text);
    expect(second.cachedTokens).toBe(second.tokensIn - 1);
  });
});
