// Python's `json.dumps` writes NaN, Infinity and -Infinity for non-finite floats (`allow_nan` is
// its default), and JSON.parse rejects them. Trainers' dumps hold them where a reward term was
// undefined for a sample (veRL writes its rollout JSONL with json.dumps), so a JSONL line that only
// fails for them is read with each one as null instead of being lost.

/** Strings (skipped whole, so text that says NaN stays text) and the bare non-finite tokens. */
const TOKENS = /"(?:[^"\\]|\\.)*"|-?(?:NaN|Infinity)/g;

/**
 * `s` parsed with its bare NaN / Infinity / -Infinity read as null; undefined when it holds none,
 * still fails, or is itself one of them (a record that is a bare NaN is no record: it stays refused
 * as invalid JSON naming the NaN, not read as null).
 */
export function parseWithNonFinite(s: string): unknown {
  let replaced = false;
  const fixed = s.replace(TOKENS, (m) => {
    if (m[0] === '"') return m;
    replaced = true;
    return 'null';
  });
  if (!replaced) return undefined;
  try {
    const v = JSON.parse(fixed) as unknown;
    return v !== null && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}
