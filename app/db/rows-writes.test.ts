// The last session's step summaries are read back only while provably current (issue 37: a
// reload plots from them): every path that writes or deletes rows, or changes what a row derives
// from, counts itself (rows-writes.ts), and a summary stored before it is then never read back.
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../core/importers/pipeline';
import type { Trajectory } from '../core/schema/trajectory';
import { toRow } from '../core/table/row';
import { summarizeSteps } from '../core/training/step-summary';
import { fileCollection } from '../core/collections/collection';
import { generateStep } from '../testing/training-run-generator';
import { freshDbPerTest, resetDb } from '../testing/fresh-db';
import { adoptDemoFiles, deleteCollection, listCollections, undoDeletion } from './collection-store';
import { deleteCorpus, putQuestionSet } from './corpus-store';
import { db } from './db';
import { putIndexedRows } from './indexed-rows';
import { ROWS_LOG, rowsStamp, rowWritesBetween } from './rows-writes';
import { loadStepSummaries, saveStepSummaries } from './step-summary-store';
import { deleteFile, listRows, listRowsStamped, putTrajectories } from './store';

freshDbPerTest();

const QSRC = { format: 'hotpotqa', file: 'q.json' } as const;

const RUN = { steps: 2, samplesPerStep: 6, seed: 5, malformedRate: 0 };

async function stepRecords(i: number, file = `run/${i + 1}.jsonl`): Promise<Trajectory[]> {
  const text = `${generateStep(i + 1, i, RUN).lines.join('\n')}\n`;
  return (await importAll(stringChunks(text), { file, format: 'verl' })).trajectories;
}

/** The collection the generated run's records went to. */
async function runCollection(): Promise<string> {
  const [c] = await listCollections();
  return c!.id;
}

/** Stores a run's first step, then its summary at the stamp of a full read: current now. */
async function storedRun(): Promise<Trajectory[]> {
  const list = await stepRecords(0);
  await putTrajectories(list);
  const { rows, stamp } = await listRowsStamped();
  expect(await saveStepSummaries(stamp, summarizeSteps(rows))).toBe(true);
  expect((await loadStepSummaries())?.steps).toEqual(summarizeSteps(rows));
  return list;
}

