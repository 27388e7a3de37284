import { writtenCollection } from '../core/collections/collection';
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { deleteDB, openDB } from 'idb';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAnnotation } from '../core/annotations/annotation';
import { ROW_VERSION, toRow } from '../core/table/row';
import { importAll, stringChunks } from '../core/importers/pipeline';
import type { Trajectory } from '../core/schema/trajectory';
import { db, DB_NAME, type ImportRecord, resetDbConnection } from './db';
import {
  annotationsFor,
  countTrajectories,
  deleteAnnotation,
  deleteFile,
  forEachTrajectory,
  getMeta,
  getRows,
  getTrajectory,
  listAnnotations,
  listForks,
  listImports,
  listRows,
  putAnnotations,
  putImportRecord,
  putTrajectories,
  setMeta,
} from './store';

const fixture = (name: string) =>
  readFileSync(new URL(`../testing/importer-fixtures/${name}`, import.meta.url), 'utf8');
/** A fresh import of a fixture file: new objects every time, as after re-reading the file. */
const load = async (name: string): Promise<Trajectory[]> =>
  (await importAll(stringChunks(fixture(name)), { file: name })).trajectories;

/** Closes the page's connection and forgets it, as a reload does. */
async function reload(): Promise<void> {
  (await db()).close();
  resetDbConnection();
}

const AT = '2025-03-01T10:00:00.000Z';
const sorted = (xs: string[]) => [...xs].sort();

beforeEach(async () => {
  await reload();
  await deleteDB(DB_NAME);
});

afterAll(reload);

describe('trajectories and rows', () => {
  it('stores trajectories and their table rows', async () => {
    const qa = await load('qagent.jsonl');
    expect(qa).toHaveLength(3);
    await putTrajectories(qa);
    expect(await countTrajectories()).toBe(3);
    expect(await getTrajectory(qa[1]!.id)).toEqual(qa[1]);
    const rows = await listRows();
    expect(sorted(rows.map((r) => r.id))).toEqual(sorted(qa.map((t) => t.id)));
    expect(
      rows.every((r) => r.file === 'qagent.jsonl' && r.strategy === 'qagent' && r.v === ROW_VERSION),
    ).toBe(true);
    // Stored in the collection a write without one gives it (its file's).
    expect(rows.find((r) => r.id === qa[0]!.id)).toEqual({
      ...toRow(qa[0]!),
      collection: writtenCollection(qa[0]!).id,
    });
  });

  it('re-importing the same file replaces, never duplicates', async () => {
    await putTrajectories(await load('qagent.jsonl'));
    await putTrajectories(await load('qagent.jsonl'));
    expect(await countTrajectories()).toBe(3);
    expect(await listRows()).toHaveLength(3);
  });

  it("deletes one file's trajectories and rows, leaving the others", async () => {
    const qa = await load('qagent.jsonl');
    const ap = await load('apex.jsonl');
    await putTrajectories([...qa, ...ap]);
    expect(await countTrajectories()).toBe(6);
    expect(await deleteFile('qagent.jsonl')).toBe(3);
    expect(await countTrajectories()).toBe(3);
    expect(sorted((await listRows()).map((r) => r.id))).toEqual(sorted(ap.map((t) => t.id)));
    expect(await getTrajectory(qa[0]!.id)).toBeUndefined();
    expect(await deleteFile('no-such-file.jsonl')).toBe(0);
  });

  it('recomputes rows written by an older derivation', async () => {
    const [t] = await load('qagent.jsonl');
    await putTrajectories([t!]);
    const d = await db();
    await d.put('rows', { ...toRow(t!), v: ROW_VERSION - 1, question: 'stale' });
    const [row] = await listRows();
    expect(row).toEqual(toRow(t!));
    expect(await d.get('rows', t!.id)).toEqual(toRow(t!));
  });

  it("reads just the rows asked for; null when one needs listRows' re-derivation", async () => {
    const qa = await load('qagent.jsonl');
    await putTrajectories(qa);
    await listRows(); // records the question sets the rows were derived with
    const got = await getRows([qa[2]!.id, 'gone', qa[0]!.id]);
    expect([...got!.keys()]).toEqual([qa[2]!.id, qa[0]!.id]);
    expect(got!.get(qa[0]!.id)).toEqual({ ...toRow(qa[0]!), collection: writtenCollection(qa[0]!).id });
    await (await db()).put('rows', { ...toRow(qa[1]!), v: ROW_VERSION - 1 });
    expect(await getRows([qa[0]!.id])).not.toBeNull();
    expect(await getRows([qa[1]!.id])).toBeNull();
  });

  it('getRows is null until the rows were read under the current question sets', async () => {
    const qa = await load('qagent.jsonl');
    await putTrajectories(qa);
    await setMeta('rows-gold-key', 'question sets since deleted');
    expect(await getRows([qa[0]!.id])).toBeNull();
  });

  it('stores a trajectory packed (slices of raw as spans) and reads it back identical; plain records read as they are', async () => {
    const r1 = new URL('../../../shared/data/trajectories/r1searcher_bamboogle_qwen.jsonl', import.meta.url);
    const first = readFileSync(r1, 'utf8').split('\n')[0]!;
    const [t] = (await importAll(stringChunks(first), { file: 'r1.jsonl' })).trajectories;
    expect(t?.raw).toBeTruthy();
    await putTrajectories([t!]);
    const stored = (await (await db()).get('trajectories', t!.id)) as unknown as Record<string, unknown>;
    expect(stored.packed).toBe(1);
    expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(t).length * 0.75);
    expect(await getTrajectory(t!.id)).toStrictEqual(t);
    let streamed: Trajectory | undefined;
    await forEachTrajectory((x) => (streamed = x));
    expect(streamed).toStrictEqual(t);
    // A record stored before packing existed.
    const plain = { ...t!, id: 'plain-old' };
    await (await db()).put('trajectories', plain);
    expect(await getTrajectory('plain-old')).toStrictEqual(plain);
  });

  it('streams every trajectory to forEachTrajectory', async () => {
    const qa = await load('qagent.jsonl');
    await putTrajectories(qa);
    const seen: string[] = [];
    await forEachTrajectory((t) => seen.push(t.id));
    expect(sorted(seen)).toEqual(sorted(qa.map((t) => t.id)));
  });
});

