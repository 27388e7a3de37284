// A run's small step files go to the import worker several at a time (step-groups.ts), a big one
// alone. The worker is stood in for by the same db code on this thread (importGroupIntoDb,
// importIntoDb); ending it aborts what it runs, as terminating a worker stops it.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayJournal } from '../core/annotations/backup-journal';
import { streamBytes } from '../core/io/decode';
import { setBackupFileForTests } from '../db/backup-file';
import { type GroupStored, importGroupIntoDb } from '../db/import-group';
import { importIntoDb } from '../db/import-into-db';
import type { ImportStart } from '../db/import-record';
import { countTrajectories, listAnnotations, listImports } from '../db/store';
import type { ImportedBatch } from '../runtime/import/api';
import { freshDbPerTest } from '../testing/fresh-db';
import {
  byFile,
  holdThread,
  hopscopeExportLines,
  importsByFile,
  refuseTrajectoryPutsAfter,
  verlSampleLine,
} from '../testing/import-test-files';
import { MemoryBackupFile } from '../testing/memory-backup-file';
import { ALONE_BYTES } from './step-groups';
import { checkLabelBackup } from './storage/storage-recovery';
import { importStepGroup } from './step-group-import';
import { importTrainingFiles, RunImportCancelledError } from './training-import';
import { ImportSession } from './trajectory-import';

const calls = { files: 0, blobs: 0 };
/** News of a stored transaction delayed this long (ms): it travels on another port than the return. */
const news = { lateMs: 0 };

vi.mock('../runtime/import/client', () => ({
  importWorker: () => {
    throw new Error('not used here');
  },
  startImportWorker: () => {
    const ac = new AbortController();
    return {
      terminate: () => ac.abort(),
      api: {
        importFiles: (
          _jobId: string,
          files: ReadonlyArray<{ blob: Blob; name: string; start: ImportStart }>,
          format: string | undefined,
          onFile: (i: number) => void,
          onStored: (s: GroupStored) => void,
        ) => {
          calls.files++;
          return importGroupIntoDb(
            files.map((f) => ({ chunks: streamBytes(f.blob.stream()), file: f.name, start: f.start })),
            {
              ...(format ? { format } : {}),
              signal: ac.signal,
              onFile,
              onStored: (s: GroupStored) =>
                news.lateMs ? void setTimeout(() => onStored(s), news.lateMs) : onStored(s),
            },
          );
        },
        importBlob: (
          _jobId: string,
          blob: Blob,
          name: string,
          format: string | undefined,
          onProgress: (p: ImportedBatch) => void,
          start: ImportStart,
        ) => {
          calls.blobs++;
          return importIntoDb(streamBytes(blob.stream()), {
            file: name,
            ...(format ? { format } : {}),
            start,
            signal: ac.signal,
            onProgress: (p, storedIds, storedAnnotations) =>
              onProgress({ ...p, bytesTotal: blob.size, storedIds, storedAnnotations }),
          });
        },
      },
    };
  },
}));

/** Step files 1..n of one sample each (every 9th with a malformed line too); file `big` over ALONE_BYTES. */
function stepFiles(n: number, big?: number): Array<{ file: File; path: string }> {
  return Array.from({ length: n }, (_, k) => {
    const i = k + 1;
    const lines = [verlSampleLine(i)];
    if (i % 9 === 0) lines.push('{"input": "cut off');
    if (i === big) {
      const pad = 'x'.repeat(4000);
      for (let j = 1; lines.join('\n').length < ALONE_BYTES; j++)
        lines.push(JSON.stringify({ ...JSON.parse(verlSampleLine(i * 1000 + j)), extra: pad }));
    }
    return { file: new File([`${lines.join('\n')}\n`], `${i}.jsonl`), path: `${i}.jsonl` };
  });
}

freshDbPerTest();
let journal: MemoryBackupFile;

async function withJournal(): Promise<void> {
  journal = new MemoryBackupFile();
  setBackupFileForTests(journal);
  await checkLabelBackup(journal);
  calls.files = 0;
  calls.blobs = 0;
  news.lateMs = 0;
}

afterEach(() => setBackupFileForTests(undefined));

