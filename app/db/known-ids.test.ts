// The import's write path reads what is stored once, not once per file or per record (issue 37,
// step 1), and still never lets a record replace a different one another context stored meanwhile.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importAll, stringChunks } from '../core/importers/pipeline';
import type { Trajectory } from '../core/schema/trajectory';
import { generateStep } from '../testing/training-run-generator';
import { freshDbPerTest } from '../testing/fresh-db';
import { recordContent, putImported } from './import-ids';
import { importIntoDb } from './import-into-db';
import { knownIds } from './known-ids';
import { countTrajectories, deleteFile, getTrajectory, putTrajectories, storedTrajectoryIds } from './store';

freshDbPerTest();
afterEach(() => vi.restoreAllMocks());

const RUN = { steps: 5, samplesPerStep: 20, seed: 3, malformedRate: 0 };
const stepText = (i: number) => `${generateStep(i + 1, i, RUN).lines.join('\n')}\n`;

/** Counts the reads of the trajectories store: whole-key scans and single gets. */
function countReads(): { scans: number; gets: number } {
  const n = { scans: 0, gets: 0 };
  const proto = IDBObjectStore.prototype;
  const getAllKeys = proto.getAllKeys;
  const get = proto.get;
  vi.spyOn(proto, 'getAllKeys').mockImplementation(function (this: IDBObjectStore, ...a) {
    if (this.name === 'trajectories') n.scans++;
    return getAllKeys.apply(this, a);
  });
  vi.spyOn(proto, 'get').mockImplementation(function (this: IDBObjectStore, ...a) {
    if (this.name === 'trajectories') n.gets++;
    return get.apply(this, a);
  });
  return n;
}

/** A trajectory from the generator, under `id`, with its question changed (so its content differs). */
async function recordAs(id: string, question: string): Promise<Trajectory> {
  const [t] = (await importAll(stringChunks(stepText(0)), { file: 'run/1.jsonl', format: 'verl' }))
    .trajectories;
  return { ...t!, id, question };
}

describe('a training run imported step file by step file', () => {
  it('reads the stored keys once for the run and no stored record per sample', async () => {
    await importIntoDb(stringChunks(stepText(0)), { file: 'run/1.jsonl', format: 'verl' });
    const reads = countReads();
    for (let i = 1; i < RUN.steps; i++)
      await importIntoDb(stringChunks(stepText(i)), { file: `run/${i + 1}.jsonl`, format: 'verl' });
    // Before: every stored key once per file (4 scans), and one awaited get per sample (80).
    expect(reads).toEqual({ scans: 0, gets: 0 });
    expect(await countTrajectories()).toBe(RUN.steps * RUN.samplesPerStep);
  });

  it('the same step file again replaces its samples: one copy each', async () => {
    await importIntoDb(stringChunks(stepText(0)), { file: 'run/1.jsonl', format: 'verl' });
    const again = await importIntoDb(stringChunks(stepText(0)), { file: 'run/1.jsonl', format: 'verl' });
    expect(again.imported).toBe(RUN.samplesPerStep);
    expect(again.errors).toEqual([]);
    expect(await countTrajectories()).toBe(RUN.samplesPerStep);
  });
});

describe('ids held in memory, and writes by another context', () => {
  it('a record another context stored since the ids were read is never replaced: the newcomer moves', async () => {
    const known = await knownIds();
    const theirs = await recordAs('x', 'Stored by another tab?');
    // putTrajectories does not update the held set: to the import it is another context's write.
    await putTrajectories([theirs]);
    expect(known.ids.has('x')).toBe(false);
    const mine = await recordAs('x', 'Imported here?');
    const { moved } = await putImported([mine], { known });
    expect(moved).toEqual([{ index: 0, from: 'x', to: 'x~2' }]);
    expect(recordContent((await getTrajectory('x'))!)).toBe(recordContent(theirs));
    expect((await getTrajectory('x~2'))!.question).toBe('Imported here?');
  });

  it('with no other write, only ids held are read; the set is kept for the next import', async () => {
    const known = await knownIds();
    await putImported([await recordAs('a', 'A?')], { known });
    const reads = countReads();
    const { moved } = await putImported([await recordAs('b', 'B?'), await recordAs('a', 'A changed?')], {
      known,
    });
    // 'b' is known free without a read; 'a' is held, so it is read and compared.
    expect(reads.gets).toBe(1);
    expect(moved).toEqual([{ index: 1, from: 'a', to: 'a~2' }]);
    expect(await knownIds()).toBe(known);
  });

  it('is read afresh after another write or a delete', async () => {
    const known = await knownIds();
    await putTrajectories([await recordAs('y', 'Y?')]);
    const after = await knownIds();
    expect(after).not.toBe(known);
    expect(after.ids.has('y')).toBe(true);
    await importIntoDb(stringChunks(stepText(1)), { file: 'run/2.jsonl', format: 'verl' });
    const held = (await knownIds()).ids.size;
    await deleteFile('run/2.jsonl');
    const fresh = await knownIds();
    expect(fresh.ids).toEqual(await storedTrajectoryIds());
    expect(fresh.ids.size).toBe(held - RUN.samplesPerStep);
  });
});
