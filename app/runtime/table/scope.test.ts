// The table worker scoped to the chosen collections: total, facets and aggregates are theirs, and
// the default choice leaves training runs out; the choice reads back from the table's link.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newImportCollection, trainingCollection } from '../../core/collections/collection';
import { buildTrajectory } from '../../core/schema/builder';
import { NO_FILTERS, type TableQuery } from '../../core/table/query';
import { decodeView, DEFAULT_VIEW, encodeView } from '../../core/table/view-url';
import { putTrajectories } from '../../db/store';
import { freshDbPerTest } from '../../testing/fresh-db';
import { createTableWorkerApi } from './api';

freshDbPerTest();

function trajectory(id: string, file: string, strategy: string, run?: string) {
  const t = buildTrajectory([
    {
      type: 'start',
      id,
      question: `question ${id}`,
      source: { kind: 'import', file, line: 1 },
      agent: { strategy, params: {} },
    },
    { type: 'answer', text: `answer ${id}` },
  ]);
  return run === undefined ? t : { ...t, training: { run, step: 1 } };
}

const q = (collections: string[] | null): TableQuery => ({
  filters: { ...NO_FILTERS, collections },
  sort: null,
  groupByFile: false,
  status: {},
});

describe('table scoped to collections', () => {
  it('counts, facets and aggregates only the chosen collections', async () => {
    const logs = newImportCollection('logs');
    await putTrajectories([trajectory('a', '10.jsonl', 'apex'), trajectory('b', '2.jsonl', 'apex')], logs);
    await putTrajectories([trajectory('t1', 'run/1.jsonl', 'verl', 'r1')]);
    const api = createTableWorkerApi();
    await api.load();
    const byDefault = api.query(q(null));
    expect([byDefault.total, byDefault.ids.sort()]).toEqual([2, ['a', 'b']]);
    // "All files" in natural order.
    expect(byDefault.facets.files).toEqual(['2.jsonl', '10.jsonl']);
    expect(byDefault.facets.strategies).toEqual(['apex']);
    const run = api.query(q([trainingCollection('r1').id]));
    expect([run.total, run.ids, run.facets.strategies]).toEqual([1, ['t1'], ['verl']]);
    expect(run.aggregates[0]?.count).toBe(1);
    const both = api.query(q([logs.id, trainingCollection('r1').id]));
    expect(both.total).toBe(3);
  });

  it('keeps the filter choices of the scope as batches come in, and after a change of scope', async () => {
    const logs = newImportCollection('logs');
    await putTrajectories([trajectory('a', 'a.jsonl', 'apex')], logs);
    const api = createTableWorkerApi();
    await api.load();
    expect(api.query(q(null)).facets.strategies).toEqual(['apex']);
    // An import's batches: a training run's rows (out of the default scope) and more logs.
    await putTrajectories([trajectory('t1', 'run/1.jsonl', 'verl', 'r1')]);
    await api.loadIds(['t1']);
    await putTrajectories([trajectory('b', 'b.jsonl', 'basic')], logs);
    await api.loadIds(['b']);
    const byDefault = api.query(q(null));
    expect([byDefault.total, byDefault.facets.strategies, byDefault.facets.files]).toEqual([
      2,
      ['apex', 'basic'],
      ['a.jsonl', 'b.jsonl'],
    ]);
    const run = trainingCollection('r1').id;
    expect(api.query(q([run])).facets.strategies).toEqual(['verl']);
    // A batch replacing a row of the chosen scope, then back to the default.
    await putTrajectories([trajectory('t2', 'run/2.jsonl', 'grpo', 'r1')]);
    await api.loadIds(['t2']);
    expect(api.query(q([run])).facets.strategies).toEqual(['grpo', 'verl']);
    expect(api.query(q(null)).facets.strategies).toEqual(['apex', 'basic']);
  });

  it("shows a training run's samples when the table is filtered to that run (a Training plot's point)", async () => {
    await putTrajectories([
      trajectory('a', 'a.jsonl', 'apex'),
      trajectory('t1', 'run/1.jsonl', 'verl', 'r1'),
    ]);
    const api = createTableWorkerApi();
    await api.load();
    const toRun = { ...q(null), filters: { ...NO_FILTERS, run: 'r1', trainStep: '1' } };
    const v = api.query(toRun);
    expect([v.total, v.ids, v.facets.strategies]).toEqual([2, ['t1'], ['apex', 'verl']]);
    // A choice made in the chooser is kept as it is.
    expect(api.query({ ...toRun, filters: { ...toRun.filters, collections: ['nothing'] } }).total).toBe(0);
  });

  it('keeps the choice in the link', () => {
    const view = { ...DEFAULT_VIEW, filters: { ...NO_FILTERS, collections: ['demo', 'import-x1'] } };
    const enc = encodeView(view);
    expect(enc).toBe('c=demo%2Cimport-x1');
    expect(decodeView(enc).view.filters.collections).toEqual(['demo', 'import-x1']);
    expect(decodeView('').view.filters.collections).toBeNull();
  });
});
