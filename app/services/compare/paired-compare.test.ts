import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { deleteDB } from 'idb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePaired } from '../../core/compare/paired';
import { importAll, stringChunks } from '../../core/importers/pipeline';
import { db, DB_NAME, resetDbConnection } from '../../db/db';
import { putTrajectories } from '../../db/store';
import { comparePairedGroups, listRunGroups, loadGroup, loadGroupsAsStrategies } from './paired-compare';

const DATA = resolve(__dirname, '../../../../shared/data/trajectories');
const R1 = resolve(DATA, 'r1searcher_bamboogle_qwen.jsonl');
const FLASHRAG = resolve(DATA, 'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json');
const load = async (file: string) =>
  (await importAll(stringChunks(readFileSync(file, 'utf8')), { file: basename(file) })).trajectories;

const reset = async () => {
  (await db()).close();
  resetDbConnection();
};
beforeAll(async () => {
  await reset();
  await deleteDB(DB_NAME);
});
afterAll(reset);

describe('paired comparison of stored runs', () => {
  it('pairs two stored files as the core pairs the files themselves', async () => {
    const [r1, fr] = [await load(R1), await load(FLASHRAG)];
    await putTrajectories(r1);
    await putTrajectories(fr);
    const groups = await listRunGroups();
    const a = groups.find((g) => g.label === basename(R1))!;
    const b = groups.find((g) => g.label === basename(FLASHRAG))!;
    expect([a.count, b.count]).toEqual([125, 125]);
    // Stored rows come back in id order; the group restores file order.
    expect((await loadGroup(a.id)).map((t) => t.id)).toEqual(r1.map((t) => t.id));

    const got = await comparePairedGroups(a.id, b.id, 'acc');
    expect(got?.report).toEqual(comparePaired(r1, fr, 'acc'));
    expect(got?.report.pairs).toBe(125);
    expect(await comparePairedGroups(a.id, 'file:gone.jsonl', 'em')).toBeNull();
  });

  it('labels imported groups as strategies for the batch comparison', async () => {
    const groups = await listRunGroups();
    const ids = groups.filter((g) => g.count === 125).map((g) => g.id);
    const ts = await loadGroupsAsStrategies(ids, ['search-r1']);
    expect(ts).toHaveLength(250);
    expect(new Set(ts.map((t) => t.agent.strategy))).toEqual(
      new Set(['r1searcher_bamboogle_qwen', 'searchr1_flas…ermediate_data']),
    );
  });
});
