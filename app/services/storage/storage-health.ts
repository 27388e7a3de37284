// A full disk must say so: IndexedDB's QuotaExceededError, and the IO error Chromium raises when
// the disk itself is full, become a message naming the cause, this site's usage and quota
// (navigator.storage.estimate), and what the user can delete. And persistent storage is
// requested once, so the browser does not evict labels under pressure.

import { backupFile } from '../../db/backup-file';

/** Messages of a full disk as browsers word them (Chromium's LevelDB, Firefox, Safari). */
const DISK_FULL =
  /FILE_ERROR_NO_SPACE|No space left on device|full disk|disk is full|NS_ERROR_FILE_NO_DEVICE_SPACE/i;

/** True when `test` holds for `e` or an error it wraps (idb keeps a transaction's error as `inner` or `cause`). */
function inCauseChain(e: unknown, test: (x: { name?: unknown; message?: unknown }) => boolean): boolean {
  if (!e || typeof e !== 'object') return false;
  if (test(e)) return true;
  const cause = (e as { cause?: unknown }).cause ?? (e as { inner?: unknown }).inner;
  return cause !== undefined && cause !== e && inCauseChain(cause, test);
}

/** True when the disk itself is full (not only this site's quota). */
export function isDiskFullError(e: unknown): boolean {
  return inCauseChain(e, ({ message }) => typeof message === 'string' && DISK_FULL.test(message));
}

/** True for the errors a browser raises when this site's storage, or the disk, is full. */
export function isQuotaError(e: unknown): boolean {
  return (
    inCauseChain(
      e,
      ({ name, message }) =>
        name === 'QuotaExceededError' ||
        name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
        (typeof message === 'string' && /quota/i.test(message)),
    ) || isDiskFullError(e)
  );
}

/**
 * True when the browser closed the database under a write (db.ts's DatabaseClosedError, also
 * after it crossed from a worker, where only its name survives).
 */
export function isDatabaseClosedError(e: unknown): boolean {
  return inCauseChain(e, ({ name }) => name === 'DatabaseClosedError');
}

/** True for the failures describeStorageError explains: a full quota or disk, a closed database. */
export function isStorageLossError(e: unknown): boolean {
  return isQuotaError(e) || isDatabaseClosedError(e);
}

export interface StorageEstimate {
  usage?: number;
  quota?: number;
}

function size(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v.toLocaleString('en', { maximumFractionDigits: i === 0 ? 0 : 1 })} ${units[i]}`;
}

/** What the user can delete to make room, largest first. */
export const WHAT_CAN_BE_DELETED =
  'corpora and their indexes (Corpus page, Delete), batches (Run page, Delete), imported files you no longer need';

/** The message for a failed write: the quota case names usage, quota and what to delete. */
export function describeStorageError(
  e: unknown,
  estimate: StorageEstimate | null,
  labelsBackedUp = backupFile() !== null,
): string {
  if (!isStorageLossError(e)) return e instanceof Error ? e.message : String(e);
  const used =
    estimate?.usage !== undefined && estimate.quota !== undefined
      ? ` (using ${size(estimate.usage)} of ${size(estimate.quota)} allowed)`
      : '';
  // Chromium resets the site's whole IndexedDB after a write fails on a full disk
  // (electron/electron#41877), closing its connections: nothing in the database can be promised,
  // only the labels' separate backup.
  const afterReset = labelsBackedUp
    ? `Hopscope keeps a copy of your labels and notes outside it and puts them back when you reload, if the browser could keep that copy: free disk space first, then reload the page. Imported trajectories may need importing again.`
    : `Free disk space, then reload the page; imported trajectories may need importing again.`;
  if (isDiskFullError(e))
    return `the disk is full. The browser may have reset this site's database. ${afterReset}`;
  if (!isQuotaError(e))
    return `the browser closed this site's database during the write, as Chromium does when the disk is full or the site's data is cleared, and may have reset it. ${afterReset}`;
  return `the browser's storage for this site is full${used}. Nothing already saved was lost. To make room, delete ${WHAT_CAN_BE_DELETED}, or free disk space, then try again.`;
}

/** This site's usage and quota, or null where the browser does not say. */
export async function storageEstimate(): Promise<StorageEstimate | null> {
  try {
    return (await navigator.storage?.estimate?.()) ?? null;
  } catch {
    return null;
  }
}

/** describeStorageError with the live estimate. */
export async function explainStorageError(e: unknown): Promise<string> {
  return describeStorageError(e, isStorageLossError(e) ? await storageEstimate() : null);
}

/** Asks once for persistent storage (labels survive storage pressure); true when granted. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const s = navigator.storage;
    if (!s?.persist) return false;
    if (await s.persisted?.()) return true;
    return await s.persist();
  } catch {
    return false;
  }
}

/**
 * Rethrows a failed write: a full disk as an Error whose message says so (usage, quota, what to
 * delete); anything else unchanged. For every import and load, so none of them says only "failed".
 */
export async function rethrowStorageError(e: unknown): Promise<never> {
  if (!isStorageLossError(e)) throw e;
  throw new Error(await explainStorageError(e), { cause: e });
}
