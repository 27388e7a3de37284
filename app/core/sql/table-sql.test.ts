// The contract between the table's two paths: for many TableQuery values, the SQL of table-sql.ts
// run in DuckDB-WASM (the CLI's Node engine, the engine the page's SQL worker runs) over rows of
// the real logs, the demo set and a generated training run gives the same ids in the same order,
// the same totals, filter choices and aggregates as the JS path (core/table/query). A change to
// either side that the other does not follow fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as arrow from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDuckDB } from '../../cli/sql/duckdb';
import { renderDemoFiles } from '../../demo/build-demo';
import { generateStep } from '../../testing/training-run-generator';
import { type Collection, DEMO_COLLECTION, inScope, trainingCollection } from '../collections/collection';
import { importAll, stringChunks } from '../importers/pipeline';
import { aggregateByFile, type Aggregate } from '../table/aggregate';
import { tableFacets } from '../table/facets';
import {
  type Filters,
  foldCase,
  foldedOrder,
  NO_FILTERS,
  RANGE_KEYS,
  SORT_KEYS,
  type TableQuery,
  tableView,
} from '../table/query';
import { type TrajectoryRow, toRow } from '../table/row';
import { batchToIpc } from './arrow-columns';
import { SqlTables } from './columns';
import { createTableSql } from './ddl';
import {
  aggregatesOfRows,
  facetsOfRows,
  type SqlStatement,
  tableAggregatesSql,
  tableCountSql,
  tableFacetsSql,
  tableIdsSql,
} from './table-sql';

const SHARED = resolve('..', 'shared', 'data', 'trajectories');
const LOGS: Collection = { id: 'import-logs', name: 'logs', kind: 'import', createdAt: '' };
const RUN = trainingCollection('r7');
const COLLECTIONS: Collection[] = [
  LOGS,
  { ...DEMO_COLLECTION, createdAt: '' },
  { ...RUN, createdAt: '' },
  { id: 'import-odd', name: 'odd', kind: 'import', createdAt: '' },
];

async function rowsOf(text: string, file: string, collection: string, format?: string) {
  const ts = (await importAll(stringChunks(text), { file, ...(format ? { format } : {}) })).trajectories;
  return ts.map((t) => ({ ...toRow(t), collection }));
}

/** Rows no log has: unicode and quotes in text, NaN, unknown confidence, equal file and line. */
function oddRows(base: TrajectoryRow): TrajectoryRow[] {
  const odd = (id: string, over: Partial<TrajectoryRow>): TrajectoryRow => ({
    ...base,
    id,
    file: 'odd.jsonl',
    collection: 'import-odd',
    ...over,
  });
  return [
    odd('o1', { question: 'İstanbul’s “mayor”?', answer: "O'Brien", line: 1, strategy: 'Ünïcode' }),
    odd('o2', { question: 'emoji 😀 question', answer: 'a\u{fffd}b', line: 1, f1: Number.NaN }),
    odd('o3', { question: 'Zebra', answer: '%_\\', line: 2, sure: null, judge: Number.NaN }),
    odd('o4', { question: 'apple', answer: "'; DROP TABLE trajectories; --", line: 2, recall: Number.NaN }),
    odd('o5', { question: '', answer: '', gold: '', line: 3, em: null, f1: null, score: -1.5 }),
    odd('o6', { question: 'ﬀ ligature', file: 'Odd.jsonl', line: 0, live: true, run: '', trainStep: 0 }),
    // Case: equal lower-cased, a word-final sigma, a dotted capital I mid-word, titlecase ǅ.
    odd('o7', { question: 'Apple', answer: 'ΟΔΟΣ', line: 4, strategy: 'ǅemal' }),
    odd('o8', { question: 'APPLE', answer: 'οδος', line: 5, strategy: 'džemal', file: 'ODD.jsonl' }),
    odd('o9', { question: 'izmİr', answer: 'ıi', line: 6, strategy: 'İz' }),
    // File names with numbers sort by value (fileKey): 2 before 02's tie, 10, and a 25-digit run.
    odd('o10', { file: 'odd/10.jsonl', line: 1 }),
    odd('o11', { file: 'odd/2.jsonl', line: 1 }),
    odd('o12', { file: 'Odd/02.jsonl', line: 1 }),
    odd('o13', { file: `odd/${'9'.repeat(25)}.jsonl`, line: 1 }),
    odd('o14', { file: `odd/${'9'.repeat(24)}8.jsonl`, line: 1 }),
  ];
}