describe('forks', () => {
  it('lists the forks of a parent by lineage, not other trajectories', async () => {
    const [a, b, c] = await load('qagent.jsonl');
    const fork = (t: Trajectory, parentId: string, stepIndex: number): Trajectory => ({
      ...t,
      id: `fork_${t.id}`,
      lineage: {
        parentId,
        stepIndex,
        change: { kind: 'answer_now' },
        replayed: 1,
        reconstruction: 'approximate',
      },
    });
    await putTrajectories([a!, b!, c!, fork(b!, a!.id, 1), fork(c!, a!.id, 2), fork(a!, b!.id, 0)]);
    expect(sorted((await listForks(a!.id)).map((t) => t.id))).toEqual(
      sorted([`fork_${b!.id}`, `fork_${c!.id}`]),
    );
    expect((await listForks(b!.id)).map((t) => t.id)).toEqual([`fork_${a!.id}`]);
    expect(await listForks(c!.id)).toEqual([]);
  });

  it('a database made before forks existed is upgraded with the index, its records kept', async () => {
    const qa = await load('qagent.jsonl');
    const old = await openDB(DB_NAME, 2, {
      upgrade(d) {
        d.createObjectStore('trajectories', { keyPath: 'id' });
        d.createObjectStore('rows', { keyPath: 'id' }).createIndex('file', 'file');
        d.createObjectStore('annotations', { keyPath: 'id' }).createIndex('trajectoryId', 'trajectoryId');
        d.createObjectStore('imports', { keyPath: 'id' });
        d.createObjectStore('meta');
        for (const n of ['corpora', 'corpusPassages', 'indexData', 'batches'])
          d.createObjectStore(n, { keyPath: n === 'indexData' ? 'key' : 'id' });
        d.createObjectStore('indexes', { keyPath: 'key' }).createIndex('corpusId', 'corpusId');
        d.createObjectStore('questionSets', { keyPath: 'id' }).createIndex('corpusId', 'corpusId');
      },
    });
    await old.put('trajectories', {
      ...qa[0]!,
      id: 'f1',
      lineage: {
        parentId: 'p',
        stepIndex: 0,
        change: { kind: 'answer_now' },
        replayed: 0,
        reconstruction: 'exact',
      },
    });
    old.close();
    await reload();
    expect((await listForks('p')).map((t) => t.id)).toEqual(['f1']);
  });
});

