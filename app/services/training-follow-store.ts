// Followed dump folders, kept in IndexedDB (a database of their own): the folder's handle (the
// File System Access API's handles are stored as they are), the run its files import as, and the
// files imported so far, so a reload resumes without importing them again, and the files that
// failed, so a reload does not try an unchanged one again.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { FailedFiles, ImportedFiles } from './training-follow-plan';

export interface FollowRecord {
  /** The run the folder's step files are imported as (the key: one folder per run). */
  run: string;
  handle: FileSystemDirectoryHandle;
  imported: ImportedFiles;
  /** Absent in records kept before failures were. */
  failed?: FailedFiles;
  since: string;
}

interface FollowDb extends DBSchema {
  follows: { key: string; value: FollowRecord };
}

const NAME = 'hopscope-training-follow';
let db: Promise<IDBPDatabase<FollowDb>> | null = null;

function open(): Promise<IDBPDatabase<FollowDb>> {
  db ??= openDB<FollowDb>(NAME, 1, {
    upgrade(d) {
      d.createObjectStore('follows', { keyPath: 'run' });
    },
    terminated() {
      db = null;
    },
  });
  return db;
}

export async function listFollows(): Promise<FollowRecord[]> {
  return (await open()).getAll('follows');
}

export async function saveFollow(r: FollowRecord): Promise<void> {
  await (await open()).put('follows', r);
}

export async function deleteFollow(run: string): Promise<void> {
  await (await open()).delete('follows', run);
}

/**
 * Records how `file` went in `run`'s follow (read-modify-write in one transaction): imported (with
 * its digest), or failed with `error` (tried again once its size or time changes).
 */
export async function markFile(
  run: string,
  file: { name: string; size: number; lastModified: number },
  outcome: { sha256: string } | { error: string },
): Promise<void> {
  const tx = (await open()).transaction('follows', 'readwrite');
  const r = await tx.store.get(run);
  if (r) {
    const failed = { ...r.failed };
    delete failed[file.name];
    const seen = { size: file.size, lastModified: file.lastModified };
    if ('error' in outcome) failed[file.name] = { ...seen, error: outcome.error };
    else r.imported[file.name] = { ...seen, sha256: outcome.sha256 };
    r.failed = failed;
    await tx.store.put(r);
  }
  await tx.done;
}
