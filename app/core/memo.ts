// Memos of pure string functions, each emptied once it holds `limit` entries: the same texts
// (passages, gold aliases, titles) recur across the detectors of one trajectory, and across the
// rollouts of one question (RL runs sample 5 or more per question, the same questions each epoch);
// emptying bounds the memory without bookkeeping.

// While above 0, every memo computes afresh and stores nothing (withoutMemos).
let bypassed = 0;

/**
 * Runs `fn` with every memo here bypassed: the differential tests hold the results derived with
 * warm memos equal to those derived without any.
 */
export async function withoutMemos<T>(fn: () => T | Promise<T>): Promise<T> {
  bypassed++;
  try {
    return await fn();
  } finally {
    bypassed--;
  }
}

/** Characters of keys a memo holds at most (its values are about as long: ~2 MB each, one-byte text). */
export const MEMO_CHARS = 1 << 20;

/**
 * A memo keyed by a string: `memo(key, make)` is `make()`'s result for `key`, made once. Emptied
 * once it holds `limit` keys or `maxChars` characters of them; a key longer than a sixteenth of
 * that is never held (one huge passage would empty it each time).
 */
export function keyedMemo<T>(limit = 1024, maxChars = MEMO_CHARS): (key: string, make: () => T) => T {
  let memo = new Map<string, T>();
  let chars = 0;
  return (key, make) => {
    if (bypassed > 0 || key.length > maxChars / 16) return make();
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const out = make();
    if (memo.size >= limit || chars + key.length > maxChars) {
      memo = new Map();
      chars = 0;
    }
    memo.set(key, out);
    chars += key.length;
    return out;
  };
}

export function memoizeString<T>(
  fn: (s: string) => T,
  limit = 1024,
  maxChars = MEMO_CHARS,
): (s: string) => T {
  const memo = keyedMemo<T>(limit, maxChars);
  return (s) => memo(s, () => fn(s));
}
