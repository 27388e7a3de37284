// The table worker's view from SQL: wired as the page wires the two workers (two MessageChannels,
// client.ts), over a real log in a fake IndexedDB. Until the SQL worker holds the rows the table
// worker holds (after a reload, after an import batch) the view comes from the JS path, and starts
// the SQL worker's sync; once it does, from SQL, with the same ids, counts, facets and aggregates.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeDuckDB } from '../../cli/sql/duckdb';
import { newImportCollection } from '../../core/collections/collection';
import { importAll, stringChunks } from '../../core/importers/pipeline';
import { NO_FILTERS, type TableQuery } from '../../core/table/query';
import { putTrajectories } from '../../db/store';
import { freshDbPerTest } from '../../testing/fresh-db';
import { nodeSqlConnections } from '../../testing/node-sql-connection';
import { generateStep } from '../../testing/training-run-generator';
import { createSqlWorkerApi } from '../sql/api';
import { createTableWorkerApi } from './api';

freshDbPerTest();
const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((c) => c()));

const LOG = resolve('..', 'shared', 'data', 'trajectories', 'r1searcher_bamboogle_qwen.jsonl');

const nodeConnection = nodeSqlConnections(nodeDuckDB);

/** The two workers, joined as app/runtime/sql/client.ts joins them. */
function wired() {
  const table = createTableWorkerApi();
  const sql = createSqlWorkerApi({ open: nodeConnection, labels: async () => [] });
  const feed = new MessageChannel();
  table.connectSql(feed.port1);
  sql.connect(feed.port2);
  const answers = new MessageChannel();
  sql.serveTable(answers.port1);
  table.useSql(answers.port2);
  closers.push(() => {
    for (const p of [feed.port1, feed.port2, answers.port1, answers.port2]) p.close();
  });
  return { table, sql };
}

/** The view once the sync the table worker asked for has run (it answers from JS until then). */
async function untilSql(table: ReturnType<typeof createTableWorkerApi>, query: TableQuery) {
  for (let i = 0; i < 200; i++) {
    const v = await table.view(query);
    if (v.source === 'sql') return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the SQL worker never caught up');
}

const q = (over: Partial<TableQuery['filters']>, sort: TableQuery['sort']): TableQuery => ({
  filters: { ...NO_FILTERS, ...over },
  sort,
  groupByFile: true,
  status: {},
});

describe('the table view from SQL', () => {
  it('answers from SQL once it holds the rows, the same view as JS; from JS while it is behind', async () => {
    const logs = newImportCollection('logs');
    const ts = (await importAll(stringChunks(readFileSync(LOG, 'utf8')), { file: 'bamboogle.jsonl' }))
      .trajectories;
    await putTrajectories(ts, logs);
    const lines = generateStep(1, 0, { steps: 1, samplesPerStep: 12, seed: 3 }).lines;
    const run = (
      await importAll(stringChunks(`${lines.join('\n')}\n`), { file: 'r/1.jsonl', format: 'verl' })
    ).trajectories;
    await putTrajectories(run);
    const { table } = wired();
    await table.load();
    const query0 = q({}, null);
    // Off by default (the JS path is faster, docs/benchmarks.md): JS answers and SQL is not asked.
    expect((await table.view(query0)).source).toBe('js');
    table.preferSql(true);
    const query = q({ text: 'who' }, { key: 'f1', dir: -1 });
    // Not loaded yet: JS answers, and the SQL worker is asked to catch up.
    expect((await table.view(query)).source).toBe('js');
    const fromSql = await untilSql(table, query);
    // Rows are paged from the SQL view.
    const first = table.items(fromSql.queryId, 0, 3);
    expect(first?.[0]).toEqual({ type: 'group', file: 'bamboogle.jsonl', count: fromSql.count });
    const fromJs = table.query(query);
    expect(fromSql.source).toBe('sql');
    expect(fromJs.source).toBe('js');
    const { queryId: _a, rowItems: ra, source: _s, ...a } = fromSql;
    const { queryId: _b, rowItems: rb, source: _t, ...b } = fromJs;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect([...ra]).toEqual([...rb]);
    // The default scope leaves the training run out, in SQL too.
    expect(fromSql.total).toBe(ts.length);
    // An import batch: JS until SQL replaced that batch's rows, then SQL with them.
    const more = ts.slice(0, 3).map((t) => ({ ...t, id: `${t.id}-again`, question: `${t.question} who` }));
    await putTrajectories(more, logs);
    await table.loadIds(more.map((t) => t.id));
    const behind = await table.view(query);
    expect(behind.source).toBe('js');
    const caughtUp = await untilSql(table, query);
    expect([caughtUp.source, caughtUp.count, caughtUp.total]).toEqual(['sql', behind.count, ts.length + 3]);
    expect(caughtUp.ids).toEqual(behind.ids);
  }, 120_000);
});
