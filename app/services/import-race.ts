// What one file's import (trajectory-import.ts) and a run's group of step files
// (step-group-import.ts) share about a worker the page can end at once: a Cancel that answers
// whatever the worker is doing, and how a failure it reports reaches the user.
import { AbortError } from '../core/abort';
import { explainStorageError, isQuotaError, rethrowStorageError } from './storage/storage-health';

/** A Cancel: `cancelled` resolves once `cancel` is called. */
export function cancelSwitch(): { cancelled: Promise<'cancelled'>; cancel: () => void } {
  let cancel = () => {};
  const cancelled = new Promise<'cancelled'>((resolve) => (cancel = () => resolve('cancelled')));
  return { cancelled, cancel };
}

/**
 * The worker's answer, or 'cancelled' if the Cancel comes first: an ended worker leaves `work`
 * unsettled or rejected, and that rejection is never unhandled.
 */
export function unlessCancelled<T>(
  work: Promise<T>,
  cancelled: Promise<'cancelled'>,
): Promise<T | 'cancelled'> {
  work.catch(() => {});
  return Promise.race([work, cancelled]);
}

/**
 * Rethrows an import's failure for the user: a cancel as it is; a full quota whose message names
 * `file` (the worker's: the file and the records stored) with the usage and what to delete first;
 * another storage loss explained.
 */
export async function rethrowImportFailure(e: unknown, file: string | undefined): Promise<never> {
  if (e instanceof AbortError) throw e;
  if (isQuotaError(e) && e instanceof Error && file !== undefined && e.message.includes(file))
    throw new Error(`${await explainStorageError(e)} ${e.message}`, { cause: e });
  return await rethrowStorageError(e);
}
