import { describe, expect, it } from 'vitest';
import { parsePlanRewrite, planRewritePrompt } from './plan-rewrite-model';

describe('model rewrite of gold sub-questions (APEX v2 appendix C.1)', () => {
  it("asks for one step in MuSiQue's operator form, keeping #n references", () => {
    const p = planRewritePrompt('#1 >> capital');
    const text = typeof p === 'string' ? p : p.messages.map((m) => m.content).join('\n');
    expect(text).toContain('Step: #1 >> capital');
    expect(text).toMatch(/Keep every reference such as #1/);
  });

  it("reads the model's question: first line, label and quotes removed", () => {
    expect(parsePlanRewrite('Question: "What is the capital of #1?"\nExtra', '#1 >> capital')).toBe(
      'What is the capital of #1?',
    );
    expect(
      parsePlanRewrite('<think>hmm</think>\nWho founded Veltmark Press?', 'Veltmark Press >> founded by'),
    ).toBe('Who founded Veltmark Press?');
  });

  it('refuses a rewrite that dropped a #n reference, or an empty reply', () => {
    expect(parsePlanRewrite('What is the capital of France?', '#1 >> capital')).toBeNull();
    expect(parsePlanRewrite('What is the capital of #12?', '#1 >> capital')).toBeNull();
    expect(parsePlanRewrite('  \n', 'x')).toBeNull();
  });
});
