// McNemar's test for paired binary outcomes, in its exact (conditional binomial) form. Only the
// discordant pairs carry information: under H0 "A and B are equally often right", each of the
// n = b + c discordant pairs is A-only or B-only with probability 1/2, so b ~ Binomial(n, 1/2).
// Two-sided p = min(1, 2 · P(X ≤ min(b, c))) — McNemar (1947), Psychometrika 12(2):153–157;
// exact form as in Fagerland, Lydersen & Laake (2013), "The McNemar test for binary matched-pairs
// data", BMC Med. Res. Methodol. 13:91, §"The McNemar exact conditional test". Pure.

/** log(a + b) from log a and log b, without leaving log space. */
function logAdd(la: number, lb: number): number {
  if (la === Number.NEGATIVE_INFINITY) return lb;
  const hi = Math.max(la, lb);
  return hi + Math.log1p(Math.exp(Math.min(la, lb) - hi));
}

/** log P(X ≤ k) for X ~ Binomial(n, 1/2); the terms stay in log space so n in the thousands is fine. */
export function logBinomHalfCdf(k: number, n: number): number {
  if (k < 0) return Number.NEGATIVE_INFINITY;
  if (k >= n) return 0;
  const log2n = n * Math.LN2;
  let logC = 0; // log C(n, 0)
  let acc = -log2n;
  for (let i = 1; i <= k; i++) {
    logC += Math.log(n - i + 1) - Math.log(i);
    acc = logAdd(acc, logC - log2n);
  }
  return acc;
}

/**
 * Exact two-sided McNemar p-value from the discordant counts: `b` pairs right only under A, `c`
 * right only under B. p = 1 when there is no discordant pair (no evidence either way).
 */
export function mcnemarExact(b: number, c: number): number {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0)
    throw new RangeError(`McNemar counts must be non-negative integers (got ${b}, ${c})`);
  const n = b + c;
  if (n === 0) return 1;
  return Math.min(1, 2 * Math.exp(logBinomHalfCdf(Math.min(b, c), n)));
}
