// One list of metric columns: the range filters are the table's columns less those named with a
// reason (query.ts NOT_RANGED), so every numeric column a real log's rows show can be ranged or
// says why it cannot.
import { describe, expect, it } from 'vitest';
import { tableRow } from '../../testing/table-row';
import { COLUMN_KEYS, type ColumnKey } from './columns';
import { NOT_RANGED, RANGE_KEYS, type SortKey, sortValue } from './query';
import { toRow, type TrajectoryRow } from './row';
import { hotpotTrajectories } from '../../testing/hotpot-log';

/** What a column shows of a row, as the table sorts it (undefined for a column it does not sort). */
function cell(r: TrajectoryRow, k: ColumnKey): unknown {
  return k === 'nearMiss' || k === 'sure' || k in r ? sortValue(r, k as Exclude<SortKey, 'file'>) : undefined;
}

describe('the range filters', () => {
  it('cover every numeric column, or the column is excluded with a reason', async () => {
    const rows = (await hotpotTrajectories()).map((t) => toRow(t));
    // A training sample, for the trainer's columns.
    rows.push(tableRow({ score: 0.5, trainStep: 3 }));
    const numeric = COLUMN_KEYS.filter((k) => rows.some((r) => typeof cell(r, k) === 'number'));
    expect(numeric).toContain('em');
    for (const k of numeric) {
      const reason: string | undefined = (NOT_RANGED as Partial<Record<ColumnKey, string>>)[k];
      expect({
        k,
        ranged: (RANGE_KEYS as readonly string[]).includes(k) || (reason ?? '').length > 0,
      }).toEqual({ k, ranged: true });
    }
  });

  it('are the columns in their order, less the excluded ones: each column is one or the other', () => {
    for (const k of COLUMN_KEYS)
      expect([k, (RANGE_KEYS as readonly string[]).includes(k)]).toEqual([k, !Object.hasOwn(NOT_RANGED, k)]);
    expect(RANGE_KEYS).toEqual(COLUMN_KEYS.filter((k) => (RANGE_KEYS as readonly string[]).includes(k)));
  });
});
