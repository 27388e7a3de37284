import { describe, expect, it } from 'vitest';
import { resultBatch, sqlTypeOfArrow } from './arrow-types';

describe('a result typed from its Arrow types', () => {
  it('keeps numbers as numbers and the rest as text', () => {
    expect(
      [
        'Utf8',
        'LargeUtf8',
        'Bool',
        'Int8',
        'Int16',
        'Int32',
        'Uint16',
        'Int64',
        'Uint32',
        'Float32',
        'Float64',
      ].map(sqlTypeOfArrow),
    ).toEqual([
      'VARCHAR',
      'VARCHAR',
      'BOOLEAN',
      'INTEGER',
      'INTEGER',
      'INTEGER',
      'INTEGER',
      'DOUBLE',
      'DOUBLE',
      'DOUBLE',
      'DOUBLE',
    ]);
    expect(sqlTypeOfArrow('Decimal[18e3]')).toBe('DOUBLE');
    expect(sqlTypeOfArrow('Date32<DAY>')).toBe('VARCHAR');
    expect(sqlTypeOfArrow('List<Utf8>')).toBe('VARCHAR');
  });

  it('writes every cell in its column type, NULL kept', () => {
    const b = resultBatch({
      columns: [
        { name: 'id', type: 'Utf8' },
        { name: 'n', type: 'Float64' },
        { name: 'ok', type: 'Bool' },
        { name: 'tags', type: 'List<Utf8>' },
      ],
      rows: [
        ['a', 1.5, true, '["x"]'],
        [null, null, null, null],
      ],
    });
    expect(b.rows).toBe(2);
    expect(b.columns).toEqual([
      { name: 'id', type: 'VARCHAR', values: ['a', null] },
      { name: 'n', type: 'DOUBLE', values: [1.5, null] },
      { name: 'ok', type: 'BOOLEAN', values: [true, null] },
      { name: 'tags', type: 'VARCHAR', values: ['["x"]', null] },
    ]);
  });
});
