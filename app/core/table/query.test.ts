import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../annotations/annotation';
import type { FlagKind } from '../metrics/flags';
import {
  type Filters,
  filterRows,
  groupRows,
  isNearMiss,
  NEAR_MISS,
  NO_FILTERS,
  sortRows,
  statusById,
} from './query';
import type { TrajectoryRow } from './row';
import { ALL_SURE, tableRow } from '../../testing/table-row';

const row = (fields: Partial<TrajectoryRow> & Pick<TrajectoryRow, 'id'>) => tableRow(fields);

const A = row({
  id: 't_a',
  question: 'Where was Ilse Marrow born?',
  answer: 'Dunhollow',
  gold: 'Dunhollow',
  em: 1,
  rc: 3,
  file: 'apex.jsonl',
  flags: ['over-search'],
  judge: 1,
  recall: 1,
  answerInDocs: 1,
  searchText: 'apex.jsonl:1 · ilse marrow birthplace · dunhollow parish records',
});
const B = row({
  id: 't_b',
  question: 'Who founded Veltmark Press?',
  strategy: 'qagent',
  answer: 'Orrin Vale',
  gold: 'Ilse Marrow',
  em: 0,
  rc: 1,
  file: 'qagent.jsonl',
  // Hand-made: flags.ts emits 'near-miss' once that kind lands; the table reads it by name.
  flags: ['under-search', 'no-answer', NEAR_MISS as FlagKind],
  judge: 0,
  recall: 0.5,
  answerInDocs: 0,
});
const C = row({
  id: 't_c',
  question: 'Which river flows past Dunhollow?',
  answer: 'Sable Reach',
  rc: 2,
  file: 'apex.jsonl',
});
const D = row({
  id: 't_d',
  question: 'What year was Veltmark Press founded?',
  strategy: 'search-r1',
  system: 'flashrag',
  answer: '1871',
  gold: '1871',
  em: 1,
  rc: 4,
  file: 'fr.json',
  flags: ['repeated-query'],
  judge: 1,
  recall: 0,
  answerInDocs: 1,
  qid: 'test_0',
  searchText: 'fr.json:3 · test_0 · veltmark founding year · the press was founded by',
});
const ROWS = [A, B, C, D];
const AT = '2025-03-01T10:00:00.000Z';
const ANNOTATIONS = [
  makeAnnotation({
    trajectoryId: 't_a',
    stepId: 's1',
    label: 'over-search',
    annotator: 'ana',
    createdAt: AT,
  }),
  makeAnnotation({ trajectoryId: 't_a', label: 'verdict:over-searched', annotator: 'ana', createdAt: AT }),
  makeAnnotation({
    trajectoryId: 't_b',
    stepId: 's0',
    label: 'wrong-entity',
    annotator: 'ana',
    createdAt: AT,
  }),
];
const STATUS = statusById(ANNOTATIONS);
const NONE: Filters = NO_FILTERS;
const ids = (rows: readonly TrajectoryRow[]) => rows.map((r) => r.id);
const filter = (f: Partial<Filters>) => ids(filterRows(ROWS, { ...NONE, ...f }, STATUS));

describe('statusById', () => {
  it('gives each annotated trajectory its status and leaves the rest out', () => {
    expect([...STATUS]).toEqual([
      ['t_a', 'done'],
      ['t_b', 'partial'],
    ]);
  });
});

