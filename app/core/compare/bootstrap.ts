// Paired bootstrap of a mean difference: resample the per-question differences (B − A) with
// replacement, keep the mean of each resample, and read the percentile interval off their sorted
// means — Efron & Tibshirani (1993), An Introduction to the Bootstrap, §13.3 (percentile
// interval); applied to paired system outputs as in Koehn (2004), "Statistical Significance Tests
// for Machine Translation Evaluation", EMNLP, §4. Deterministic for a seed. Pure.
import { mulberry32 } from '../random';

export interface BootstrapOptions {
  /** Number of resamples (default 2000). */
  resamples?: number;
  /** PRNG seed (default 1): the same seed and data give the same interval. */
  seed?: number;
  /** Two-sided coverage (default 0.95). */
  level?: number;
}

export interface BootstrapInterval {
  /** Observed mean difference. */
  diff: number;
  lo: number;
  hi: number;
  resamples: number;
  seed: number;
  level: number;
}

/** Percentile interval of mean(diffs) by resampling; null when there is nothing to resample. */
export function pairedBootstrap(
  diffs: readonly number[],
  opts: BootstrapOptions = {},
): BootstrapInterval | null {
  const resamples = opts.resamples ?? 2000;
  const seed = opts.seed ?? 1;
  const level = opts.level ?? 0.95;
  const n = diffs.length;
  if (n === 0 || resamples < 1) return null;
  const rand = mulberry32(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diffs[Math.floor(rand() * n)] ?? 0;
    means[r] = sum / n;
  }
  means.sort();
  // Nearest-rank percentiles: the ⌈q·B⌉-th smallest resample mean.
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.ceil(q * resamples) - 1))] ?? 0;
  const tail = (1 - level) / 2;
  let sum = 0;
  for (const d of diffs) sum += d;
  return { diff: sum / n, lo: at(tail), hi: at(1 - tail), resamples, seed, level };
}