const rows: TrajectoryRow[] = [];
let run: (s: SqlStatement) => Array<Record<string, unknown>>;
let close = () => {};

beforeAll(async () => {
  for (const name of readdirSync(SHARED).sort())
    rows.push(...(await rowsOf(readFileSync(join(SHARED, name), 'utf8'), name, LOGS.id)));
  for (const [name, text] of Object.entries(renderDemoFiles()))
    if (/\.jsonl?$/.test(name)) rows.push(...(await rowsOf(text, name, DEMO_COLLECTION.id)));
  const lines = [1, 2, 3].flatMap(
    (s) => generateStep(s, s - 1, { steps: 3, samplesPerStep: 24, seed: 5 }).lines,
  );
  rows.push(...(await rowsOf(`${lines.join('\n')}\n`, 'r7/1.jsonl', RUN.id, 'verl')));
  rows.push(...oddRows(rows[0] as TrajectoryRow));
  const { db, conn } = await nodeDuckDB();
  conn.query(createTableSql('trajectories'));
  const t = new SqlTables();
  for (const r of rows) t.addRow(r);
  conn.insertArrowFromIPCStream(batchToIpc(arrow, t.batches.trajectories), {
    name: 'trajectories',
    create: false,
  });
  run = (s) => {
    const st = conn.prepare(s.sql);
    try {
      return st
        .query(...s.params)
        .toArray()
        .map((r) => r.toJSON() as Record<string, unknown>);
    } finally {
      st.close();
    }
  };
  close = () => {
    conn.close();
    db.reset();
  };
}, 120_000);

afterAll(() => close());

const q = (
  filters: Partial<Filters>,
  sort: TableQuery['sort'] = null,
  extra: Partial<TableQuery> = {},
): TableQuery => ({
  filters: { ...NO_FILTERS, ...filters },
  sort,
  groupByFile: false,
  status: {},
  ...extra,
});

/** The JS path, as the table worker runs it: the scope, then tableView, facets and aggregates. */
function js(query: TableQuery) {
  const scoped = inScope(rows, query.filters.collections, COLLECTIONS, query.filters.run);
  const v = tableView(scoped, query);
  return {
    total: scoped.length,
    ids: v.ids,
    facets: tableFacets(scoped),
    aggregates: aggregateByFile(v.filtered),
  };
}

function sql(query: TableQuery) {
  const counts = run(tableCountSql(query, COLLECTIONS))[0] as Record<string, unknown>;
  return {
    total: Number(counts.total),
    count: Number(counts.count),
    ids: run(tableIdsSql(query, COLLECTIONS)).map((r) => r.id as string),
    facets: facetsOfRows(run(tableFacetsSql(query.filters, COLLECTIONS))),
    aggregates: aggregatesOfRows(run(tableAggregatesSql(query, COLLECTIONS))),
  };
}

/** Aggregates equal up to the last bits of a sum (DuckDB adds in another order). */
function sameAggregates(a: Aggregate[], b: Aggregate[], label: string) {
  const round = (list: Aggregate[]) =>
    JSON.stringify(list, (_, v) =>
      typeof v === 'number' ? (Number.isNaN(v) ? 'NaN' : Number(v.toPrecision(12))) : v,
    );
  expect(round(a), label).toBe(round(b));
}

function same(query: TableQuery, label = JSON.stringify(query)) {
  const a = js(query);
  const b = sql(query);
  expect(b.ids, label).toEqual(a.ids);
  expect([b.total, b.count], label).toEqual([a.total, a.ids.length]);
  expect(b.facets, label).toEqual(a.facets);
  sameAggregates(b.aggregates, a.aggregates, label);
  return a;
}