describe('filterRows', () => {
  it('keeps everything, in order, with no filter', () => {
    expect(filter({})).toEqual(['t_a', 't_b', 't_c', 't_d']);
  });

  it('filters by strategy, file and flag, and combines them', () => {
    expect(filter({ strategy: 'apex' })).toEqual(['t_a', 't_c']);
    expect(filter({ file: 'apex.jsonl', flag: 'over-search' })).toEqual(['t_a']);
    expect(filter({ flag: 'no-answer' })).toEqual(['t_b']);
    expect(filter({ strategy: 'qagent', file: 'apex.jsonl' })).toEqual([]);
  });

  it("opens the unnamed run's step only ('' is a run; null is no run filter)", () => {
    const runs = [
      row({ id: 'u3', run: '', trainStep: 3 }),
      row({ id: 'g3', run: 'grpo', trainStep: 3 }),
      row({ id: 'g4', run: 'grpo', trainStep: 4 }),
      row({ id: 'plain' }),
    ];
    const pick = (f: Partial<Filters>) => ids(filterRows(runs, { ...NONE, ...f }, STATUS));
    expect(pick({ run: '', trainStep: '3' })).toEqual(['u3']);
    expect(pick({ run: 'grpo', trainStep: '3' })).toEqual(['g3']);
    expect(pick({ run: null, trainStep: '3' })).toEqual(['u3', 'g3']);
    expect(pick({})).toEqual(['u3', 'g3', 'g4', 'plain']);
  });

  it('keeps rows within numeric ranges, bounds inclusive; a row without the value is not kept', () => {
    const rs = [
      row({ id: 'f0', f1: 0, rc: 1 }),
      row({ id: 'f5', f1: 0.5, rc: 2 }),
      row({ id: 'f9', f1: 0.9, rc: 5 }),
      row({ id: 'fx', f1: null, rc: 6 }),
    ];
    const pick = (ranges: Filters['ranges']) => ids(filterRows(rs, { ...NONE, ranges }, STATUS));
    expect(pick({ f1: { min: 0.5, max: null } })).toEqual(['f5', 'f9']);
    expect(pick({ f1: { min: null, max: 0.5 } })).toEqual(['f0', 'f5']);
    expect(pick({ rc: { min: 2, max: 5 } })).toEqual(['f5', 'f9']);
    // Two ranges: both must hold.
    expect(pick({ f1: { min: 0.5, max: null }, rc: { min: 3, max: null } })).toEqual(['f9']);
    // Open on both sides bounds nothing, so blanks stay too.
    expect(pick({ f1: { min: null, max: null } })).toEqual(['f0', 'f5', 'f9', 'fx']);
    // An empty range keeps nothing.
    expect(pick({ rc: { min: 5, max: 2 } })).toEqual([]);
  });

  it('filters by annotation status, unannotated rows counting as none', () => {
    expect(filter({ status: 'none' })).toEqual(['t_c', 't_d']);
    expect(filter({ status: 'partial' })).toEqual(['t_b']);
    expect(filter({ status: 'done' })).toEqual(['t_a']);
  });

  it('text search: every term, any case, over question, answer, gold, id and system', () => {
    expect(filter({ text: 'veltmark PRESS' })).toEqual(['t_b', 't_d']);
    expect(filter({ text: 'veltmark 1871' })).toEqual(['t_d']);
    expect(filter({ text: 'ilse' })).toEqual(['t_a', 't_b']); // t_b through its gold
    expect(filter({ text: 'flashrag' })).toEqual(['t_d']);
    expect(filter({ text: 't_c' })).toEqual(['t_c']);
    expect(filter({ text: '   ' })).toEqual(['t_a', 't_b', 't_c', 't_d']);
  });

  it('text search also reaches file:line, source ids, queries, titles and reasoning (searchText)', () => {
    expect(filter({ text: 'test_0' })).toEqual(['t_d']);
    expect(filter({ text: 'fr.json:3' })).toEqual(['t_d']);
    expect(filter({ text: 'PARISH records' })).toEqual(['t_a']);
    expect(filter({ text: 'founded' })).toEqual(['t_b', 't_d']); // t_b by question, t_d by reasoning
    // Terms may come from different fields: one from the question, one from the search text.
    expect(filter({ text: 'where birthplace' })).toEqual(['t_a']);
  });

  it('filters by the log’s judge verdict, rows without one counting as none', () => {
    expect(filter({ judge: 'correct' })).toEqual(['t_a', 't_d']);
    expect(filter({ judge: 'wrong' })).toEqual(['t_b']);
    expect(filter({ judge: 'none' })).toEqual(['t_c']);
  });

  it('filters by gold-passage recall: all, some, zero, or no gold passages', () => {
    expect(filter({ recall: 'all' })).toEqual(['t_a']);
    expect(filter({ recall: 'some' })).toEqual(['t_b']);
    expect(filter({ recall: 'zero' })).toEqual(['t_d']);
    expect(filter({ recall: 'none' })).toEqual(['t_c']);
  });

  it('filters by answer-in-docs and by near-miss', () => {
    expect(filter({ answerInDocs: 'yes' })).toEqual(['t_a', 't_d']);
    expect(filter({ answerInDocs: 'no' })).toEqual(['t_b']);
    expect(filter({ answerInDocs: 'none' })).toEqual(['t_c']);
    expect(filter({ nearMiss: 'yes' })).toEqual(['t_b']);
    expect(filter({ nearMiss: 'no' })).toEqual(['t_a', 't_c', 't_d']);
    expect(filter({ nearMiss: 'yes', judge: 'correct' })).toEqual([]);
  });

  it('filters by verdict confidence, and by the model judge on the unsure verdicts', () => {
    const unsure = { ...ALL_SURE, searches: 2, unsureSearches: [2], redundant: [2] };
    const rows = [
      row({ id: 'u1', sure: unsure }),
      row({ id: 'u2', sure: { ...ALL_SURE, under: 'unsure' } }),
      row({ id: 'u3', sure: { ...unsure, unsureSearches: [1, 2] } }),
      row({ id: 's1' }),
    ];
    const judged = new Map([
      ['u1', 'disagrees' as const],
      ['u2', 'agrees' as const],
    ]);
    const pick = (f: Partial<Filters>) => ids(filterRows(rows, { ...NO_FILTERS, ...f }, new Map(), judged));
    expect(pick({ verdicts: 'sure' })).toEqual(['s1']);
    expect(pick({ verdicts: 'unsure' })).toEqual(['u1', 'u2', 'u3']);
    expect(pick({ judgeUnsure: 'disagrees' })).toEqual(['u1']);
    expect(pick({ judgeUnsure: 'agrees' })).toEqual(['u2']);
    // Not judged: rows with an unsure verdict the judge has not read; an all-sure row never is.
    expect(pick({ judgeUnsure: 'unjudged' })).toEqual(['u3']);
    // Sorted by how many verdicts are unsure.
    expect(ids(sortRows(rows, { key: 'sure', dir: -1 }))).toEqual(['u3', 'u1', 'u2', 's1']);
  });
});

