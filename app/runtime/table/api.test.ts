// The table worker's API over a real (fake-indexeddb) store: a read, a query and its windows, the
// ids in id order for the trajectory page, a partial read after an import batch, and a view
// replaced by a newer query.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../../core/importers/pipeline';
import { buildTrajectory } from '../../core/schema/builder';
import { NO_FILTERS, type TableQuery } from '../../core/table/query';
import { getRows, putTrajectories } from '../../db/store';
import { freshDbPerTest } from '../../testing/fresh-db';
import { generateTrainingRun } from '../../testing/training-run-generator';
import { createTableWorkerApi, KEPT_VIEWS } from './api';

freshDbPerTest();

function trajectory(id: string, line: number, strategy: string) {
  return buildTrajectory([
    {
      type: 'start',
      id,
      question: `question ${id}`,
      source: { kind: 'import', file: 'log.jsonl', line },
      agent: { strategy, params: {} },
    },
    { type: 'answer', text: `answer ${id}` },
  ]);
}

const ALL: TableQuery = { filters: NO_FILTERS, sort: null, groupByFile: false, status: {} };

describe('table worker API', () => {
  it('reads the rows, answers a query by window, and lists every id in id order', async () => {
    await putTrajectories([
      trajectory('c', 1, 'apex'),
      trajectory('a', 3, 'direct'),
      trajectory('b', 2, 'apex'),
    ]);
    const api = createTableWorkerApi();
    expect(await api.load()).toBe(1);
    const view = api.query(ALL);
    // Unsorted is file order: by line.
    expect(view.ids).toEqual(['c', 'b', 'a']);
    expect([view.total, view.count, view.itemCount]).toEqual([3, 3, 3]);
    expect(view.facets.strategies).toEqual(['apex', 'direct']);
    const window = api.items(view.queryId, 1, 3)!;
    expect(window.map((it) => (it.type === 'row' ? it.row.id : it.file))).toEqual(['b', 'a']);
    // The search text stays in the worker.
    expect(window.every((it) => it.type === 'row' && it.row.searchText === '')).toBe(true);
    expect(api.ids()).toEqual(['a', 'b', 'c']);
    // Asking for the ids leaves the view's windows valid.
    expect(api.items(view.queryId, 0, 1)).toHaveLength(1);

    const apex = api.query({ ...ALL, filters: { ...NO_FILTERS, strategy: 'apex' } });
    expect(apex.ids).toEqual(['c', 'b']);
    // A view a newer query replaced stays readable (a table back on its cached view reads it)...
    expect(api.items(view.queryId, 0, 1)).toHaveLength(1);
    expect(api.csv(view.queryId).rows.filter((r) => r[0] === 'trajectory')).toHaveLength(3);
    // ...until KEPT_VIEWS newer ones have been computed.
    for (let i = 1; i < KEPT_VIEWS; i++) api.query(ALL);
    expect(api.items(view.queryId, 0, 1)).toBeNull();
    expect(() => api.csv(view.queryId)).toThrow(/export again/);
    expect(api.items(apex.queryId, 0, 1)).toHaveLength(1);
    const csv = api.csv(apex.queryId);
    const id = csv.header.indexOf('id');
    expect(csv.rows.filter((r) => r[0] === 'trajectory').map((r) => r[id])).toEqual(['c', 'b']);
  });

  it('answers the confidences of the rows it holds and names the ids it does not hold', async () => {
    await putTrajectories([trajectory('a', 1, 'apex'), trajectory('b', 2, 'apex')]);
    const api = createTableWorkerApi();
    await api.load();
    const { held, missing } = api.confidences(['b', 'gone', 'a']);
    expect(held.map(([id]) => id)).toEqual(['b', 'a']);
    // Each row's own confidence, as stored (toRow derived it).
    const stored = (await getRows(['b', 'a']))!;
    expect(held.map(([, c]) => c)).toEqual([stored.get('b')!.sure, stored.get('a')!.sure]);
    expect(missing).toEqual(['gone']);
  });

  it('reads only the ids an import stored, and drops an id that is gone', async () => {
    await putTrajectories([trajectory('a', 1, 'apex')]);
    const api = createTableWorkerApi();
    await api.load();
    await putTrajectories([trajectory('b', 2, 'apex')]);
    expect(await api.loadIds(['b', 'gone'])).toBe(2);
    expect(api.ids()).toEqual(['a', 'b']);
    expect(api.query(ALL).facets.files).toEqual(['log.jsonl']);
  });

  it('after an import batch, summarizes only the steps it stored (the others keep their summaries)', async () => {
    const steps = [...generateTrainingRun({ steps: 3, samplesPerStep: 20, seed: 3, malformedRate: 0 })];
    const stepTrajectories = async (k: number) =>
      (await importAll(stringChunks(steps[k]!.lines.join('\n')), { file: `grpo/${steps[k]!.file}` }))
        .trajectories;
    await putTrajectories([...(await stepTrajectories(0)), ...(await stepTrajectories(1))]);
    const api = createTableWorkerApi();
    await api.load();
    const before = api.trainingSummary();
    expect(before.map((s) => s.step)).toEqual([1, 2]);
    const third = await stepTrajectories(2);
    await putTrajectories(third);
    await api.loadIds(third.map((t) => t.id));
    const after = api.trainingSummary();
    expect(after.map((s) => s.step)).toEqual([1, 2, 3]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    // A full read gives the same numbers.
    await api.load();
    expect(api.trainingSummary()).toEqual(after);
  });

  it('holds one copy of the parts rows repeat, after a full read and after an import batch', async () => {
    const steps = [...generateTrainingRun({ steps: 2, samplesPerStep: 12, seed: 4, malformedRate: 0 })];
    const stepTrajectories = async (k: number) =>
      (await importAll(stringChunks(steps[k]!.lines.join('\n')), { file: `grpo/${steps[k]!.file}` }))
        .trajectories;
    await putTrajectories(await stepTrajectories(0));
    const api = createTableWorkerApi();
    await api.load();
    const second = await stepTrajectories(1);
    await putTrajectories(second);
    await api.loadIds(second.map((t) => t.id));
    // The run's own scope (the default leaves training runs out).
    const view = api.query({ ...ALL, filters: { ...NO_FILTERS, run: 'grpo' } });
    const held = api
      .items(view.queryId, 0, view.itemCount)!
      .flatMap((it) => (it.type === 'row' ? [it.row] : []));
    expect(held).toHaveLength(24);
    // Equal detector counts and confidences are one object, across the two reads.
    const byValue = new Map<string, object>();
    for (const r of held)
      for (const part of [r.eff, r.sure!]) {
        const key = JSON.stringify(part);
        expect(part).toBe(byValue.get(key) ?? (byValue.set(key, part), part));
      }
    expect(byValue.size).toBeLessThan(2 * held.length);
    expect(Object.isFrozen(held[0]!.eff)).toBe(true);
  });
});
