/**
 * The last k in [0, n) with key(k) ≤ x, for keys that never decrease with k; -1 when there is
 * none. One binary search for the presenter's beat indexes and the timeline's row groups.
 */
export function lastAtOrBefore(n: number, key: (k: number) => number, x: number): number {
  let lo = 0;
  let hi = n - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(mid) <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
