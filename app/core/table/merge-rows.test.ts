import { describe, expect, it } from 'vitest';
import { mergeRows } from './merge-rows';
import type { TrajectoryRow } from './row';

const row = (id: string, question = id) => ({ id, question }) as TrajectoryRow;
const ids = (rs: readonly TrajectoryRow[]) => rs.map((r) => `${r.id}:${r.question}`);

describe('mergeRows', () => {
  it('replaces rows in place, appends new ones and drops those gone, leaving the rest', () => {
    const rows = [row('a'), row('b'), row('c'), row('d')];
    const fresh = new Map([
      ['b', row('b', 'b2')],
      ['e', row('e')],
    ]);
    expect(ids(mergeRows(rows, ['e', 'b', 'c'], fresh))).toEqual(['a:a', 'b:b2', 'd:d', 'e:e']);
    expect(ids(rows)).toEqual(['a:a', 'b:b', 'c:c', 'd:d']);
  });

  it('an id asked twice is one row; ids with no row and not stored change nothing', () => {
    const rows = [row('a')];
    const fresh = new Map([['n', row('n')]]);
    expect(ids(mergeRows(rows, ['n', 'n', 'x'], fresh))).toEqual(['a:a', 'n:n']);
    expect(mergeRows([], [], new Map())).toEqual([]);
  });
});
