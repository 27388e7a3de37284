// One list of metric columns: the range filters are the table's columns less those named with a
// reason (query.ts NOT_RANGED), so every numeric column a real log's rows show can be ranged or
// says why it cannot.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { tableRow } from '../../testing/table-row';
import { COLUMN_KEYS, type ColumnKey } from './columns';
import { NOT_RANGED, RANGE_KEYS, type SortKey, sortValue } from './query';
import { toRow, type TrajectoryRow } from './row';

const LOG = resolve('..', 'shared', 'data', 'trajectories', 'r1searcher_hotpotqa_llama_30.jsonl');

/** What a column shows of a row, as the table sorts it (undefined for a column it does not sort). */
function cell(r: TrajectoryRow, k: ColumnKey): unknown {
  return k === 'nearMiss' || k === 'sure' || k in r ? sortValue(r, k as Exclude<SortKey, 'file'>) : undefined;
}

describe('the range filters', () => {
  it('cover every numeric column, or the column is excluded with a reason', async () => {
    const text = readFileSync(LOG, 'utf8');
    const rows = (await importAll(stringChunks(text), { file: 'hotpot.jsonl' })).trajectories.map((t) =>
      toRow(t),
    );
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
    expect(RANGE_KEYS).toEqual([
      'em',
      'f1',
      'acc',
      'judge',
      'recall',
      'answerInDocs',
      'r3',
      'r5',
      'p3',
      'p5',
      'rc',
      'queries',
      'steps',
      'score',
      'trainStep',
    ]);
  });
});