describe('sortRows', () => {
  it('without a sort, keeps file order: by file, then line', () => {
    const rows = [
      row({ id: 'x3', file: 'b.jsonl', line: 1 }),
      row({ id: 'x2', file: 'a.jsonl', line: 10 }),
      row({ id: 'x1', file: 'a.jsonl', line: 2 }),
    ];
    expect(ids(sortRows(rows, null))).toEqual(['x1', 'x2', 'x3']);
    expect(ids(sortRows(rows, { key: 'file', dir: -1 }))).toEqual(['x3', 'x2', 'x1']);
    expect(ids(rows)).toEqual(['x3', 'x2', 'x1']);
  });

  it('sorts numbers both ways, missing values last either way, ties in input order', () => {
    expect(ids(sortRows(ROWS, { key: 'em', dir: 1 }))).toEqual(['t_b', 't_a', 't_d', 't_c']);
    expect(ids(sortRows(ROWS, { key: 'em', dir: -1 }))).toEqual(['t_a', 't_d', 't_b', 't_c']);
    expect(ids(sortRows(ROWS, { key: 'rc', dir: -1 }))).toEqual(['t_d', 't_a', 't_c', 't_b']);
  });

  it('sorts by judge, recall, answer-in-docs and near-miss, missing values last', () => {
    expect(ids(sortRows(ROWS, { key: 'judge', dir: 1 }))).toEqual(['t_b', 't_a', 't_d', 't_c']);
    expect(ids(sortRows(ROWS, { key: 'recall', dir: -1 }))).toEqual(['t_a', 't_b', 't_d', 't_c']);
    expect(ids(sortRows(ROWS, { key: 'answerInDocs', dir: 1 }))).toEqual(['t_b', 't_a', 't_d', 't_c']);
    const atK = ROWS.map((r, i) => ({ ...r, p3: [0.5, null, 1 / 3, 0][i] ?? null }));
    expect(ids(sortRows(atK, { key: 'p3', dir: 1 }))).toEqual(['t_d', 't_c', 't_a', 't_b']);
    expect(ids(sortRows(atK, { key: 'p3', dir: -1 }))).toEqual(['t_a', 't_c', 't_d', 't_b']);
    expect(ids(sortRows(ROWS, { key: 'nearMiss', dir: -1 }))).toEqual(['t_b', 't_a', 't_c', 't_d']);
    expect(ROWS.map(isNearMiss)).toEqual([false, true, false, false]);
  });

  it('sorts text alphabetically and leaves its input alone', () => {
    const input = [...ROWS];
    expect(ids(sortRows(input, { key: 'question', dir: 1 }))).toEqual(['t_d', 't_a', 't_c', 't_b']);
    expect(ids(sortRows(input, { key: 'question', dir: -1 }))).toEqual(['t_b', 't_c', 't_a', 't_d']);
    expect(ids(input)).toEqual(['t_a', 't_b', 't_c', 't_d']);
  });

  it('sorts text case-insensitively, capitals first among equals, then in file order', () => {
    const rows = [
      row({ id: 'z', question: 'Zebra', file: 'a.jsonl', line: 1 }),
      row({ id: 'a', question: 'apple', file: 'a.jsonl', line: 2 }),
      row({ id: 'A', question: 'Apple', file: 'a.jsonl', line: 3 }),
      row({ id: 'b', question: 'banana', file: 'B.jsonl', line: 1 }),
      row({ id: 'a2', question: 'apple', file: 'a.jsonl', line: 0 }),
    ];
    expect(ids(sortRows(rows, { key: 'question', dir: 1 }))).toEqual(['A', 'a2', 'a', 'b', 'z']);
    expect(ids(sortRows(rows, { key: 'question', dir: -1 }))).toEqual(['z', 'b', 'a2', 'a', 'A']);
    // File names too: 'B.jsonl' after 'a.jsonl'.
    expect(ids(sortRows(rows, { key: 'file', dir: 1 }))).toEqual(['a2', 'z', 'a', 'A', 'b']);
  });

  it('sorts file names naturally, numbers by value: step 2 before step 10', () => {
    const files = ['run/10.jsonl', 'run/2.jsonl', 'Run/1.jsonl', 'run/02.jsonl', 'run/1b.jsonl', 'run.jsonl'];
    const rows = files.map((file, i) => row({ id: `f${i}`, file, line: 1 }));
    const order = ['run.jsonl', 'Run/1.jsonl', 'run/1b.jsonl', 'run/02.jsonl', 'run/2.jsonl', 'run/10.jsonl'];
    expect(sortRows(rows, null).map((r) => r.file)).toEqual(order);
    expect(sortRows(rows, { key: 'file', dir: -1 }).map((r) => r.file)).toEqual([...order].reverse());
    // Ties on any other key keep this file order too.
    expect(sortRows(rows, { key: 'em', dir: 1 }).map((r) => r.file)).toEqual(order);
  });
});

describe('groupRows', () => {
  it('lists rows flat when not grouping', () => {
    expect(groupRows(ROWS, false)).toEqual(ROWS.map((r) => ({ type: 'row', row: r })));
  });

  it('groups by file in order of first appearance, each header with its count', () => {
    const items = groupRows(ROWS, true).map((i) =>
      i.type === 'group' ? `# ${i.file} (${i.count})` : i.row.id,
    );
    expect(items).toEqual([
      '# apex.jsonl (2)',
      't_a',
      't_c',
      '# qagent.jsonl (1)',
      't_b',
      '# fr.json (1)',
      't_d',
    ]);
    expect(groupRows([], true)).toEqual([]);
  });
});