const STATUS: TableQuery['status'] = {};
const JUDGED: NonNullable<TableQuery['judged']> = {};

describe('the table as SQL gives what the JS path gives', () => {
  it('has rows of every kind to compare on', () => {
    expect(rows.length).toBeGreaterThan(150);
    expect(new Set(rows.map((r) => r.collection)).size).toBe(4);
    expect(rows.some((r) => r.flags.length > 0) && rows.some((r) => r.sure !== null)).toBe(true);
    rows.slice(0, 40).forEach((r, i) => (STATUS[r.id] = i % 2 ? 'done' : 'partial'));
    const unsure = rows.filter((r) => r.sure && r.sure.unsureSearches.length > 0);
    unsure.slice(0, 6).forEach((r, i) => (JUDGED[r.id] = i % 2 ? 'agrees' : 'disagrees'));
  });

  // 84 views of four statements each, every one building each row's file key: 51-95 s on the
  // loaded 2-core machine, past the 60 s default.
  it('sorts by every key both ways, ties in file order', () => {
    for (const key of SORT_KEYS)
      for (const dir of [1, -1] as const) {
        for (const c of [null, [LOGS.id, DEMO_COLLECTION.id, RUN.id, 'import-odd']])
          expect(same(q({ collections: c }, { key, dir })).ids.length).toBeGreaterThan(0);
      }
    same(q({}));
  }, 240_000);

  it('filters by every kind, each value', () => {
    const all = { collections: COLLECTIONS.map((c) => c.id) };
    const values: Array<Partial<Filters>> = [
      { strategy: 'search-r1' },
      { strategy: 'Ünïcode' },
      { strategy: 'nothing' },
      { file: 'odd.jsonl' },
      { file: 'it\'s "quoted"' },
      ...[...new Set(rows.flatMap((r) => r.flags))].map((flag) => ({ flag })),
      ...(['none', 'partial', 'done'] as const).map((status) => ({ status })),
      ...(['correct', 'wrong', 'none'] as const).map((judge) => ({ judge })),
      ...(['all', 'some', 'zero', 'none'] as const).map((recall) => ({ recall })),
      ...(['yes', 'no', 'none'] as const).map((answerInDocs) => ({ answerInDocs })),
      ...(['yes', 'no'] as const).map((nearMiss) => ({ nearMiss })),
      ...(['sure', 'unsure'] as const).map((verdicts) => ({ verdicts })),
      ...(['disagrees', 'agrees', 'unjudged'] as const).map((judgeUnsure) => ({ judgeUnsure })),
      { run: 'r7' },
      { run: '' },
      { run: 'r7', trainStep: '2' },
      { trainStep: '0' },
      { trainStep: 'null' },
      ...[
        'who',
        'WHO',
        'the of',
        'İstanbul',
        '😀',
        "o'brien",
        '%',
        '_',
        '\\',
        '"mayor"',
        'ﬀ',
        '   ',
        'hotpot.jsonl:3',
        'drop table',
      ].map((text) => ({ text })),
    ];
    for (const f of values)
      for (const c of [null, all.collections]) {
        const query = q({ ...f, collections: c }, { key: 'f1', dir: -1 }, { status: STATUS, judged: JUDGED });
        same(query);
      }
  });

  it('filters by ranges, open, closed, inverted and non-finite', () => {
    for (const k of RANGE_KEYS)
      for (const r of [
        { min: 0.5, max: null },
        { min: null, max: 0 },
        { min: 1, max: 3 },
        { min: 3, max: 1 },
        { min: Number.NEGATIVE_INFINITY, max: null },
        { min: null, max: Number.POSITIVE_INFINITY },
        { min: Number.NaN, max: null },
        { min: null, max: null },
      ])
        same(q({ ranges: { [k]: r }, collections: null }, { key: 'question', dir: 1 }));
  });

  it('scopes by collection', () => {
    for (const collections of [null, [], ['demo'], [RUN.id], ['unknown'], [LOGS.id, RUN.id]])
      for (const run of [null, 'r7', ''])
        for (const sort of [null, { key: 'file', dir: -1 } as const])
          same(q({ collections, run }, sort), JSON.stringify({ collections, run, sort }));
  });

  it('agrees on random combinations', () => {
    let seed = 17;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    for (let i = 0; i < 80; i++) {
      const f: Partial<Filters> = {
        collections: pick([null, null, COLLECTIONS.map((c) => c.id), [LOGS.id]]),
        text: pick(['', '', '', 'who', 'a', 'the film']),
        strategy: pick(['', '', ...new Set(rows.map((r) => r.strategy))]),
        flag: pick(['', '', '', ...new Set(rows.flatMap((r) => r.flags))]),
        judge: pick(['', '', 'correct', 'wrong', 'none'] as const),
        recall: pick(['', '', 'all', 'some', 'zero', 'none'] as const),
        nearMiss: pick(['', '', '', 'yes', 'no'] as const),
        verdicts: pick(['', '', 'sure', 'unsure'] as const),
        status: pick(['', '', '', 'none', 'done'] as const),
        ranges: pick([
          {},
          {},
          { f1: { min: 0.2, max: 0.9 } },
          { rc: { min: 2, max: null }, em: { min: null, max: 0 } },
        ]),
      };
      const sort = pick([null, ...SORT_KEYS.map((key) => ({ key, dir: pick([1, -1] as const) }))]);
      same(q(f, sort, { status: STATUS, judged: JUDGED }));
    }
  });

  it('pages the ids with LIMIT and OFFSET', () => {
    const query = q({ collections: null }, { key: 'score', dir: -1 });
    const ids = js(query).ids;
    const page = run(tableIdsSql(query, COLLECTIONS, { limit: 25, offset: 30 })).map((r) => r.id);
    expect(page).toEqual(ids.slice(30, 55));
  });

  it('orders text case-insensitively, then by code point, as lower(col), col does', () => {
    const words = [
      'b',
      'B',
      'a',
      'é',
      'É',
      'e',
      '😀',
      '\u{fffd}',
      '',
      'ab',
      'Z',
      'apple',
      'Zebra',
      'İs',
      'iz',
    ];
    const byJs = [...words].sort(foldedOrder());
    const bySql = run({
      sql: `SELECT w FROM (VALUES ${words.map(() => '(?)').join(', ')}) AS v(w) ORDER BY lower(w), w`,
      params: words,
    }).map((r) => r.w);
    expect(byJs).toEqual(bySql);
    expect(byJs).toEqual([
      '',
      'a',
      'ab',
      'apple',
      'B',
      'b',
      'e',
      'İs',
      'iz',
      'Z',
      'Zebra',
      'É',
      'é',
      '\u{fffd}',
      '😀',
    ]);
  });

  it('lower-cases every code point as lower() does', () => {
    // Every code point the engine's lower() changes, and what to; foldCase must change the same.
    const changed = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => `${String(r.cp)}:${String(r.low)}`);
    const bySql = changed(
      run({
        sql: `SELECT cp, lower(chr(cp)) AS low FROM (SELECT CAST(n AS INTEGER) AS cp FROM range(1, 1114112) t(n))
              WHERE (cp < 55296 OR cp > 57343) AND lower(chr(cp)) <> chr(cp) ORDER BY cp`,
        params: [],
      }),
    );
    const byJs: string[] = [];
    for (let cp = 1; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      const low = foldCase(ch);
      if (low !== ch) byJs.push(`${cp}:${low}`);
    }
    expect(byJs.length).toBeGreaterThan(1000);
    expect(byJs).toEqual(bySql);
    // Whole strings fold per code point: no final-sigma rule, no dot added to İ.
    const texts = ['ΟΔΟΣ', 'İstanbul', 'ǅemal', 'STRASSE ẞ', 'Ⅻ'];
    const low = run({
      sql: `SELECT ${texts.map((_, i) => `lower($${i + 1}) AS w${i}`).join(', ')}`,
      params: texts,
    })[0] as Record<string, unknown>;
    expect(texts.map(foldCase)).toEqual(texts.map((_, i) => low[`w${i}`]));
  });
});
