// The agent bench's floor figures: Hopscope's decode speed over the same loop on onnxruntime-web
// alone (bench/agent-raw-pair.ts), and the verdict a release check reads (docs/benchmarks.md).
import type { RawPairResult } from './agent-raw-pair';
import { median } from './median';

/** What docs/benchmarks.md holds Hopscope's decoding to, against the runtime alone. */
export const RAW_TARGET = 0.9;

/** Median of the within-pair ratios Hopscope ÷ raw: a load that holds through a pair cancels. */
export function pairRatio(hopscope: readonly number[], raw: readonly number[]): number {
  if (hopscope.length !== raw.length) throw new Error('pairRatio: the runs do not pair up');
  return median(hopscope.map((h, i) => h / raw[i]!));
}

export interface RawFloor {
  ratio: number;
  decodeTokS: number;
  /** The raw loop read Hopscope's prompt tokens and wrote Hopscope's text: the same work. */
  sameTokens: boolean;
  runs: { raw: number[]; hopscope: number[] };
}

export function rawFloor(
  r: RawPairResult,
  prompt: { ids: readonly number[]; decode(ids: number[]): string },
): RawFloor {
  return {
    ratio: r.ratio,
    decodeTokS: r.raw_decode_tok_s,
    sameTokens:
      r.hopscope_prompt_tokens === prompt.ids.length && prompt.decode(r.raw_ids) === r.hopscope_text,
    runs: { raw: r.raw_tok_s, hopscope: r.hopscope_tok_s },
  };
}

/** Why the run fails, or null: different tokens always, a ratio under `min` when one is given. */
export function floorFailure(floor: RawFloor, min?: number): string | null {
  if (!floor.sameTokens)
    return 'the raw onnxruntime-web loop and Hopscope decoded different tokens: not the same work';
  if (min !== undefined && floor.ratio < min)
    return `Hopscope ÷ raw onnxruntime-web decode ${floor.ratio.toFixed(3)} is below --min-raw-ratio ${min}`;
  return null;
}
