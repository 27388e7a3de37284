import { describe, expect, it } from 'vitest';
import { PromptSize, turnBudget } from './turn-budget';

describe('turn budget', () => {
  it("is the cap unless the model's context leaves less, and at least one token", () => {
    expect(turnBudget(16384, undefined, 1000)).toBe(16384);
    expect(turnBudget(16384, 32768, 1000)).toBe(16384);
    expect(turnBudget(16384, 8192, 1000)).toBe(7192);
    expect(turnBudget(16384, 8192, 9000)).toBe(1);
  });

  it("counts the prompt with the adapter's numbers once it has them, estimating only what came since", () => {
    const size = new PromptSize();
    expect(size.tokens(1000)).toBe(500);
    size.count(300, 50, 1200);
    expect(size.tokens(1200)).toBe(350);
    expect(size.tokens(1300)).toBe(400);
    // An adapter that counts nothing leaves the estimate in place.
    const none = new PromptSize();
    none.count(0, 0, 1200);
    expect(none.tokens(1200)).toBe(600);
  });
});
