// Python's `json.dumps` writes NaN, Infinity and -Infinity for non-finite floats (`allow_nan` is
// its default), and JSON.parse rejects them. Trainers' dumps hold them where a reward term was
// undefined for a sample (veRL writes its rollout JSONL with json.dumps), so a JSONL line that only
// fails for them is read with each one as null instead of being lost. A numeral that overflows a
// double (`1e999`) parses, as Infinity: it is read as null too, the same rule.

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

/**
 * A numeral too large for a double (`1e999`, `-1E+400`, 309 digits) is read by JSON.parse as
 * ±Infinity, where Python's `float()` gives `inf` too. Such text holds an exponent of three or more
 * digits or a run of 309 digits; only then is a parsed value walked (a false match costs a walk).
 */
const MAYBE_OVERFLOW = /\d[eE]\+?\d{3}|\d{309}/;

/**
 * Every ±Infinity inside the object or array `v` (parsed from `text`) set to null, in place, as a
 * bare Infinity is read: one rule for every non-finite number. Whether any was.
 */
export function nullOverflowed(v: unknown, text: string): boolean {
  if (v === null || typeof v !== 'object' || !MAYBE_OVERFLOW.test(text)) return false;
  let replaced = false;
  const stack: object[] = [v];
  for (let o = stack.pop(); o !== undefined; o = stack.pop()) {
    const entries = o as Record<string, unknown>;
    for (const k of Object.keys(entries)) {
      const x = entries[k];
      if (typeof x === 'number' && !Number.isFinite(x)) {
        entries[k] = null;
        replaced = true;
      } else if (x !== null && typeof x === 'object') stack.push(x);
    }
  }
  return replaced;
}
