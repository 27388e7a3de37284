import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../testing/scripted-llm';
import { rewritePlanWith } from './plan-rewrite';

describe('rewritePlanWith', () => {
  it('asks once per step and keeps only rewrites that keep the references', async () => {
    const llm = new ScriptedLlm(['Who founded Veltmark Press?', 'Where was it born?']);
    const out = await rewritePlanWith(llm, ['Veltmark Press >> founded by', '#1 >> place of birth']);
    expect(out).toEqual(['Who founded Veltmark Press?', null]);
    expect(llm.calls).toHaveLength(2);
  });
});
