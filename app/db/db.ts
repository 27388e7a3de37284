// IndexedDB layout (via idb). Used from the page and from workers alike.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Annotation } from '../core/annotations/annotation';
import type { TrajectoryRow } from '../core/dataset/row';
import type { ImportIssue } from '../core/importers/types';
import type { Trajectory } from '../core/schema/trajectory';

export interface ImportRecord {
  id: string;
  file: string;
  format: string | null;
  records: number;
  imported: number;
  errors: ImportIssue[];
  at: string;
}

export interface HopscopeDB extends DBSchema {
  trajectories: { key: string; value: Trajectory };
  rows: { key: string; value: TrajectoryRow; indexes: { file: string } };
  annotations: { key: string; value: Annotation; indexes: { trajectoryId: string } };
  imports: { key: string; value: ImportRecord };
  meta: { key: string; value: unknown };
}

export const DB_NAME = 'hopscope';
const DB_VERSION = 1;

let dbPromise: Promise<IDBPDatabase<HopscopeDB>> | null = null;

export function db(): Promise<IDBPDatabase<HopscopeDB>> {
  dbPromise ??= openDB<HopscopeDB>(DB_NAME, DB_VERSION, {
    upgrade(d) {
      d.createObjectStore('trajectories', { keyPath: 'id' });
      d.createObjectStore('rows', { keyPath: 'id' }).createIndex('file', 'file');
      d.createObjectStore('annotations', { keyPath: 'id' }).createIndex('trajectoryId', 'trajectoryId');
      d.createObjectStore('imports', { keyPath: 'id' });
      d.createObjectStore('meta');
    },
    blocking() {
      // Another tab wants a newer schema: let it upgrade, reopen on next use.
      void dbPromise?.then((x) => x.close());
      dbPromise = null;
    },
  });
  return dbPromise;
}

/** For tests: forget the open connection. */
export function resetDbConnection(): void {
  dbPromise = null;
}
