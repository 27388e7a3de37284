// Runs the import pipeline and stores each batch as it comes, so a 100 MB file never sits in
// memory whole. The import's report is stored when it starts and after every batch, so a
// cancelled, failed (quota) or interrupted import still says what was stored. Used by the import
// worker; the page backs up what it reports (the worker has no localStorage).
import { isAbort, throwIfAborted } from '../core/abort';
import type { Annotation } from '../core/annotations/annotation';
import { type ImportProgress, type ImportSummary, importBatches } from '../core/importers/pipeline';
import type { ImportIssue } from '../core/importers/types';
import type { Trajectory } from '../core/schema/trajectory';
import {
  abortedWriteError,
  closedByBrowserWithin,
  DatabaseClosedError,
  forcedCloseMark,
  type ImportRecord,
} from './db';
import { batchWriter } from './import-batch';
import { cancelledMessage, type ImportStart, importStart, keepIssues, runningImport } from './import-record';
import { putImportRecord } from './store';
import { type DerivedRows, deriveRows } from './trajectory-write';

export interface DbImportOptions {
  file: string;
  format?: string;
  signal?: AbortSignal;
  /** Trajectories per batch (one transaction each); the pipeline's BATCH_RECORDS by default. */
  batchSize?: number;
  /**
   * Derives a batch's rows (the import worker's pool of row workers, runtime/rows), in the batch's
   * order, while the next batch is read; on this thread by default. A failure fails the batch.
   */
  deriveRows?: (list: readonly Trajectory[]) => Promise<DerivedRows>;
  /** The id and time the page already backed the import up under; made here when absent. */
  start?: ImportStart;
  /**
   * The app's own served file (the demo set): its records replace those an older version of the
   * same file stored. Otherwise a stored id holding a different record is never replaced.
   */
  replacesOwnOlderVersion?: boolean;
  /** After each batch commits, with the ids it stored and the labels the file carried. */
  onProgress?: (p: ImportProgress, storedIds: string[], storedAnnotations: Annotation[]) => void;
}

export async function importIntoDb(
  chunks: AsyncIterable<string | Uint8Array>,
  opts: DbImportOptions,
): Promise<ImportRecord> {
  const closes = forcedCloseMark();
  const record = runningImport(opts.file, opts.format, opts.start ?? importStart(opts.file));
  await putImportRecord(record);
  const gen = importBatches(chunks, {
    file: opts.file,
    ...(opts.format ? { format: opts.format } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.batchSize ? { batchSize: opts.batchSize } : {}),
  });
  const derive = opts.deriveRows ?? deriveRows;
  const write = batchWriter(record, {
    ...opts,
    ...(opts.start?.collection ? { collection: opts.start.collection } : {}),
  });
  // Records stored under a derived id because theirs held a different record, and labels not
  // stored: reported first.
  const storeIssues: ImportIssue[] = [];
  // Labels not stored because their step is not in their record (counted out of the summary's).
  let dropped = 0;
  // One batch commits while the next is parsed and converted: the commit runs in the browser's
  // storage process, so the two overlap (the import took their sum before).
  let committing: Promise<void> | null = null;
  try {
    let summary: ImportSummary;
    for (;;) {
      const r = await gen.next();
      // The batch's rows are asked for as soon as it is converted, while the previous batch is
      // still being put and committed: the row workers and this thread work at once, not in turn.
      // At most two batches are held: this one and the one committing. A failed derivation fails
      // this batch when its write awaits it (after the previous one is stored).
      const rows = r.done ? undefined : derive(r.value.trajectories);
      rows?.catch(() => {});
      // The previous batch is stored (or its failure thrown) before the next one starts, and a
      // batch converted while the user cancelled is not stored.
      await committing;
      throwIfAborted(opts.signal);
      // Closed by the browser between two writes (a reset): the next write would go to a new,
      // empty database and the import would end "done" with its earlier batches gone.
      if (forcedCloseMark() !== closes) throw new DatabaseClosedError();
      if (r.done) {
        summary = r.value;
        break;
      }
      const progress = r.value.progress;
      committing = write(r.value, rows).then((b) => {
        for (const issue of b.issues) storeIssues.push(issue);
        dropped += b.labelsDropped;
        opts.onProgress?.(progress, b.storedIds, b.storedAnnotations);
      });
      // Keeps an unhandled rejection from firing while the next batch is converted.
      committing.catch(() => {});
    }
    finish(record, summary, storeIssues, dropped);
    // Inside the try: the last write can be the one a full disk fails (and the browser resets).
    await putImportRecord(record);
  } catch (thrown) {
    // Only the user's signal cancels, and only when it is what stopped the import (a Cancel
    // pressed after a write failed does not hide the failure).
    const cancelled = opts.signal?.aborted === true && isAbort(thrown);
    // A batch still committing finishes first, so the report counts it.
    await committing?.catch(() => {});
    return await settleStoppedImport(record, thrown, cancelled, closes);
  }
  return record;
}

