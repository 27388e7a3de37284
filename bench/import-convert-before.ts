// The import's per-record functions as they were before branch import-cost (a7d3125), kept as the
// baseline `npm run bench -- import-convert` measures the current ones against in one process.
// eslint-disable-next-line no-control-regex -- NUL and RS are junk around a record.
export const stripBefore = (s: string) => s.replace(/^[\s\uFEFF\0\x1e]+|[\s\0\x1e]+$/g, '');

const MAX_NESTING = 256;
const MAX_STORED_CHARS = 128 * 1024 * 1024;

export function checkStorableBefore(value: unknown): { message: string; field?: string } | null {
  const stack: Array<{ v: unknown; depth: number; path: string }> = [{ v: value, depth: 0, path: '' }];
  let chars = 0;
  while (stack.length) {
    const { v, depth, path } = stack.pop() as { v: unknown; depth: number; path: string };
    if (typeof v === 'string') chars += v.length;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_NESTING) return { message: 'nested', ...(path ? { field: path } : {}) };
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [k, x] of entries) {
      chars += k.length;
      const p = depth < 6 ? (path ? `${path}.${k}` : k) : path.endsWith('…') ? path : `${path}.…`;
      stack.push({ v: x, depth: depth + 1, path: p });
    }
    if (chars > MAX_STORED_CHARS) return { message: 'large' };
  }
  return null;
}
