// Next-token choice and log-probabilities over one row of logits. Done here rather than through
// transformers.js's logits processors so a step touches the vocabulary once, in place.
import { mulberry32 } from '../../core/random';

/** Index of the largest value (the first one on ties, like argmax everywhere else). */
export function argmax(row: ArrayLike<number>): number {
  let best = 0;
  let max = -Infinity;
  for (let i = 0; i < row.length; i++) {
    const v = row[i]!;
    if (v > max) {
      max = v;
      best = i;
    }
  }
  return best;
}

/** A draw from softmax(row / temperature); `random` returns [0, 1). */
export function sample(row: ArrayLike<number>, temperature: number, random: () => number): number {
  let max = -Infinity;
  for (let i = 0; i < row.length; i++) max = Math.max(max, row[i]!);
  const weights = new Float64Array(row.length);
  let sum = 0;
  for (let i = 0; i < row.length; i++) {
    const w = Math.exp((row[i]! - max) / temperature);
    weights[i] = w;
    sum += w;
  }
  let r = random() * sum;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return argmax(row);
}

/** log softmax(row)[index], computed in float64. */
export function logProbAt(row: ArrayLike<number>, index: number): number {
  let max = -Infinity;
  for (let i = 0; i < row.length; i++) max = Math.max(max, row[i]!);
  let sum = 0;
  for (let i = 0; i < row.length; i++) sum += Math.exp(row[i]! - max);
  return row[index]! - max - Math.log(sum);
}

/** A small seedable generator for reproducible sampling in tests and benchmarks. */
export const seededRandom = mulberry32;
