// The table worker stores the step summaries it holds, under the rows' stamp it can prove them
// current at, so the next session plots them before its own read of every row (issue 37); the
// live summaries that replace them after a reload are equal when nothing changed.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../../core/importers/pipeline';
import type { Trajectory } from '../../core/schema/trajectory';
import { generateStep } from '../../testing/training-run-generator';
import { freshDbPerTest, reopenDb } from '../../testing/fresh-db';
import { loadStepSummaries } from '../../db/step-summary-store';
import { deleteFile, putTrajectories } from '../../db/store';
import { createTableWorkerApi } from './api';

freshDbPerTest();

const RUN = { steps: 4, samplesPerStep: 8, seed: 11, malformedRate: 0 };

async function step(i: number, run = 'grpo'): Promise<Trajectory[]> {
  const text = `${generateStep(i + 1, i, RUN).lines.join('\n')}\n`;
  return (await importAll(stringChunks(text), { file: `${run}/${i + 1}.jsonl`, format: 'verl' }))
    .trajectories;
}

describe('the stored step summaries, from the table worker', () => {
  it('after a reload, equal the live summaries the worker reads again', async () => {
    await putTrajectories([...(await step(0)), ...(await step(1))]);
    const before = createTableWorkerApi();
    await before.load();
    await before.flushStoredSummary();
    const live = before.trainingSummary();
    expect(live.length).toBe(2);

    await reopenDb(); // a reload: a new connection, a new worker
    const stored = await loadStepSummaries();
    expect(stored?.steps).toEqual(live);
    const after = createTableWorkerApi();
    await after.load();
    // The live summaries replace the stored ones: the same numbers when nothing changed.
    expect(after.trainingSummary()).toEqual(stored?.steps);
  });

  it('moves on with each batch an import announces, and stores what the last read held', async () => {
    await putTrajectories(await step(0));
    const api = createTableWorkerApi();
    await api.load();
    for (const i of [1, 2, 3]) {
      const list = await step(i);
      await putTrajectories(list);
      await api.loadIds(list.map((t) => t.id));
    }
    await api.flushStoredSummary();
    expect(api.trainingSummary()).toHaveLength(4);
    expect((await loadStepSummaries())?.steps).toEqual(api.trainingSummary());
  });

  it('stores nothing while a write it was not told of is unaccounted for, until a full read', async () => {
    await putTrajectories([...(await step(0)), ...(await step(1))]);
    const api = createTableWorkerApi();
    await api.load();
    await api.flushStoredSummary();
    const proven = api.provenStamp();
    // Deleted without this worker being told, then a batch it is told of.
    await deleteFile('grpo/1.jsonl');
    const list = await step(2);
    await putTrajectories(list);
    await api.loadIds(list.map((t) => t.id));
    await api.flushStoredSummary();
    // Its rows still hold step 1: the proof stays where it was, and nothing it holds is read back.
    expect(api.provenStamp()).toEqual(proven);
    expect(await loadStepSummaries()).toBeNull();
    await api.load();
    await api.flushStoredSummary();
    expect(api.trainingSummary().map((s) => s.step)).toEqual([2, 3]);
    expect((await loadStepSummaries())?.steps).toEqual(api.trainingSummary());
  });
});