describe('a run of small step files', () => {
  it('imports them several to a worker call, each file with its report, progress named per file', async () => {
    await withJournal();
    const named: string[] = [];
    const r = await importTrainingFiles(stepFiles(40, 25), {
      run: 'grpo',
      onFile: (name, k, n) => named.push(`${name} (${k} of ${n})`),
    });
    // Files 1-24 together, 25 alone (over ALONE_BYTES), 26-40 together.
    expect(calls).toEqual({ files: 2, blobs: 1 });
    expect(named).toEqual(Array.from({ length: 40 }, (_, k) => `grpo/${k + 1}.jsonl (${k + 1} of 40)`));
    expect(r.files.map((f) => f.name)).toEqual(Array.from({ length: 40 }, (_, k) => `grpo/${k + 1}.jsonl`));
    expect(r.files.map((f) => f.step)).toEqual(Array.from({ length: 40 }, (_, k) => k + 1));
    const big = r.files[24]!.report.imported;
    expect(big).toBeGreaterThan(50);
    expect(r.imported).toBe(39 + big);
    // Every 9th file's malformed line, in its own report, named by file and line.
    expect(r.errors).toBe(4);
    expect(r.files[8]!.report.errors.map((e) => [e.file, e.line])).toEqual([['grpo/9.jsonl', 2]]);
    expect(await countTrajectories()).toBe(r.imported);
    const stored = await importsByFile();
    expect(stored.map((x) => [x.file, x.status, x.imported])).toEqual(
      r.files.map((f) => [f.name, 'done', f.report.imported]),
    );
    // The journal names every file with what it stored.
    const backedUp = [...replayJournal(journal.text()).imports.values()].sort(byFile);
    expect(backedUp.map((x) => [x.file, x.imported])).toEqual(
      r.files.map((f) => [f.name, f.report.imported]),
    );
  });

  it('Cancel mid-group stops at once: files before kept with their reports, the one it stopped in settled', async () => {
    await withJournal();
    const ac = new AbortController();
    const done = importTrainingFiles(stepFiles(30), {
      run: 'grpo',
      signal: ac.signal,
      onFile: (_name, k) => {
        // Transactions of at most 2 s: a pause before file 8 stores files 1-7 in one.
        if (k === 8) holdThread(2100);
        if (k === 12) ac.abort();
      },
    });
    const thrown: unknown = await done.catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(RunImportCancelledError);
    const stored = await importsByFile();
    // Whatever the worker stored before it was ended stays, with reports that count it exactly.
    const kept = stored.filter((x) => x.status === 'done');
    expect(kept.map((x) => x.file)).toEqual(kept.map((_, k) => `grpo/${k + 1}.jsonl`));
    expect(stored.slice(kept.length).map((x) => x.status)).toEqual(['cancelled']);
    expect(await countTrajectories()).toBe(stored.reduce((n, x) => n + x.imported, 0));
    expect(kept).toHaveLength(7);
    expect(stored[7]).toMatchObject({ file: 'grpo/8.jsonl', status: 'cancelled', imported: 0 });
    // What the page says: the files stored whole and every sample kept, counted as stored.
    expect(thrown).toMatchObject({
      name: 'AbortError',
      filesDone: 7,
      files: 30,
      stored: await countTrajectories(),
    });
    expect((thrown as Error).message).toBe(
      `Import cancelled after 7 of 30 step files: ${await countTrajectories()} samples stored, which are kept.`,
    );
  });

  it('a full disk mid-group: the stopped-run message names the failing file and what the files before it kept', async () => {
    await withJournal();
    // One transaction of 12 records, then none: files 1-11 whole (file 9 has a bad line).
    const allowPuts = refuseTrajectoryPutsAfter(11);
    let message = '';
    try {
      // Transactions of at most 2 s: one pause in file 12 splits the group there.
      await importTrainingFiles(stepFiles(30), {
        run: 'grpo',
        onFile: (_name, k) => {
          if (k === 12) holdThread(2100);
        },
      }).catch((e: Error) => (message = e.message));
    } finally {
      allowPuts();
    }
    expect(message).toMatch(/storing grpo\/12\.jsonl: 0 records of it were stored and kept/);
    expect(message).toMatch(
      /The import stopped at step file 12 of 30\. The 11 step files before it stored 11 samples, which are kept\.$/,
    );
    const stored = await importsByFile();
    expect(stored.map((x) => [x.file, x.status])).toEqual([
      ...Array.from({ length: 11 }, (_, k) => [`grpo/${k + 1}.jsonl`, 'done']),
      ['grpo/12.jsonl', 'failed'],
    ]);
    expect(await countTrajectories()).toBe(11);
  });
});

