import { describe, expect, it } from 'vitest';
import { decodeView } from '../table/view-url';
import { joinSql, splitSql, tableHash } from './sql-url';

describe('SQL in the table link', () => {
  const sql = "SELECT id, f1\nFROM trajectories\nWHERE answer LIKE '%&sort=x%' -- 100% #1 +";

  it('round-trips any query text beside the view', () => {
    const q = joinSql('sort=-f1&strategy=qagent', sql);
    expect(splitSql(q)).toEqual({ view: 'sort=-f1&strategy=qagent', sql });
    expect(splitSql(`?${joinSql('', sql)}`)).toEqual({ view: '', sql });
    // The view decoder reads the view part as it did before a query sat beside it.
    expect(decodeView(splitSql(q).view).ignored).toEqual([]);
  });

  it('leaves a link without a query alone, and a blank query out', () => {
    expect(splitSql('?sort=f1')).toEqual({ view: 'sort=f1', sql: null });
    expect(joinSql('sort=f1', '  ')).toBe('sort=f1');
    expect(tableHash('', null)).toBe('#/');
    expect(tableHash('', 'SELECT 1')).toBe('#/?sql=SELECT+1');
  });
});
