// Two things every import needs from a parsed record, both without recursion so a value nested
// 100,000 deep (JSON.parse accepts it) cannot overflow the stack:
// - canonicalJson: one text per value whatever its key order and whitespace, for content ids;
// - checkStorable: the one depth/size rule for what Hopscope stores, so the CLI and the browser
//   (IndexedDB's structured clone fails on deep values) report the same records.

/** Deepest nesting stored; real agent logs stay under a few dozen levels. */
export const MAX_NESTING = 256;
/** Most characters (strings and keys) in one stored record. */
export const MAX_STORED_CHARS = 128 * 1024 * 1024;

class Lit {
  constructor(readonly s: string) {}
}

/** JSON with object keys sorted and no whitespace (what JSON.stringify omits, it omits too). */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v instanceof Lit) {
      out.push(v.s);
      continue;
    }
    if (Array.isArray(v)) {
      out.push('[');
      stack.push(new Lit(']'));
      for (let i = v.length - 1; i >= 0; i--) {
        const item: unknown = v[i];
        stack.push(item === undefined || typeof item === 'function' ? null : item);
        if (i > 0) stack.push(new Lit(','));
      }
      continue;
    }
    if (v !== null && typeof v === 'object') {
      const rec = v as Record<string, unknown>;
      const keys = Object.keys(rec)
        .filter((k) => rec[k] !== undefined && typeof rec[k] !== 'function')
        .sort();
      out.push('{');
      stack.push(new Lit('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        stack.push(rec[k]);
        stack.push(new Lit(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`));
      }
      continue;
    }
    out.push(JSON.stringify(v) ?? 'null');
  }
  return out.join('');
}

export interface StorableProblem {
  message: string;
  /** Dotted path to where the limit was crossed (first levels only). */
  field?: string;
}

/** Null when `value` is within the storage limits, else what is wrong and where. */
export function checkStorable(value: unknown): StorableProblem | null {
  const stack: Array<{ v: unknown; depth: number; path: string }> = [{ v: value, depth: 0, path: '' }];
  let chars = 0;
  while (stack.length) {
    const { v, depth, path } = stack.pop() as { v: unknown; depth: number; path: string };
    if (typeof v === 'string') chars += v.length;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_NESTING)
      return {
        message: `nested deeper than ${MAX_NESTING} levels; Hopscope cannot store it`,
        ...(path ? { field: path } : {}),
      };
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [k, x] of entries) {
      chars += k.length;
      // Paths are kept for the first levels only, so a deep walk stays linear.
      const p = depth < 6 ? (path ? `${path}.${k}` : k) : path.endsWith('…') ? path : `${path}.…`;
      stack.push({ v: x, depth: depth + 1, path: p });
    }
    if (chars > MAX_STORED_CHARS)
      return {
        message: `larger than ${MAX_STORED_CHARS.toLocaleString('en-US')} characters; Hopscope cannot store it`,
      };
  }
  return null;
}
