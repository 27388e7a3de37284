import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { apexSepr } from '../../core/rewards/apex-sepr';
import { fakeEmbedder, traj } from '../../testing/reward-fakes';
import { ScriptedLlm } from '../../testing/scripted-llm';
import { onDataChange } from '../changes';
import { cachedPlanRewrites, planRewriteModel, rewriteAndCache, rewritePlanWith } from './plan-rewrite';

describe('rewritePlanWith', () => {
  it('asks once per step and keeps only rewrites that keep the references', async () => {
    const llm = new ScriptedLlm(['Who founded Veltmark Press?', 'Where was it born?']);
    const out = await rewritePlanWith(llm, ['Veltmark Press >> founded by', '#1 >> place of birth']);
    expect(out).toEqual(['Who founded Veltmark Press?', null]);
    expect(llm.calls).toHaveLength(2);
  });
});

describe('cached plan rewrites for SEPR', () => {
  const cfg = {
    kind: 'http' as const,
    baseUrl: 'http://localhost:8000/v1',
    model: 'qwen3-8b',
    endpoint: 'chat' as const,
  };
  const steps = ['Anna Benson >> spouse', '#1 >> member of sports team'];

  it("caches the model's usable rewrites per model and step, and SEPR then uses them, labelled", async () => {
    expect(await cachedPlanRewrites(steps, cfg)).toBeUndefined();
    const changes: string[] = [];
    const off = onDataChange((n) => changes.push(...n.changes));
    const llm = new ScriptedLlm(['Whom did Anna Benson marry?', 'Which team did he play for?']);
    const out = await rewriteAndCache(llm, steps, planRewriteModel(cfg).model);
    off();
    // The second dropped #1: not usable, not cached.
    expect(out).toEqual(['Whom did Anna Benson marry?', null]);
    expect(changes).toEqual(['plan-rewrites']);
    const cached = await cachedPlanRewrites(steps, cfg);
    expect(cached?.model).toBe('qwen3-8b');
    expect([...(cached?.questions ?? [])]).toEqual([
      ['Anna Benson >> spouse', 'Whom did Anna Benson marry?'],
    ]);
    // Another model (or the same name on another server) has no rewrites.
    expect(await cachedPlanRewrites(steps, { ...cfg, baseUrl: 'http://elsewhere/v1' })).toBeUndefined();

    const t = {
      ...traj([], {
        plan: ['Who was Anna Benson married to?'],
        gold: { answers: ['x'], plan: [{ text: steps[0]! }] },
      }),
    };
    const embedder = fakeEmbedder({
      'Who was Anna Benson married to?': [1, 0],
      'Whom did Anna Benson marry?': [1, 0],
    });
    const r = await apexSepr.compute(t, { embedder, ...(cached ? { goldPlanRewrites: cached } : {}) });
    expect(r.value).toBe(1);
    expect(r.inputs.goldPlanSource).toBe('model rewrite · qwen3-8b (cached)');
  });
});
