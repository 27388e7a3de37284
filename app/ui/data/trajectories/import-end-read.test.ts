// The end of an import makes the table read only the rows no refresh has read yet, never every
// row again (issue 37: that read at the end of a 600 × 512 run took the tab from 972 to
// 1,857 MiB while the table worker still held every row). The import worker is stood in for by
// the db code on this thread, the table worker by its API over the same (fake) IndexedDB, and the
// change bridge and the table's read query are the page's own.
import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamBytes } from '../../../core/io/decode';
import { setBackupFileForTests } from '../../../db/backup-file';
import { type GroupStored, importGroupIntoDb } from '../../../db/import-group';
import { importIntoDb } from '../../../db/import-into-db';
import type { ImportStart } from '../../../db/import-record';
import { countTrajectories } from '../../../db/store';
import type { ImportedBatch } from '../../../runtime/import/api';
import { createTableWorkerApi } from '../../../runtime/table/api';
import { importTrainingFiles } from '../../../services/training-import';
import { importTrajectoryFile } from '../../../services/trajectory-import';
import { checkLabelBackup } from '../../../services/storage/storage-recovery';
import { freshDbPerTest } from '../../../testing/fresh-db';
import { refuseTrajectoryPutsAfter, verlSampleLine } from '../../../testing/import-test-files';
import { MemoryBackupFile } from '../../../testing/memory-backup-file';
import { bridgeDataChanges } from '../refresh/invalidation';
import { tableLoadQuery } from './table-view';

/** Each stored batch's ids, as the worker's news gave them; news delayed `lateMs` (another port). */
const news = { batches: [] as string[][], lateMs: 0 };

vi.mock('../../../runtime/import/client', () => ({
  importWorker: () => {
    throw new Error('not used here');
  },
  startImportWorker: () => {
    const ac = new AbortController();
    const late = (f: () => void) => (news.lateMs ? void setTimeout(f, news.lateMs) : f());
    return {
      terminate: () => ac.abort(),
      api: {
        importFiles: (
          _jobId: string,
          files: ReadonlyArray<{ blob: Blob; name: string; start: ImportStart }>,
          format: string | undefined,
          onFile: (i: number) => void,
          onStored: (s: GroupStored) => void,
        ) =>
          importGroupIntoDb(
            files.map((f) => ({ chunks: streamBytes(f.blob.stream()), file: f.name, start: f.start })),
            {
              ...(format ? { format } : {}),
              signal: ac.signal,
              onFile,
              onStored: (s: GroupStored) => {
                news.batches.push(s.storedIds);
                late(() => onStored(s));
              },
            },
          ),
        importBlob: (
          _jobId: string,
          blob: Blob,
          name: string,
          format: string | undefined,
          onProgress: (p: ImportedBatch) => void,
          start: ImportStart,
        ) =>
          importIntoDb(streamBytes(blob.stream()), {
            file: name,
            ...(format ? { format } : {}),
            start,
            signal: ac.signal,
            batchSize: 300,
            onProgress: (p, storedIds, storedAnnotations) => {
              news.batches.push(storedIds);
              late(() => onProgress({ ...p, bytesTotal: blob.size, storedIds, storedAnnotations }));
            },
          }),
      },
    };
  },
}));

/** The table worker's reads: 'all' (load) or the ids asked for (loadIds). */
const reads: Array<'all' | string[]> = [];
const pending: Array<Promise<number>> = [];
const table = { api: createTableWorkerApi() };

vi.mock('../../../runtime/table/client', () => ({
  tableWorker: () => ({
    ...table.api,
    load: () => {
      reads.push('all');
      const p = table.api.load();
      pending.push(p);
      return p;
    },
    loadIds: (ids: string[]) => {
      reads.push(ids);
      const p = table.api.loadIds(ids);
      pending.push(p);
      return p;
    },
  }),
}));

freshDbPerTest();

