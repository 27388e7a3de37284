// Importing trajectory logs as a use case: files are parsed and stored in an import worker
// (streamed, all-or-report); the table reads the rows stored as they arrive and the rest at the
// end. Cancel ends the import's worker at once (a huge record can hold it in one conversion for
// many seconds, deaf to a message) and settles the stored report: what was stored stays, and the
// report counts it.
import { importStarted } from './import-activity';
import * as Comlink from 'comlink';
import { AbortError } from '../core/abort';
import type { CollectionRef } from '../core/collections/collection';
import type { ImportProgress } from '../core/importers/pipeline';
import type { ImportedBatch, ImportWorkerApi } from '../runtime/import/api';
import { importWorker, type OwnImportWorker, startImportWorker } from '../runtime/import/client';
import { backupImport, backupLabels } from '../db/backup';
import type { ImportRecord } from '../db/db';
import { importStart } from '../db/import-record';
import { settleCancelledImport } from '../db/import-stop';
export { reportedErrors, reportedIssues } from '../db/db';
import { announce, announceImportEnd } from './changes';
import { StoredRefresh } from './stored-refresh';
import { afterServed } from './corpus/served-first';
import { cancelSwitch, rethrowImportFailure, unlessCancelled } from './import-race';
import { resyncLabelBackup } from './storage/storage-recovery';

export type ImportReport = Awaited<ReturnType<ImportWorkerApi['importBlob']>>;

/** A cancelled import (an AbortError, as isAbort asks): `report` counts what was stored. */
export class ImportCancelledError extends AbortError {
  constructor(readonly report: ImportRecord) {
    super(`cancelled after ${report.imported} imported`);
  }
}

/**
 * A worker for imports in turn (a training run's step files): the ids it holds in memory are read
 * once for all of them, and the table is refreshed at most once a second over all of them. A
 * cancelled import ends its worker; the next import through it starts a new one.
 */
export class ImportSession {
  private worker: OwnImportWorker | null = null;
  readonly refresh = new StoredRefresh();

  get api(): OwnImportWorker['api'] {
    this.worker ??= startImportWorker();
    return this.worker.api;
  }

  /**
   * Ends the worker. The ids it stored that no refresh has announced yet stay for the import's end
   * notice (refresh.settle), with any news still on its way.
   */
  end(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}

/** Running jobs' Cancel: ends the job's worker and settles its report. */
const cancels = new Map<string, () => void>();

/** Imports running in workers of their own at once, at most: a drop of many files queues the rest. */
const MAX_OWN_WORKERS = Math.max(1, Math.min(4, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1));
let ownWorkers = 0;
const waiting: Array<() => void> = [];

/** Waits for a free worker slot; resolves with its release. */
async function workerSlot(): Promise<() => void> {
  while (ownWorkers >= MAX_OWN_WORKERS) await new Promise<void>((r) => waiting.push(r));
  ownWorkers++;
  return () => {
    ownWorkers--;
    waiting.shift()?.();
  };
}

/**
 * Imports one file as job `jobId` (see cancelImport); rejects with an AbortError when cancelled.
 * `name`: what the file is known by (a training run's step file is `run/12.jsonl`, which names its
 * run); the file's own name by default.
 */
export async function importTrajectoryFile(
  jobId: string,
  file: File,
  format: string | undefined,
  onProgress: (p: ImportProgress & { bytesTotal: number }) => void,
  name: string = file.name,
  /** false: no end notice (one file of many; the caller announces the run's end once). */
  announceEnd = true,
  /** The worker to import in (a run's files share one); by default one of its own, ended after. */
  session?: ImportSession,
  /** The collection the file goes to (the Import dialog's choice); else each record's kind's. */
  collection?: CollectionRef,
): Promise<ImportReport> {
  const own = session ?? new ImportSession();
  const { cancelled, cancel } = cancelSwitch();
  cancels.set(jobId, cancel);
  // Named in the labels' backup before anything is stored, so a reset mid-import names it too.
  // The id is made once, here: the worker stores the report under it, so the end replaces this.
  const start = importStart(name, undefined, collection);
  // Stored ids heard before this import (a session's earlier files): the end counts this one's.
  const heardBefore = own.refresh.heard;
  // Records stored, as the report counts them once it settles; null while unknown (a failure).
  let stored: number | null = null;
  // Ends the worker at once, whatever it is doing (a write it had open commits or aborts whole),
  // and settles the stored report: it counts what was stored. An import that finished first is
  // done, not cancelled.
  let started = false;
  const stop = async (): Promise<ImportReport> => {
    own.end();
    const report = await settleCancelledImport(start, name, format);
    stored = report.imported;
    await backupImport(report);
    // The ended worker may have committed a batch whose labels never reached this page to be
    // journaled: the journal is rewritten from the database.
    if (started) await resyncLabelBackup(`the import of ${name} was cancelled`);
    if (report.status === 'done') return report;
    throw new ImportCancelledError(report);
  };
  // A worker of its own waits for a slot (a run's files share the run's one worker, taking none).
  const slot = session ? Promise.resolve(() => {}) : workerSlot();
  const ended = importStarted();
  try {
    // The demo set first, when it is loading: the two may hold the same ids (served-first.ts).
    const ready = Promise.all([afterServed(), slot]);
    if ((await Promise.race([ready, cancelled])) === 'cancelled') return await stop();
    await backupImport({ id: start.id, file: name, imported: 0, at: start.at });
    started = true;
    const importing = own.api.importBlob(
      jobId,
      file,
      name,
      format,
      Comlink.proxy(({ storedIds, storedAnnotations, ...p }: ImportedBatch) => {
        onProgress(p);
        // The worker has no localStorage: the page backs up the labels an export brought back.
        void backupLabels(storedAnnotations);
        // Rows appear while a big file is still importing (the table reads just these).
        own.refresh.add(storedIds);
      }),
      start,
    );
    const first = await unlessCancelled(importing, cancelled);
    if (first === 'cancelled') return await stop();
    stored = first.imported;
    await backupImport(first);
    return first;
  } catch (e) {
    return await rethrowImportFailure(e, name);
  } finally {
    ended();
    cancels.delete(jobId);
    // Also after a failure or a cancel: what was stored before stays, with its report. The table
    // reads the rows no refresh announced yet, once the news of every one stored has come (every
    // row when it cannot know them), not every row again.
    if (announceEnd)
      announceImportEnd(await own.refresh.settle(stored === null ? null : heardBefore + stored));
    else if (!session) own.refresh.flush();
    // A run's next file follows: its rows join this one's in the session's next refresh.
    else own.refresh.add([]);
    if (!session) own.end();
    // Released once taken, even when the job was cancelled while it waited.
    void slot.then((release) => release());
  }
}

/** Cancels job `jobId`: its import rejects with an ImportCancelledError within moments. */
export function cancelImport(jobId: string): void {
  cancels.get(jobId)?.();
}

/** Imports a file the app serves (the bundled demo set), into `collection`. */
export async function importServedFile(
  url: string,
  name: string,
  format: string | undefined,
  collection: CollectionRef,
): Promise<void> {
  await importWorker().importUrl(url, name, format, collection);
  announce('trajectories', 'imports');
}
