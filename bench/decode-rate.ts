// Decode speed of one generation, the one formula every decode figure of the agent bench uses:
// the steps after the first token (whose time is the prefill) over the time after it.
export function decodeTokS(tokensOut: number, ms: number, ttftMs: number): number {
  return (Math.max(1, tokensOut - 1) * 1000) / (ms - ttftMs);
}