describe('the stored step summaries', () => {
  it('are read back while no row was written, and equal what they summarized', async () => {
    await storedRun();
    const { rows } = await listRowsStamped();
    expect((await loadStepSummaries())?.steps).toEqual(summarizeSteps(rows));
  });

  it('are not stored under a stamp rows were written after', async () => {
    const list = await stepRecords(0);
    await putTrajectories(list);
    const { rows, stamp } = await listRowsStamped();
    await putTrajectories(await stepRecords(1));
    expect(await saveStepSummaries(stamp, summarizeSteps(rows))).toBe(false);
    expect(await loadStepSummaries()).toBeNull();
  });

  const paths: Array<[string, (list: Trajectory[]) => Promise<unknown>]> = [
    ['an import (writeTrajectories)', async () => putTrajectories(await stepRecords(1))],
    ['re-importing the same records', async (list) => putTrajectories(list)],
    ['deleting a file', async () => deleteFile('run/1.jsonl')],
    ['deleting a collection into the trash', async () => deleteCollection(await runCollection())],
    [
      'undoing a deletion',
      async () => {
        const { id } = await deleteCollection(await runCollection());
        const { rows, stamp } = await listRowsStamped();
        expect(await saveStepSummaries(stamp, summarizeSteps(rows))).toBe(true);
        await undoDeletion(id);
      },
    ],
    [
      'moving demo files into the Demo collection',
      async () => {
        const demo = (await stepRecords(1, 'demo.jsonl')).map((t) => ({ ...t, id: `demo-${t.id}` }));
        await putTrajectories(demo, fileCollection('demo.jsonl'));
        const { rows, stamp } = await listRowsStamped();
        expect(await saveStepSummaries(stamp, summarizeSteps(rows))).toBe(true);
        expect(await adoptDemoFiles(['demo.jsonl'])).toBe(demo.length);
      },
    ],
    [
      'rows from an opened Parquet index',
      async () => {
        const rows = (await stepRecords(1)).map((t) => ({
          ...toRow(t),
          id: `ix-${t.id}`,
          indexed: { parquet: 'run.parquet', searchesOpened: false },
        }));
        const at = new Date().toISOString();
        await putIndexedRows(
          rows,
          [],
          { id: 'ix', file: 'run.parquet', format: 'parquet', records: 6, imported: 6, errors: [], at },
          fileCollection('run.parquet'),
        );
      },
    ],
    [
      'a row version bump (listRows re-derives the stale row)',
      async (list) => {
        const d = await db();
        const row = await d.get('rows', list[0]!.id);
        // Written straight, as rows of an older version are left by an older app.
        await d.put('rows', { ...row!, v: -1 });
        await listRows();
      },
    ],
    [
      'a question set stored (gold joins change)',
      async (list) =>
        putQuestionSet({
          name: 'q',
          source: 'test',
          questions: [{ id: 'q1', question: list[0]!.question, answers: ['x'], source: QSRC }],
        }),
    ],
    ['the database reset (a full disk, the site data cleared)', async () => resetDb()],
  ];
  for (const [what, write] of paths)
    it(`are no longer read back after ${what}`, async () => {
      const list = await storedRun();
      await write(list);
      expect(await loadStepSummaries()).toBeNull();
    });

  it('are no longer read back once a question set goes with its corpus', async () => {
    const list = await stepRecords(0);
    await putTrajectories(list);
    await putQuestionSet({
      name: 'q',
      source: 't',
      corpusId: 'c1',
      questions: [{ id: 'q', question: 'x', answers: ['y'], source: QSRC }],
    });
    const { rows, stamp } = await listRowsStamped();
    expect(await saveStepSummaries(stamp, summarizeSteps(rows))).toBe(true);
    await deleteCorpus('c1');
    expect(await loadStepSummaries()).toBeNull();
  });

  it('keeps the last ROWS_LOG writes in the log; older ones read as unknown', async () => {
    const [t] = await stepRecords(0);
    for (let i = 0; i < ROWS_LOG + 2; i++) await putTrajectories([t!]);
    const seq = (await rowsStamp()).seq;
    expect(seq).toBe(ROWS_LOG + 2);
    const log = await rowWritesBetween(0, seq);
    expect(log).toHaveLength(seq);
    expect(log.slice(0, 2)).toEqual([null, null]);
    expect(log.slice(2).every((ids) => ids?.[0] === t!.id)).toBe(true);
  });

  it('logs the ids each write stored, and "any row" for a deletion too big to list', async () => {
    const list = await stepRecords(0);
    const before = (await rowsStamp()).seq;
    await putTrajectories(list);
    await deleteFile('run/1.jsonl');
    const after = (await rowsStamp()).seq;
    expect(after).toBe(before + 2);
    const log = await rowWritesBetween(before, after);
    expect(log[0]?.sort()).toEqual(list.map((t) => t.id).sort());
    expect(log[1]?.sort()).toEqual(list.map((t) => t.id).sort());
  });
});

/** Every production file under app/. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
  });
}

describe('every write of the rows store', () => {
  it('counts itself: each readwrite transaction on `rows` calls markRowsWritten (the upgrade aside)', () => {
    const app = join(__dirname, '..');
    const writers = new Map<string, { txs: number; marks: number }>();
    for (const file of sources(app)) {
      const text = readFileSync(file, 'utf8');
      // No shortcut write outside a transaction this test sees.
      expect(text, file).not.toMatch(/\.(put|delete|clear|add)\(\s*'rows'/);
      let txs = 0;
      for (const m of text.matchAll(/\.transaction\(\s*(\[[^\]]*\]|'[^']*'|\w+)\s*,\s*'readwrite'/g)) {
        // A list named before the call (trajectory-write's `stores`): what it was built from.
        const stores = /^\w+$/.test(m[1]!)
          ? (new RegExp(`const ${m[1]} = ([\\s\\S]{0,400}?);`).exec(text)?.[1] ?? '')
          : m[1]!;
        if (/'rows'/.test(stores)) txs++;
      }
      if (txs === 0) continue;
      const marks = [...text.matchAll(/markRowsWritten\(/g)].length;
      writers.set(file.slice(app.length + 1), { txs, marks });
    }
    expect(Object.fromEntries(writers)).toEqual({
      'db/collection-store.ts': { txs: 3, marks: 3 },
      'db/indexed-rows.ts': { txs: 1, marks: 1 },
      'db/store.ts': { txs: 2, marks: 2 },
      'db/trajectory-write.ts': { txs: 1, marks: 1 },
    });
  });
});