const [LABELLED] = hopscopeExportLines();

/** A file of `n` Hopscope records, each carrying a label. */
function labelledFile(name: string, n: number): { file: File; name: string } {
  const rec = JSON.parse(LABELLED!) as Record<string, unknown>;
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      ...rec,
      id: `${name}-${i}`,
      question: `${name} ${i}?`,
      annotations: [{ label: 'verdict:good', annotator: 'ana', createdAt: '2026-11-29T00:00:00Z' }],
    }),
  );
  return { file: new File([`${lines.join('\n')}\n`], name), name };
}

describe('a group of files carrying labels', () => {
  it('journals every label it stored and every file it finished', async () => {
    await withJournal();
    const session = new ImportSession();
    const reports = await importStepGroup(
      [labelledFile('a.jsonl', 3), labelledFile('b.jsonl', 2)],
      undefined,
      {},
      session,
    );
    session.end();
    expect(reports.map((r) => [r.file, r.imported, r.annotations])).toEqual([
      ['a.jsonl', 3, 3],
      ['b.jsonl', 2, 2],
    ]);
    const replayed = replayJournal(journal.text());
    const stored = (await listAnnotations()).map((a) => a.id).sort();
    expect(stored).toHaveLength(5);
    expect([...replayed.annotations.values()].map((a) => a.id).sort()).toEqual(stored);
    expect([...replayed.imports.values()].map((r) => [r.file, r.imported]).sort()).toEqual([
      ['a.jsonl', 3],
      ['b.jsonl', 2],
    ]);
  });
});

describe('Cancel while a transaction of the group commits', () => {
  it('counts each file stored once: news of a transaction that commits after Cancel is not added twice', async () => {
    await withJournal();
    const ac = new AbortController();
    const proto = IDBObjectStore.prototype;
    const put = proto.put;
    // Cancel as the first transaction writes its reports (the worker ended while it commits; its
    // news comes after: a message already posted when a worker is terminated, here the mock).
    proto.put = function (this: IDBObjectStore, ...a: Parameters<typeof put>) {
      if (this.name === 'imports' && this.transaction.objectStoreNames.contains('trajectories')) ac.abort();
      return put.apply(this, a);
    };
    let thrown: unknown;
    try {
      thrown = await importTrainingFiles(stepFiles(30), {
        run: 'grpo',
        signal: ac.signal,
        onFile: (_name, k) => {
          // A pause before file 8 cuts files 1-7 into one transaction.
          if (k === 8) holdThread(2100);
        },
      }).catch((e: unknown) => e);
    } finally {
      proto.put = put;
    }
    expect(thrown).toBeInstanceOf(RunImportCancelledError);
    const kept = (await listImports()).filter((x) => x.status === 'done');
    const e = thrown as RunImportCancelledError;
    expect({ filesDone: e.filesDone, stored: e.stored }).toEqual({
      filesDone: kept.length,
      stored: await countTrajectories(),
    });
  });
});

describe("a group's return before its news", () => {
  it('hears every file once, in order, whichever comes first', async () => {
    await withJournal();
    news.lateMs = 30;
    const heard: string[] = [];
    const r = await importTrainingFiles(stepFiles(12), {
      run: 'grpo',
      onFile: (name) => heard.push(name),
    });
    expect(r.files.map((f) => f.name)).toEqual(heard);
    expect(r.files).toHaveLength(12);
    expect(r.imported).toBe(await countTrajectories());
    // The late news still journals its labels, and no file twice.
    await new Promise((done) => setTimeout(done, 100));
    expect(r.files).toHaveLength(12);
  });
});
