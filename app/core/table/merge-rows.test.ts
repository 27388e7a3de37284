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
});
