// The table worker's read of "every row" after an import reads only the rows written since its rows
// were proven current (the write log), not every row again: that read grew with the rows stored and
// was a third of a 200-step import's last file (docs/benchmarks.md, "Training runs"). Whatever the
// log cannot account for still reads every row.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { importAll, stringChunks } from '../../core/importers/pipeline';
import type { Trajectory } from '../../core/schema/trajectory';
import { NO_FILTERS, type TableQuery } from '../../core/table/query';
import { writtenCollection } from '../../core/collections/collection';
import { deleteCollection } from '../../db/collection-store';
import { ROWS_LOG } from '../../db/rows-writes';
import { deleteFile, putTrajectories } from '../../db/store';
import { freshDbPerTest } from '../../testing/fresh-db';
import { generateStep } from '../../testing/training-run-generator';
import { createTableWorkerApi } from './api';

// Counts the reads of every row (the work the catch-up saves), passing each through.
const fullReads = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../db/store', async (original) => {
  const store = await original<typeof import('../../db/store')>();
  return {
    ...store,
    listRowsStamped: (...a: Parameters<typeof store.listRowsStamped>) => {
      fullReads.n++;
      return store.listRowsStamped(...a);
    },
  };
});

freshDbPerTest();
beforeEach(() => void (fullReads.n = 0));

const RUN = { steps: 4, samplesPerStep: 6, seed: 5, malformedRate: 0 };
const RUN_SCOPE: TableQuery = {
  filters: { ...NO_FILTERS, run: 'grpo' },
  sort: null,
  groupByFile: false,
  status: {},
};

async function step(i: number): Promise<Trajectory[]> {
  const text = `${generateStep(i + 1, i, RUN).lines.join('\n')}\n`;
  return (await importAll(stringChunks(text), { file: `grpo/${i + 1}.jsonl`, format: 'verl' })).trajectories;
}

describe('the table worker brought up to date after an import', () => {
  it('reads no row again when every batch was read as announced, and sends only the steps changed', async () => {
    await putTrajectories(await step(0));
    const api = createTableWorkerApi();
    await api.load();
    expect(fullReads.n).toBe(1);
    const held = api.trainingSummaryChanges(null, 0);
    for (const i of [1, 2]) {
      const list = await step(i);
      await putTrajectories(list);
      await api.loadIds(list.map((t) => t.id));
    }
    const seen = api.trainingSummaryChanges(held.epoch, held.version);
    // The import's end: the page asks for every row.
    await api.load();
    expect(fullReads.n).toBe(1);
    const after = api.trainingSummaryChanges(seen.epoch, seen.version);
    expect(after.full).toBe(false);
    expect(after.changed).toEqual([]);
    expect(api.trainingSummary().map((s) => s.step)).toEqual([1, 2, 3]);
  });

  it('reads the rows of writes it was not told of from the write log, and drops a deleted file', async () => {
    await putTrajectories(await step(0));
    const api = createTableWorkerApi();
    await api.load();
    const second = await step(1);
    await putTrajectories(second);
    await putTrajectories(await step(2));
    // The last batch's announcement never came (an import's end drops it): the log names its ids.
    await api.load();
    expect(api.query(RUN_SCOPE).count).toBe(18);
    await deleteFile('grpo/2.jsonl');
    await api.load();
    expect(fullReads.n).toBe(1);
    const ids = new Set(second.map((t) => t.id));
    const view = api.query(RUN_SCOPE);
    expect(view.count).toBe(12);
    expect(view.ids.some((id) => ids.has(id))).toBe(false);
    expect(api.trainingSummary().map((s) => s.step)).toEqual([1, 3]);
    // The same rows and summaries as a fresh read of every row.
    const fresh = createTableWorkerApi();
    await fresh.load();
    expect(fresh.query(RUN_SCOPE).ids).toEqual(view.ids);
    expect(fresh.trainingSummary()).toEqual(api.trainingSummary());
  });

  it('reads every row when the log cannot say what changed: more writes than it keeps', async () => {
    const list = await step(0);
    await putTrajectories(list);
    const api = createTableWorkerApi();
    await api.load();
    // Each write of one row again, ROWS_LOG + 1 writes: the first is gone from the log.
    for (let k = 0; k <= ROWS_LOG; k++) await putTrajectories([list[k % list.length]!]);
    await api.load();
    expect(fullReads.n).toBe(2);
    expect(api.query(RUN_SCOPE).count).toBe(6);
  });

  it("reads a deleted collection's rows out by the ids its deletion logged", async () => {
    const list = [...(await step(0)), ...(await step(1))];
    await putTrajectories(list);
    const api = createTableWorkerApi();
    await api.load();
    expect(api.query(RUN_SCOPE).count).toBe(12);
    await deleteCollection(writtenCollection(list[0]!).id);
    await api.load();
    expect(fullReads.n).toBe(1);
    expect(api.query(RUN_SCOPE).count).toBe(0);
    expect(api.trainingSummary()).toEqual([]);
  });
});
