import { describe, expect, it } from 'vitest';
import { toCsv } from '../table/to-csv';
import { aggregateByFile } from './aggregate';
import type { TrajectoryRow } from './row';
import { tableCsv } from './table-csv';

const row = (id: string, file: string, em: number | null, rc: number): TrajectoryRow =>
  ({
    id,
    question: `=q ${id}`,
    file,
    em,
    f1: em,
    acc: em,
    judge: null,
    recall: null,
    rc,
    flags: ['over-search'],
    eff: {
      searches: rc,
      redundant: 1,
      afterSufficiency: null,
      underSearch: 0,
      correct: em === null ? null : em,
      docs: 0,
      dupDocs: 0,
    },
  }) as unknown as TrajectoryRow;

describe('tableCsv', () => {
  const rows = [row('a', 'x.jsonl', 1, 2), row('b', 'x.jsonl', 0, 1), row('c', 'y.jsonl', null, 3)];
  const t = tableCsv(rows);

  it('writes one line per shown row, then the means the aggregates bar shows', () => {
    expect(t.rows.filter((r) => r[0] === 'trajectory').map((r) => r[2])).toEqual(['a', 'b', 'c']);
    const all = aggregateByFile(rows)[0];
    const emAll = t.rows.find((r) => r[0] === 'mean em (all shown)');
    expect(emAll?.[1]).toBe(2);
    expect(emAll?.[t.header.indexOf('em')]).toBe(all?.means.em.mean);
    const rcFiles = t.rows
      .filter((r) => r[0] === 'mean rc')
      .map((r) => [r[t.header.indexOf('file')], r[t.header.indexOf('rc')]]);
    expect(rcFiles).toEqual([
      ['x.jsonl', 1.5],
      ['y.jsonl', 3],
    ]);
  });

  it('adds the efficiency rates the aggregates bar shows, in the value column', () => {
    const line = t.rows.find((r) => r[0] === 'redundantRate (all shown)');
    expect(line?.[1]).toBe(6);
    expect(line?.[t.header.indexOf('value')]).toBe(3 / 6);
  });

  it('keeps question text from becoming a spreadsheet formula', () => {
    expect(toCsv(t.header, t.rows)).toContain(",'=q a,");
  });
});