describe('annotations', () => {
  const label = (trajectoryId: string, l: string, stepId?: string) =>
    makeAnnotation({
      trajectoryId,
      label: l,
      annotator: 'ana',
      createdAt: AT,
      ...(stepId ? { stepId } : {}),
    });

  it('puts, lists per trajectory, replaces by slot and deletes', async () => {
    const [t0, t1] = await load('qagent.jsonl');
    const step = label(t0!.id, 'over-search', 's1');
    await putAnnotations([step, label(t0!.id, 'verdict:over-searched'), label(t1!.id, 'note')]);
    expect(await listAnnotations()).toHaveLength(3);
    expect((await annotationsFor(t0!.id)).map((a) => a.label).sort()).toEqual([
      'over-search',
      'verdict:over-searched',
    ]);
    // A new verdict takes the old verdict's slot.
    await putAnnotations([label(t0!.id, 'verdict:good')]);
    expect((await annotationsFor(t0!.id)).map((a) => a.label).sort()).toEqual([
      'over-search',
      'verdict:good',
    ]);
    await deleteAnnotation(step.id);
    expect((await annotationsFor(t0!.id)).map((a) => a.label)).toEqual(['verdict:good']);
    expect(await listAnnotations()).toHaveLength(2);
  });

  it('survive re-importing the same trajectories, even after the file was deleted', async () => {
    const qa = await load('qagent.jsonl');
    await putTrajectories(qa);
    const a = label(qa[2]!.id, 'wrong-entity', 's3');
    await putAnnotations([a]);
    await putTrajectories(await load('qagent.jsonl'));
    expect(await annotationsFor(qa[2]!.id)).toEqual([a]);
    await deleteFile('qagent.jsonl');
    const again = await load('qagent.jsonl');
    await putTrajectories(again);
    expect(again[2]!.id).toBe(qa[2]!.id);
    expect(await annotationsFor(again[2]!.id)).toEqual([a]);
  });
});

describe('after a reload', () => {
  it('a fresh connection sees trajectories, rows, annotations, imports and meta', async () => {
    const qa = await load('qagent.jsonl');
    await putTrajectories(qa);
    const a = makeAnnotation({
      trajectoryId: qa[0]!.id,
      label: 'verdict:good',
      annotator: 'ana',
      createdAt: AT,
    });
    await putAnnotations([a]);
    const older: ImportRecord = {
      id: 'i1',
      file: 'qagent.jsonl',
      format: 'qagent',
      records: 4,
      imported: 3,
      errors: [],
      at: AT,
    };
    const newer: ImportRecord = { ...older, id: 'i2', at: '2025-03-02T09:00:00.000Z' };
    await putImportRecord(older);
    await putImportRecord(newer);
    await setMeta('annotator', 'ana');

    await reload();
    expect(await countTrajectories()).toBe(3);
    expect(await getTrajectory(qa[0]!.id)).toEqual(qa[0]);
    expect(await listRows()).toHaveLength(3);
    expect(await listAnnotations()).toEqual([a]);
    expect((await listImports()).map((r) => r.id)).toEqual(['i2', 'i1']);
    expect(await getMeta<string>('annotator')).toBe('ana');

    // And a connection opened independently of the module sees the same data.
    const raw = await openDB(DB_NAME);
    try {
      expect(await raw.count('trajectories')).toBe(3);
      expect(await raw.count('rows')).toBe(3);
      expect(await raw.get('annotations', a.id)).toEqual(a);
    } finally {
      raw.close();
    }
  });
});

describe('listRows over many rows', () => {
  it('reads every row, in key order, across its paged reads', async () => {
    const base = (await load('qagent.jsonl'))[0]!;
    const many = Array.from({ length: 2345 }, (_, i) => ({ ...base, id: `t${String(i).padStart(5, '0')}` }));
    await putTrajectories(many);
    const rows = await listRows();
    const ids = rows.map((r) => r.id).filter((id) => id.startsWith('t0'));
    expect(ids).toHaveLength(2345);
    expect(ids).toEqual(many.map((t) => t.id));
  });
});
