import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../core/importers/pipeline';
import { freshDbPerTest } from '../testing/fresh-db';
import { recordBatchJob } from './batch-store';
import { db } from './db';
import { countTrajectories, getTrajectory, putTrajectories } from './store';

freshDbPerTest();

const LINE = JSON.stringify({
  id: 'q1',
  question: 'Q?',
  golden_answers: ['Paris'],
  output: { pred: 'Paris' },
});
const one = async () => (await importAll(stringChunks(`${LINE}\n`), { file: 'f.jsonl' })).trajectories[0]!;

describe('a trajectory is written with its row', () => {
  it('stores both in one write', async () => {
    const t = await one();
    await putTrajectories([t]);
    expect((await getTrajectory(t.id))?.id).toBe(t.id);
    expect((await (await db()).get('rows', t.id))?.id).toBe(t.id);
  });

  it('stores neither when the write fails part-way (a batch job for a batch not stored)', async () => {
    const t = await one();
    await expect(recordBatchJob('gone', { key: 'k', trajectoryId: t.id, ms: 1 }, t)).rejects.toThrow(
      'batch gone is not stored',
    );
    expect(await countTrajectories()).toBe(0);
    expect(await (await db()).count('rows')).toBe(0);
  });
});