/** The page's table read and change bridge over a fresh table worker, after its first read. */
async function page() {
  news.batches = [];
  news.lateMs = 0;
  reads.length = 0;
  pending.length = 0;
  table.api = createTableWorkerApi();
  setBackupFileForTests(new MemoryBackupFile());
  await checkLabelBackup(new MemoryBackupFile());
  const qc = new QueryClient();
  const uninstall = bridgeDataChanges(qc);
  const observer = new QueryObserver(qc, tableLoadQuery(qc));
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
  expect(reads).toEqual(['all']);
  /** Waits for the table's reads to settle after an import's end notice. */
  const settled = async () => {
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
    await Promise.all(pending);
  };
  return {
    settled,
    close: () => {
      unsubscribe();
      uninstall();
      qc.clear();
    },
  };
}

afterEach(() => setBackupFileForTests(undefined));

/** `steps` step files of `per` samples each, numbered from 1. */
function stepFiles(steps: number, per: number): Array<{ file: File; path: string }> {
  return Array.from({ length: steps }, (_, k) => {
    const lines = Array.from({ length: per }, (_, j) => verlSampleLine(k * per + j));
    return { file: new File([`${lines.join('\n')}\n`], `${k + 1}.jsonl`), path: `${k + 1}.jsonl` };
  });
}

/** After an import's end: the table read only ids after its first read, and holds every sample. */
async function expectReadOnlyChanged(samples: number): Promise<void> {
  expect(news.batches.length).toBeGreaterThan(1);
  expect(reads[0]).toBe('all');
  expect(reads.slice(1).filter((r) => r === 'all')).toEqual([]);
  // The end notice's read: the last batch's rows, which no partial refresh announced.
  const last = reads.at(-1) as string[];
  expect(last).toEqual(expect.arrayContaining(news.batches.at(-1)!));
  // Each stored row read once after the first read, none twice.
  expect(reads.slice(1).flat().sort()).toEqual(news.batches.flat().sort());
  const held = table.api.ids();
  expect(held).toHaveLength(samples);
  expect(await countTrajectories()).toBe(samples);
  expect(new Set(held)).toEqual(new Set(news.batches.flat()));
}

describe('the end of an import', () => {
  it("a run's step files: the table reads the rows not read yet, not every row", async () => {
    const p = await page();
    const r = await importTrainingFiles(stepFiles(4, 512), { run: 'grpo' });
    expect(r.imported).toBe(2048);
    await p.settled();
    await expectReadOnlyChanged(2048);
    p.close();
  });

  it("waits for the news of the last batches when it comes after the import's return", async () => {
    const p = await page();
    news.lateMs = 40;
    const r = await importTrainingFiles(stepFiles(4, 512), { run: 'grpo' });
    expect(r.imported).toBe(2048);
    await p.settled();
    await expectReadOnlyChanged(2048);
    p.close();
  });

  it('one file from the Import dialog: the table reads the rows not read yet, not every row', async () => {
    const p = await page();
    const lines = Array.from({ length: 1000 }, (_, i) => verlSampleLine(i));
    const file = new File([`${lines.join('\n')}\n`], '12.jsonl');
    const report = await importTrajectoryFile('job', file, 'verl', () => {});
    expect([report.imported, report.errors.slice(0, 2)]).toEqual([1000, []]);
    await p.settled();
    await expectReadOnlyChanged(1000);
    p.close();
  });

  it('after a run stopped by a full disk, whose stored rows it cannot name, reads every row', async () => {
    const p = await page();
    // The first transaction (step files 1 and 2), then none.
    const allowPuts = refuseTrajectoryPutsAfter(1024);
    let message = '';
    try {
      await importTrainingFiles(stepFiles(4, 512), { run: 'grpo' }).catch(
        (e: Error) => (message = e.message),
      );
    } finally {
      allowPuts();
    }
    expect(message).toMatch(/stopped at step file 3 of 4/);
    await p.settled();
    expect(reads.at(-1)).toBe('all');
    expect(table.api.ids()).toHaveLength(await countTrajectories());
    p.close();
  });
});
