// How many tokens one model turn may write: the strategy's cap, and no more than the model's
// context has left after the prompt, where the adapter reports the context (Llm.contextTokens).
// The prompt's size is the adapter's own count at the end of the last turn (tokensIn + tokensOut)
// plus an estimate for the text appended since (information blocks, notices), or the estimate
// alone before the first turn. The estimate takes 2 characters a token, more tokens than English
// text has, so the bound errs towards a shorter turn rather than a request the server refuses.
export const CHARS_PER_TOKEN_LOW = 2;

export function estimateTokens(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN_LOW);
}

/** The turn's maxTokens: `cap`, bounded by the context left (at least 1 token). */
export function turnBudget(cap: number, contextTokens: number | undefined, promptTokens: number): number {
  if (contextTokens === undefined || contextTokens <= 0) return cap;
  return Math.max(1, Math.min(cap, contextTokens - promptTokens));
}

/** Tracks a growing prompt's tokens: counted by the adapter after each turn, estimated since. */
export class PromptSize {
  private counted: number | null = null;
  private countedChars = 0;

  /** Tokens of a prompt of `chars` characters in all. */
  tokens(chars: number): number {
    return this.counted === null
      ? estimateTokens(chars)
      : this.counted + estimateTokens(Math.max(0, chars - this.countedChars));
  }

  /** After a turn: the adapter's counts, and the prompt's length in characters with the turn in it. */
  count(tokensIn: number, tokensOut: number, chars: number): void {
    if (tokensIn <= 0) return;
    this.counted = tokensIn + tokensOut;
    this.countedChars = chars;
  }
}
