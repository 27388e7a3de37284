// A cancelled import's labels reach the backup journal (issue: a batch the ended worker stored,
// whose message never reached the page, was in the database and not in the journal). The import
// worker is stood in for by the same importIntoDb on this thread: its second batch commits, and
// the page ends the worker before that batch's progress, with its labels, is delivered.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayJournal } from '../core/annotations/backup-journal';
import { streamBytes } from '../core/io/decode';
import { BACKUP_BEHIND } from '../db/backup';
import { setBackupFileForTests } from '../db/backup-file';
import { importIntoDb } from '../db/import-into-db';
import { getMeta, listAnnotations } from '../db/store';
import type { ImportedBatch } from '../runtime/import/api';
import { freshDbPerTest } from '../testing/fresh-db';
import { hopscopeExportLines } from '../testing/import-test-files';
import { MemoryBackupFile } from '../testing/memory-backup-file';
import { checkLabelBackup } from './storage/storage-recovery';
import { cancelImport, ImportCancelledError, importTrajectoryFile } from './trajectory-import';

const BATCH = 20;
/** Set by the stand-in worker once the import inside it has settled. */
let workerDone: Promise<unknown> = Promise.resolve();

vi.mock('../runtime/import/client', () => ({
  importWorker: () => {
    throw new Error('not used here');
  },
  startImportWorker: () => {
    const ac = new AbortController();
    let ended = false;
    let batches = 0;
    return {
      terminate: () => {
        ended = true;
        ac.abort();
      },
      api: {
        importBlob: (
          jobId: string,
          blob: Blob,
          name: string,
          _format: string | undefined,
          onProgress: (p: ImportedBatch) => void,
          start: Parameters<typeof importIntoDb>[1]['start'],
        ) => {
          const run = importIntoDb(streamBytes(blob.stream()), {
            file: name,
            batchSize: BATCH,
            signal: ac.signal,
            ...(start ? { start } : {}),
            onProgress: (p, storedIds, storedAnnotations) => {
              if (ended) return;
              // The second batch is stored; the user cancels before its message is delivered.
              if (++batches === 2) {
                cancelImport(jobId);
                return;
              }
              onProgress({ ...p, bytesTotal: blob.size, storedIds, storedAnnotations });
            },
          });
          workerDone = run.catch(() => undefined);
          return run;
        },
      },
    };
  },
}));

const [FIRST] = hopscopeExportLines();

/** `n` records, each carrying one trajectory label. */
function labelledLog(n: number): string {
  const rec = JSON.parse(FIRST!) as Record<string, unknown>;
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      ...rec,
      id: `rec-${i}`,
      question: `Question ${i}?`,
      annotations: [{ label: 'verdict:good', annotator: 'ana', createdAt: `2026-11-26T00:00:${i % 60}Z` }],
    }),
  ).join('\n');
}

freshDbPerTest();

let journal: MemoryBackupFile;

afterEach(() => setBackupFileForTests(undefined));

describe('a cancelled import', () => {
  it('leaves every label it stored in the backup journal, rewritten from the database', async () => {
    journal = new MemoryBackupFile();
    setBackupFileForTests(journal);
    await checkLabelBackup(journal);
    const file = new File([labelledLog(5 * BATCH)], 'labelled.jsonl');
    const done = importTrajectoryFile('job', file, undefined, () => {});
    await expect(done).rejects.toBeInstanceOf(ImportCancelledError);
    await workerDone;
    const stored = (await listAnnotations()).map((a) => a.id).sort();
    // At least two batches were stored (the worker runs on until ended); the second one's labels
    // never reached the page.
    expect(stored.length).toBeGreaterThanOrEqual(2 * BATCH);
    expect(stored).toContain(`ana|rec-${BATCH}||verdict`);
    expect(
      replayJournal(journal.text())
        .annotations.map((a) => a.id)
        .sort(),
    ).toEqual(stored);
    expect(await getMeta(BACKUP_BEHIND)).toBeFalsy();
  });
});
