import { describe, expect, it } from 'vitest';
import { tableRow } from '../../testing/table-row';
import { createSqlFeed } from './sql-feed';

describe('the table worker SQL feed', () => {
  it('says what changed since a generation: ids, or every row when a full read came between', () => {
    let rows = [tableRow({ id: 'a' })];
    const f = createSqlFeed(() => rows);
    expect(f.feed.changes(-1)).toMatchObject({ generation: 0, all: true });
    f.note('all');
    rows = [tableRow({ id: 'a' }), tableRow({ id: 'b' })];
    f.note(['b']);
    f.note(['a', 'b']);
    expect(f.feed.changes(1)).toEqual({ generation: 3, all: false, ids: ['b', 'a'], rows: 2 });
    expect(f.feed.changes(3)).toEqual({ generation: 3, all: false, ids: [], rows: 2 });
    expect(f.feed.changes(0).all).toBe(true);
    f.note('all');
    expect(f.feed.changes(3).all).toBe(true);
  });

  it('sends no batch read across a change, and the searches with their rows', () => {
    const rows = [tableRow({ id: 'a' }), tableRow({ id: 'b' })];
    const f = createSqlFeed(() => rows);
    f.note('all');
    expect(f.feed.batches(0, 0, 10)).toBeNull();
    expect(f.feed.batches(1, 1, 10)?.trajectories.rows).toBe(1);
    expect(f.feed.batchesOf(1, ['b', 'gone'])?.trajectories.columns[0]?.values).toEqual(['b']);
  });

  it('forgets old generations: a reader far behind rebuilds', () => {
    const f = createSqlFeed(() => []);
    for (let i = 0; i < 70; i++) f.note([`x${i}`]);
    expect(f.feed.changes(1).all).toBe(true);
    expect(f.feed.changes(60).all).toBe(false);
  });
});
