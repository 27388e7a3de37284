import { describe, expect, it } from 'vitest';
import { parseDelimited } from '../corpus/csv';
import { toCsv } from './to-csv';

describe('toCsv', () => {
  it('quotes commas, quotes, line breaks and edge spaces', () => {
    const csv = toCsv(
      ['name', 'value'],
      [
        ['a,b', 1],
        ['say "hi"', 0.25],
        ['two\nlines', null],
        [' padded', true],
        ['plain', undefined],
      ],
    );
    expect(csv).toBe(
      'name,value\r\n"a,b",1\r\n"say ""hi""",0.25\r\n"two\nlines",\r\n" padded",true\r\nplain,\r\n',
    );
  });

  it('round-trips through the CSV reader', () => {
    const rows = [
      ['x, y', 'He said "no"', 'multi\r\nline'],
      ['', 'ü — ok', '42'],
    ];
    const { rows: back, issues } = parseDelimited(toCsv(['a', 'b', 'c'], rows));
    expect(issues).toEqual([]);
    expect(back.map((r) => r.cells)).toEqual([['a', 'b', 'c'], ...rows]);
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv(['s', 'n'], [['=HYPERLINK("x")', -1]])).toBe('s,n\r\n"\'=HYPERLINK(""x"")",-1\r\n');
    expect(toCsv(['n'], [[Number.NaN]])).toBe('n\r\n\r\n');
  });
});
