import { describe, expect, it } from 'vitest';
import type { TrajectoryRow } from '../../core/table/row';
import { deriveInParts } from './pool';
import { rowPoolSize } from './client';

/** A row worker that answers after a delay (later parts may finish first). */
const worker =
  (key: string, ms: number, seen: number[][] = []) =>
  async (list: number[]) => {
    seen.push(list);
    await new Promise((r) => setTimeout(r, ms));
    return { key, rows: list.map((n) => ({ id: `t${n}` }) as TrajectoryRow) };
  };

describe('a batch’s rows derived by a pool', () => {
  it('splits the batch among the workers and joins the rows back in its order', async () => {
    const seen: number[][] = [];
    const list = Array.from({ length: 1000 }, (_, i) => i);
    const out = await deriveInParts(list, [
      worker('k', 30, seen),
      worker('k', 1, seen),
      worker('k', 10, seen),
    ]);
    expect(seen.map((p) => p.length)).toEqual([334, 334, 332]);
    expect(out.key).toBe('k');
    expect(out.rows.map((r) => r.id)).toEqual(list.map((n) => `t${n}`));
  });

  it('keeps a small batch in one part, and fails whole when a part fails', async () => {
    const seen: number[][] = [];
    await deriveInParts([1, 2, 3], [worker('k', 0, seen), worker('k', 0, seen)]);
    expect(seen).toEqual([[1, 2, 3]]);
    const failing = async () => {
      throw new Error('row worker failed');
    };
    const list = Array.from({ length: 200 }, (_, i) => i);
    await expect(deriveInParts(list, [worker('k', 0), failing])).rejects.toThrow('row worker failed');
  });

  it('gives parts derived under different question sets a key no write matches', async () => {
    const list = Array.from({ length: 200 }, (_, i) => i);
    expect((await deriveInParts(list, [worker('a', 0), worker('b', 0)])).key).toBe('');
  });

  it('has a worker for each core but the import worker’s, one at least, four at most', () => {
    expect([undefined, 1, 2, 3, 8, 64].map(rowPoolSize)).toEqual([1, 1, 1, 2, 4, 4]);
  });
});
