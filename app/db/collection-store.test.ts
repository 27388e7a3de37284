// Collections in the store: every write lands in one, a database made at version 3 is migrated
// with nothing lost, the scope the screens read, and a deletion that removes one collection (or
// one import) and nothing else, undone with its labels.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../core/annotations/annotation';
import {
  DEMO_COLLECTION,
  fileCollection,
  newImportCollection,
  trainingCollection,
} from '../core/collections/collection';
import { buildTrajectory } from '../core/schema/builder';
import type { Trajectory } from '../core/schema/trajectory';
import { toRow } from '../core/table/row';
import { freshDbPerTest } from '../testing/fresh-db';
import {
  adoptDemoFiles,
  collectionSummaries,
  deleteCollection,
  listCollections,
  trajectoryIdsInScope,
  undoDeletion,
} from './collection-store';
import { db, DB_NAME } from './db';
import { listAnnotations, listRows, putAnnotations, putTrajectories } from './store';

freshDbPerTest();

function traj(id: string, file: string, extra: Partial<Trajectory> = {}): Trajectory {
  const t = buildTrajectory([
    {
      type: 'start',
      id,
      question: `question ${id}`,
      source: { kind: 'import', file, line: 1 },
      agent: { strategy: 'apex', params: {} },
    },
    { type: 'answer', text: `answer ${id}` },
  ]);
  return { ...t, ...extra };
}

function label(trajectoryId: string): Annotation {
  return {
    id: `a-${trajectoryId}`,
    trajectoryId,
    annotator: 'ann',
    label: 'correct',
    createdAt: '2026-01-01T00:00:00.000Z',
  } as unknown as Annotation;
}

describe('collections', () => {
  it('puts each write in its collection and counts trajectories, labels and files', async () => {
    const mine = newImportCollection('logs');
    await putTrajectories([traj('a', '10.jsonl'), traj('b', '2.jsonl')], mine);
    await putTrajectories([traj('c', 'x.jsonl', { training: { run: 'r1', step: 1 } })]);
    await putAnnotations([label('a')]);
    const s = await collectionSummaries();
    const logs = s.find((c) => c.id === mine.id)!;
    expect([logs.name, logs.trajectories, logs.labels]).toEqual(['logs', 2, 1]);
    // Natural order: 2 before 10.
    expect(logs.files.map((f) => f.file)).toEqual(['2.jsonl', '10.jsonl']);
    expect(s.find((c) => c.id === trainingCollection('r1').id)?.kind).toBe('training');
    expect((await listRows()).find((r) => r.id === 'c')?.collection).toBe(trainingCollection('r1').id);
  });

  it('scopes to the chosen collections; the default leaves training runs out', async () => {
    const mine = newImportCollection('logs');
    await putTrajectories([traj('a', 'l.jsonl')], mine);
    await putTrajectories([traj('c', 'x.jsonl', { training: { run: 'r1', step: 1 } })]);
    expect([...(await trajectoryIdsInScope(null))]).toEqual(['a']);
    expect([...(await trajectoryIdsInScope([trainingCollection('r1').id]))]).toEqual(['c']);
    expect((await trajectoryIdsInScope([])).size).toBe(0);
  });

  it('deletes one collection and nothing else, and the undo brings it back with its labels', async () => {
    const one = newImportCollection('one');
    const two = newImportCollection('two');
    await putTrajectories([traj('a', 'one.jsonl'), traj('b', 'one.jsonl')], one);
    await putTrajectories([traj('c', 'two.jsonl')], two);
    await putAnnotations([label('a'), label('c')]);
    const del = await deleteCollection(one.id);
    expect(del.trajectories).toBe(2);
    expect((await listRows()).map((r) => r.id)).toEqual(['c']);
    expect((await listAnnotations()).map((a) => a.trajectoryId)).toEqual(['c']);
    expect((await listCollections()).map((c) => c.id)).toEqual([two.id]);
    expect(await (await db()).get('trajectories', 'a')).toBeUndefined();

    await undoDeletion(del.id);
    expect((await listRows()).map((r) => r.id).sort()).toEqual(['a', 'b', 'c']);
    expect((await listAnnotations()).map((a) => a.trajectoryId).sort()).toEqual(['a', 'c']);
    expect((await listCollections()).map((c) => c.id).sort()).toEqual([one.id, two.id].sort());
    expect((await (await db()).getAll('trash')).length).toBe(0);
  });

  it('deletes one import of a collection, keeping its other files', async () => {
    const one = newImportCollection('one');
    await putTrajectories([traj('a', 'f1.jsonl'), traj('b', 'f2.jsonl')], one);
    await deleteCollection(one.id, 'f1.jsonl');
    expect((await listRows()).map((r) => r.id)).toEqual(['b']);
    expect((await listCollections()).map((c) => c.id)).toEqual([one.id]);
  });
});

