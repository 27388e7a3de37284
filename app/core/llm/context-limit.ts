// What a server's "prompt plus max_tokens is over the context" refusal leaves room for. A strategy
// asks for long turns (When-to-Search allows 8,192 tokens, its Table 5) while an OpenAI-compatible
// server does not say its context length up front; vLLM and OpenAI refuse such a request with HTTP
// 400 naming the limit and the prompt's tokens, so the client can ask again for what fits.
// Forms read (vLLM before and after 0.6, OpenAI):
//   "This model's maximum context length is 4096 tokens. However, you requested 16884 tokens
//    (500 in the messages, 16384 in the completion). …"
//   "'max_tokens' or 'max_completion_tokens' is too large: 16384. This model's maximum context
//    length is 4096 tokens and your request has 500 input tokens (16384 > 4096 - 500)."

/** Tokens left for the completion, or null when the message is not a context-length refusal. */
export function completionRoom(message: string): number | null {
  const limit = /maximum context length is (\d+) tokens/i.exec(message);
  if (!limit) return null;
  const input =
    /\((\d+) in the messages/i.exec(message) ??
    /\((\d+) in your prompt/i.exec(message) ??
    /request has (\d+) input tokens/i.exec(message);
  if (!input) return null;
  const room = Number(limit[1]) - Number(input[1]);
  return room >= 1 ? room : null;
}
