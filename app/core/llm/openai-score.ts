// Σ log p(continuation | prefix) from a completions answer to `echo: true, logprobs: 1`
// (scoreBody in openai-request.ts), which vLLM offers and llama.cpp server and Ollama do not.
import { isObj } from '../json';
import type { FailFn, OpenAiError } from './openai-errors';
import { num } from './openai-turn';
import type { ScoreResult } from './types';

/** Python-style string length (code points): vLLM's `text_offset` counts characters that way. */
function cpLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Tokens are matched to the continuation by `text_offset`, counted from the END of the prompt
 * (a BOS token such as "<s>" shifts every offset, the end stays put); a token that straddles the
 * prefix/continuation boundary (" Paris" after "is ") counts, as it carries continuation text.
 */
export function continuationLogprob(
  j: unknown,
  continuation: string,
  url: string,
  fail: FailFn,
  serverError: (url: string, error: unknown) => OpenAiError,
): ScoreResult {
  const unsupported = (why: string) =>
    fail(
      'unsupported',
      url,
      `${url} does not offer prompt logprobs (${why}). score() needs a server that returns them for ` +
        '`echo: true, logprobs: 1` on /completions, such as vLLM; llama.cpp server and Ollama do not.',
    );
  if (isObj(j) && j.error !== undefined && j.error !== null) throw serverError(url, j.error);
  const choice = isObj(j) && Array.isArray(j.choices) && isObj(j.choices[0]) ? j.choices[0] : undefined;
  const lp = choice && isObj(choice.logprobs) ? choice.logprobs : undefined;
  const offs = lp?.text_offset;
  const lps = lp?.token_logprobs;
  const toks = lp?.tokens;
  if (!lp || !Array.isArray(offs) || !Array.isArray(lps))
    throw unsupported('the answer has no logprobs.text_offset / token_logprobs');
  if (offs.length !== lps.length || !offs.every((o) => typeof o === 'number'))
    throw fail('protocol', url, `${url} sent logprobs whose text_offset and token_logprobs do not line up`);
  const usage = isObj(j) && isObj(j.usage) ? j.usage : undefined;
  const promptTokens = num(usage?.prompt_tokens);
  // Prompt entries come first, then the one generated token.
  const n =
    promptTokens !== undefined && promptTokens >= 1 && promptTokens <= offs.length
      ? promptTokens
      : offs.length - 1;
  if (n < 1 || offs[0] !== 0)
    throw unsupported('the logprobs cover only generated tokens, not the echoed prompt');
  const off = offs as number[];
  const lastTok = Array.isArray(toks) && typeof toks[n - 1] === 'string' ? (toks[n - 1] as string) : '';
  const promptEnd = n < off.length ? (off[n] as number) : (off[n - 1] as number) + cpLength(lastTok);
  const contStart = promptEnd - cpLength(continuation);
  if (contStart < 0)
    throw fail(
      'protocol',
      url,
      `${url} sent text offsets shorter than the prompt; cannot place the continuation`,
    );
  let logprob = 0;
  let tokens = 0;
  for (let i = 0; i < n; i++) {
    const end = i + 1 < n ? (off[i + 1] as number) : promptEnd;
    if (end <= contStart) continue;
    const v = lps[i];
    if (typeof v !== 'number') {
      if (i === 0)
        throw fail(
          'request',
          url,
          "the continuation starts at the prompt's first token, which has no log-probability; give a non-empty prefix",
        );
      throw fail('protocol', url, `${url} sent no logprob for prompt token ${i}`);
    }
    logprob += v;
    tokens++;
  }
  return { logprob, tokens };
}
