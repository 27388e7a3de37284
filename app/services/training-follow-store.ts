// Followed dump folders, kept in IndexedDB (a database of their own): the folder's handle (the
// File System Access API's handles are stored as they are), the run its files import as, and the
// files imported so far, so a reload resumes without importing them again.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { ImportedFiles } from './training-follow-plan';

export interface FollowRecord {
  /** The run the folder's step files are imported as (the key: one folder per run). */
  run: string;
  handle: FileSystemDirectoryHandle;
  imported: ImportedFiles;
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

/** Records `file` as imported into `run`'s follow (read-modify-write in one transaction). */
export async function markImported(
  run: string,
  file: { name: string; size: number; lastModified: number },
): Promise<void> {
  const tx = (await open()).transaction('follows', 'readwrite');
  const r = await tx.store.get(run);
  if (r) {
    r.imported[file.name] = { size: file.size, lastModified: file.lastModified };
    await tx.store.put(r);
  }
  await tx.done;
}
