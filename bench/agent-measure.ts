// The agent benchmark's measurements, run the same way against the browser worker (through
// LlmClient, in bench/agent-page.ts) and against onnxruntime-node (in bench/agent-bench.ts).
import type { Llm } from '../app/core/llm/types';
import {
  informationBlock,
  runSearchR1,
  SEARCH_R1_QUESTION,
  searchR1Prompt,
} from '../app/testing/search-r1-script';
import type { LlmStats } from '../app/runtime/llm/transformers-llm';
import { decodeTokS } from './decode-rate';

export interface MeasureTarget {
  llm: Llm;
  setReuseCache(on: boolean): Promise<void>;
  stats(): Promise<LlmStats>;
}

export interface MeasureOptions {
  /** Tokens generated for each decode-speed run. */
  decodeTokens: number;
  /** Decode-speed runs (the last one is reported: V8 tiers hot WASM code up in the background). */
  decodeRuns?: number;
  /** Turns of the scripted Search-R1 trajectory, and tokens generated per turn. */
  turns: number;
  turnTokens: number;
  /** Skip the trajectories (decode speed only). */
  decodeOnly?: boolean;
}

export interface Measured {
  prompt_tokens: number;
  /** Time to first token of the first call after load (cold code) and of a later one. */
  ttft_ms_first_call: number;
  ttft_ms: number;
  decode_tokens: number;
  decode_tok_s: number;
  /** Every decode run, in order. */
  decode_tok_s_runs: number[];
  /** Of each decode step: time inside the model's forward pass vs everything else. */
  forward_ms_per_token: number;
  other_ms_per_token: number;
  trajectory_ms_reuse?: number;
  trajectory_ms_noreuse?: number;
  reuse_speedup?: number;
  trajectory_tokens_in?: number[];
  trajectory_cached_tokens?: number[];
  /** Decode speed of each turn with reuse: shows how a longer context slows a step down. */
  trajectory_decode_tok_s?: number[];
  /** Greedy text with and without reuse agree (expected for fp32; q8 may differ, see the model README). */
  trajectory_same_text?: boolean;
}

/**
 * The tiny-model check (fp32, so the text must equal Node's exactly): 3 Search-R1 turns of 12
 * tokens with KV reuse, then a prompt that diverges inside the cached sequence, which makes the
 * adapter rewind (truncate) the cache — on WebGPU that cache lives in GPU buffers.
 */
export async function tinyCheck(llm: Llm): Promise<{ texts: string[]; cachedTokens: number[] }> {
  const run = await runSearchR1(llm, { turns: 3, maxTokens: 12 });
  const user = DECODE_PROMPT.messages[0]!;
  const diverged = await llm.generate(
    {
      messages: [user, { role: 'assistant', content: `<think> elsewhere </think>${informationBlock(2)}` }],
      continueFinal: true,
    },
    { maxTokens: 12 },
  );
  const turns = [...run.turns, diverged];
  return { texts: turns.map((t) => t.text), cachedTokens: turns.map((t) => t.cachedTokens ?? 0) };
}

/** The user turn every decode measurement uses: Search-R1's prompt (≈140 tokens). */
export const DECODE_PROMPT = {
  messages: [{ role: 'user' as const, content: searchR1Prompt(SEARCH_R1_QUESTION) }],
};

export async function measure(
  t: MeasureTarget,
  o: MeasureOptions,
  log: (message: string) => void,
): Promise<Measured> {
  await t.setReuseCache(false);
  const first = await t.llm.generate(DECODE_PROMPT, { maxTokens: 1 });
  log(`first call: ttft ${first.ttftMs?.toFixed(0)} ms for ${first.tokensIn} prompt tokens`);
  const runs: number[] = [];
  let out: Measured | undefined;
  for (let i = 0; i < (o.decodeRuns ?? 2); i++) {
    const s0 = await t.stats();
    const r = await t.llm.generate(DECODE_PROMPT, { maxTokens: o.decodeTokens });
    const s1 = await t.stats();
    const decodeMs = r.ms - (r.ttftMs ?? 0);
    const steps = Math.max(1, r.tokensOut - 1);
    // The first forward is the prefill (≈ this run's time to first token); the decode steps are the rest.
    const forwardPerToken = Math.max(0, s1.forwardMs - s0.forwardMs - (r.ttftMs ?? 0)) / steps;
    runs.push(decodeTokS(r.tokensOut, r.ms, r.ttftMs ?? 0));
    out = {
      prompt_tokens: first.tokensIn,
      ttft_ms_first_call: first.ttftMs ?? NaN,
      ttft_ms: NaN,
      decode_tokens: r.tokensOut,
      decode_tok_s: runs.at(-1)!,
      decode_tok_s_runs: runs,
      forward_ms_per_token: forwardPerToken,
      other_ms_per_token: Math.max(0, decodeMs / steps - forwardPerToken),
    };
    log(`decode ${out.decode_tok_s.toFixed(2)} tok/s`);
  }
  if (!out) throw new Error('decodeRuns must be at least 1');
  // Warm: V8 has tiered the hot WASM functions up by now.
  out.ttft_ms = (await t.llm.generate(DECODE_PROMPT, { maxTokens: 1 })).ttftMs ?? NaN;
  log(`warm ttft ${out.ttft_ms.toFixed(0)} ms`);
  if (o.decodeOnly) return out;

  await t.setReuseCache(true);
  const reuse = await runSearchR1(t.llm, { turns: o.turns, maxTokens: o.turnTokens });
  log(`trajectory with KV reuse: ${reuse.ms.toFixed(0)} ms`);
  await t.setReuseCache(false);
  const fresh = await runSearchR1(t.llm, { turns: o.turns, maxTokens: o.turnTokens });
  log(`trajectory recomputing the prefix: ${fresh.ms.toFixed(0)} ms`);
  return {
    ...out,
    trajectory_ms_reuse: reuse.ms,
    trajectory_ms_noreuse: fresh.ms,
    reuse_speedup: fresh.ms / reuse.ms,
    trajectory_tokens_in: reuse.turns.map((x) => x.tokensIn),
    trajectory_cached_tokens: reuse.turns.map((x) => x.cachedTokens ?? 0),
    trajectory_decode_tok_s: reuse.turns.map((x) => decodeTokS(x.tokensOut, x.ms, x.ttftMs ?? 0)),
    trajectory_same_text: reuse.turns.every((x, i) => x.text === fresh.turns[i]?.text),
  };
}
