import { describe, expect, it } from 'vitest';
import { completionRoom } from './context-limit';

describe('completionRoom', () => {
  it("reads vLLM's older refusal (limit minus the messages' tokens)", () => {
    expect(
      completionRoom(
        "This model's maximum context length is 4096 tokens. However, you requested 16884 tokens (500 in the messages, 16384 in the completion). Please reduce the length of the messages or completion.",
      ),
    ).toBe(3596);
  });

  it("reads vLLM's newer refusal", () => {
    expect(
      completionRoom(
        "'max_tokens' or 'max_completion_tokens' is too large: 16384. This model's maximum context length is 8192 tokens and your request has 1200 input tokens (16384 > 8192 - 1200).",
      ),
    ).toBe(6992);
  });

  it("reads the completions endpoint's wording", () => {
    expect(
      completionRoom(
        "This model's maximum context length is 2048 tokens, however you requested 2100 tokens (2000 in your prompt; 100 for the completion).",
      ),
    ).toBe(48);
  });

  it('is null for other errors, and when the prompt alone fills the context', () => {
    expect(completionRoom('model "x" not found')).toBeNull();
    expect(completionRoom("This model's maximum context length is 4096 tokens.")).toBeNull();
    expect(
      completionRoom(
        "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4096 in the messages, 904 in the completion).",
      ),
    ).toBeNull();
  });
});
