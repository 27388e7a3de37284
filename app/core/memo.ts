// A memo of a string function's results, emptied once it holds `limit` entries: the same texts
// (passages, gold aliases) recur across the detectors of one trajectory, and emptying bounds the
// memory without bookkeeping.
export function memoizeString<T>(fn: (s: string) => T, limit = 1024): (s: string) => T {
  let memo = new Map<string, T>();
  return (s) => {
    const hit = memo.get(s);
    if (hit !== undefined) return hit;
    const out = fn(s);
    if (memo.size >= limit) memo = new Map();
    memo.set(s, out);
    return out;
  };
}
