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

/** A value still to check, with the key it sits under and its parent (its path is built only if it fails). */
interface Frame {
  v: unknown;
  depth: number;
  key: string | number;
  up: Frame | null;
}

/** A frame's dotted path: keys on the first 6 levels, then `.…` once. */
function pathOf(f: Frame): string {
  const keys: Array<string | number> = [];
  for (let at: Frame | null = f; at?.up; at = at.up) keys.push(at.key);
  let path = '';
  for (let d = 0; d < keys.length; d++) {
    const k = String(keys[keys.length - 1 - d]);
    path = d < 6 ? (path ? `${path}.${k}` : k) : path.endsWith('…') ? path : `${path}.…`;
  }
  return path;
}

/** Characters of an array index's name (`String(i).length`). */
const indexChars = (i: number): number => (i < 10 ? 1 : i < 100 ? 2 : i < 1000 ? 3 : String(i).length);

/**
 * Null when `value` is within the storage limits, else what is wrong and where. Walks the value in
 * the order it always has (the same problem is reported first); the path of a value is made only
 * when it is reported, not for every value walked.
 */
export function checkStorable(value: unknown): StorableProblem | null {
  const stack: Frame[] = [{ v: value, depth: 0, key: '', up: null }];
  let chars = 0;
  while (stack.length) {
    const f = stack.pop() as Frame;
    const v = f.v;
    if (typeof v === 'string') chars += v.length;
    if (v === null || typeof v !== 'object') continue;
    if (f.depth >= MAX_NESTING) {
      const path = pathOf(f);
      return {
        message: `nested deeper than ${MAX_NESTING} levels; Hopscope cannot store it`,
        ...(path ? { field: path } : {}),
      };
    }
    const depth = f.depth + 1;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        chars += indexChars(i);
        stack.push({ v: v[i] as unknown, depth, key: i, up: f });
      }
    } else {
      const rec = v as Record<string, unknown>;
      for (const k of Object.keys(rec)) {
        chars += k.length;
        stack.push({ v: rec[k], depth, key: k, up: f });
      }
    }
    if (chars > MAX_STORED_CHARS)
      return {
        message: `larger than ${MAX_STORED_CHARS.toLocaleString('en-US')} characters; Hopscope cannot store it`,
      };
  }
  return null;
}