/**
 * Settles the report of an import that stopped (`cancelled` by the user's signal, or failed),
 * stores it and throws what stopped it: what was stored stays, and the report says so and why. A
 * full quota throws storageFullError, naming the file (the batch it hit aborted whole, every batch
 * before it is stored with the report); a write the browser's reset stopped, DatabaseClosedError.
 */
export async function settleStoppedImport(
  record: ImportRecord,
  thrown: unknown,
  cancelled: boolean,
  closes: number,
): Promise<never> {
  const e = cancelled ? thrown : await explainStorageStop(thrown, closes);
  record.status = cancelled ? 'cancelled' : 'failed';
  if (cancelled) record.message = cancelledMessage(record.imported);
  else if (isQuotaExceeded(e)) {
    const full = storageFullError(record.file, record.imported, e);
    record.message = full.message;
    await putImportRecord(record).catch(() => {});
    throw full;
  } else
    record.message = `${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} (after ${record.imported} imported)`;
  await putImportRecord(record).catch(() => {});
  throw e;
}

/** The report of a finished import: the summary's counts and every issue, store issues first. */
export function finish(
  record: ImportRecord,
  summary: ImportSummary,
  storeIssues: ImportIssue[],
  dropped: number,
): void {
  Object.assign(record, {
    format: summary.format,
    records: summary.records,
    imported: summary.imported,
    annotations: summary.annotations - dropped,
    status: 'done',
  });
  // The summary holds every issue in order; the batches' ones are replaced, not added to.
  record.errors = [];
  delete record.errorsNotKept;
  delete record.warnings;
  keepIssues(record, storeIssues);
  keepIssues(record, summary.errors);
}

/**
 * An AbortError the user did not cause is a write the browser aborted; an InvalidStateError is a
 * write on a connection the browser is closing; an UnknownError a write the storage failed. Each,
 * when the browser closed the database, becomes a DatabaseClosedError (what the page explains);
 * anything else is kept.
 */
export async function explainStorageStop(e: unknown, closes: number): Promise<unknown> {
  if (isAbort(e)) return abortedWriteError(e, closes);
  const name = (e as { name?: unknown } | null)?.name;
  // UnknownError: Chromium's failed LevelDB write ("Unknown error") as it resets the bucket.
  if (name === 'InvalidStateError' || name === 'UnknownError') {
    return (await closedByBrowserWithin(closes)) ? new DatabaseClosedError({ cause: e }) : e;
  }
  return e;
}

/** True for the browser's full-quota error, or an error wrapping it (idb keeps it as `inner` or `cause`). */
export function isQuotaExceeded(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  if ((e as { name?: unknown }).name === 'QuotaExceededError') return true;
  const x = e as { cause?: unknown; inner?: unknown };
  return isQuotaExceeded(x.cause ?? x.inner, depth + 1);
}

/**
 * The error a full quota stops an import with: named QuotaExceededError still (what the page
 * explains with the site's usage), saying which file and how many of its records are stored.
 */
export function storageFullError(file: string, imported: number, cause: unknown): Error {
  const n = imported.toLocaleString('en-US');
  const e = new Error(
    `The browser's storage was full while storing ${file}: ${n} record${imported === 1 ? '' : 's'} of it ` +
      `${imported === 1 ? 'was' : 'were'} stored and kept; the rest of it was not imported. Import it again ` +
      `once there is room (the records stored are recognised, not doubled).`,
    { cause },
  );
  e.name = 'QuotaExceededError';
  return e;
}
