import { describe, expect, it } from 'vitest';
import { FacetCounts, tableFacets } from './facets';
import { mergeRowChanges, mergeRows } from './merge-rows';
import type { TrajectoryRow } from './row';

const row = (id: string, question = id) => ({ id, question }) as TrajectoryRow;
const ids = (rs: readonly TrajectoryRow[]) => rs.map((r) => `${r.id}:${r.question}`);

describe('mergeRows', () => {
  it('replaces rows in place, adds new ones in id order and drops those gone, leaving the rest', () => {
    const rows = [row('b'), row('d'), row('f'), row('h')];
    const fresh = new Map([
      ['d', row('d', 'd2')],
      ['i', row('i')],
      ['a', row('a')],
      ['e', row('e')],
    ]);
    expect(ids(mergeRows(rows, ['i', 'd', 'f', 'a', 'e'], fresh))).toEqual([
      'a:a',
      'b:b',
      'd:d2',
      'e:e',
      'h:h',
      'i:i',
    ]);
    expect(ids(rows)).toEqual(['b:b', 'd:d', 'f:f', 'h:h']);
  });

  it('an id asked twice is one row; ids with no row and not stored change nothing', () => {
    const rows = [row('a')];
    const fresh = new Map([['n', row('n')]]);
    expect(ids(mergeRows(rows, ['n', 'n', 'x'], fresh))).toEqual(['a:a', 'n:n']);
    expect(mergeRows([], [], new Map())).toEqual([]);
  });

  it('says what changed, and running facets kept from it equal a full pass', () => {
    const full = (id: string, strategy: string, file: string, flags: string[], live = false) =>
      ({ id, question: id, strategy, file, flags, live }) as unknown as TrajectoryRow;
    const rows = [full('b', 'r1', 'x.jsonl', ['loop']), full('d', 'apex', 'y.jsonl', [], true)];
    const facets = new FacetCounts();
    facets.reset(rows);
    const fresh = new Map([
      ['d', full('d', 'r1', 'x.jsonl', ['loop', 'long'])],
      ['e', full('e', 'qagent', 'z.jsonl', [])],
    ]);
    const m = mergeRowChanges(rows, ['d', 'e', 'gone'], fresh);
    expect(ids(m.before)).toEqual(['d:d']);
    expect(ids(m.after)).toEqual(['d:d', 'e:e']);
    facets.change(m.before, m.after);
    // y.jsonl, apex and the live row went with d's old row.
    expect(facets.facets()).toEqual(tableFacets(m.rows));
    expect(facets.facets()).toEqual({
      strategies: ['qagent', 'r1'],
      files: ['x.jsonl', 'z.jsonl'],
      flags: ['long', 'loop'],
      anyLive: false,
    });
  });

  it('equals a pass over every row on random batches, reading ids only near the batch’s', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const key = () =>
      Math.floor(rand() * 4000)
        .toString(36)
        .padStart(3, '0');
    // The merge as a pass over every row: keep, replace or drop each, then add the new in id order.
    const full = (
      rows: readonly TrajectoryRow[],
      batch: readonly string[],
      fresh: Map<string, TrajectoryRow>,
    ) => {
      const touched = new Set(batch);
      const kept = rows.flatMap((r) =>
        touched.has(r.id) ? (fresh.has(r.id) ? [fresh.get(r.id)!] : []) : [r],
      );
      const known = new Set(rows.map((r) => r.id));
      const added = [...touched].filter((id) => !known.has(id) && fresh.has(id)).map((id) => fresh.get(id)!);
      return [...kept, ...added].sort((a, b) => (a.id < b.id ? -1 : 1));
    };
    let rows: TrajectoryRow[] = [];
    for (let round = 0; round < 60; round++) {
      const batch = Array.from({ length: 1 + Math.floor(rand() * 30) }, key);
      const fresh = new Map(batch.filter(() => rand() < 0.85).map((id) => [id, row(id, `${id}@${round}`)]));
      const m = mergeRowChanges(rows, batch, fresh);
      expect(ids(m.rows)).toEqual(ids(full(rows, batch, fresh)));
      const replaced = new Set(m.before.map((r) => r.id));
      expect(ids(m.after)).toEqual(
        ids(
          [...fresh.values()]
            .filter((r) => replaced.has(r.id))
            .sort((a, b) => (a.id < b.id ? -1 : 1))
            .concat(
              [...new Set(batch)]
                .filter((id) => !replaced.has(id) && fresh.has(id))
                .map((id) => fresh.get(id)!),
            ),
        ),
      );
      rows = m.rows;
    }
    expect(rows.length).toBeGreaterThan(500);

    // 20,000 rows and a batch of 8: the ids read are the batch's binary searches, not every row's.
    let reads = 0;
    const counted = (id: string) => {
      const r = { question: id } as TrajectoryRow;
      Object.defineProperty(r, 'id', { get: () => (reads++, id), enumerable: true });
      return r;
    };
    const big = Array.from({ length: 20_000 }, (_, i) => counted(`r${String(i).padStart(6, '0')}`));
    const batch = ['r000010', 'r019999', 'r010000x', 'r000500', 'z', 'a', 'r012345', 'r000001'];
    const fresh = new Map(batch.map((id) => [id, row(id, 'new')]));
    reads = 0;
    const m = mergeRowChanges(big, batch, fresh);
    expect(reads).toBeLessThan(batch.length * 2 * 16);
    expect(m.rows).toHaveLength(20_003);
    expect(m.rows[0]!.id).toBe('a');
    expect(m.rows.at(-1)!.id).toBe('z');
    expect(m.rows[10_002]!.id).toBe('r010000x');
    expect(m.before).toHaveLength(5);
  });
});