describe('the upgrade to collections', () => {
  it('assigns every trajectory stored at version 3 a collection from its file, run or source', async () => {
    // A database as version 3 left it: no collections, rows without one.
    const old = await openDB(DB_NAME, 3, {
      upgrade(d) {
        d.createObjectStore('trajectories', { keyPath: 'id' }).createIndex('parentId', 'lineage.parentId');
        d.createObjectStore('rows', { keyPath: 'id' }).createIndex('file', 'file');
        d.createObjectStore('annotations', { keyPath: 'id' }).createIndex('trajectoryId', 'trajectoryId');
        d.createObjectStore('imports', { keyPath: 'id' });
        d.createObjectStore('meta');
        d.createObjectStore('corpora', { keyPath: 'id' });
        d.createObjectStore('corpusPassages', { keyPath: 'id' });
        d.createObjectStore('indexes', { keyPath: 'key' }).createIndex('corpusId', 'corpusId');
        d.createObjectStore('indexData', { keyPath: 'key' });
        d.createObjectStore('questionSets', { keyPath: 'id' }).createIndex('corpusId', 'corpusId');
        d.createObjectStore('batches', { keyPath: 'id' });
      },
    });
    const live = traj('live1', '', { source: { kind: 'live' } });
    const list = [
      traj('a', 'log.jsonl'),
      traj('d', 'veloria-hopscope.jsonl'),
      traj('t', 'run/1.jsonl', { training: { run: 'r1', step: 1 } }),
      live,
    ];
    for (const t of list) {
      const { collection: _, ...row } = toRow(t);
      await old.put('trajectories', t);
      await old.put('rows', row);
    }
    await old.put('annotations', label('a'));
    await old.put('imports', {
      id: 'i1',
      file: 'log.jsonl',
      format: 'hopscope',
      records: 1,
      imported: 1,
      errors: [],
      at: '2026-01-01T00:00:00.000Z',
    });
    old.close();

    const rows = await listRows();
    const of = new Map(rows.map((r) => [r.id, r.collection]));
    expect(rows).toHaveLength(4);
    expect(of.get('a')).toBe(fileCollection('log.jsonl').id);
    expect(of.get('t')).toBe(trainingCollection('r1').id);
    expect(of.get('live1')).toBe('live');
    expect((await listAnnotations()).map((a) => a.id)).toEqual(['a-a']);
    const names = new Map((await listCollections()).map((c) => [c.id, c]));
    expect(names.get(fileCollection('log.jsonl').id)?.createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect((await (await db()).get('imports', 'i1'))?.collection).toBe(fileCollection('log.jsonl').id);

    // The demo's files join Demo when the demo loads.
    expect(await adoptDemoFiles(['veloria-hopscope.jsonl'])).toBe(1);
    expect((await listRows()).find((r) => r.id === 'd')?.collection).toBe(DEMO_COLLECTION.id);
    expect((await listCollections()).some((c) => c.id === fileCollection('veloria-hopscope.jsonl').id)).toBe(
      false,
    );
  });
});
