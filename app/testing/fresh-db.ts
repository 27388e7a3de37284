// Each test starts on an empty Hopscope database (fake-indexeddb: import 'fake-indexeddb/auto'
// first in the test file), and none is left behind.
import { deleteDB } from 'idb';
import { afterAll, beforeEach } from 'vitest';
import { db, DB_NAME, resetDbConnection } from '../db/db';

/** Closes the connection, as a page reload would; the next db() opens the same database again. */
export async function reopenDb(): Promise<void> {
  (await db()).close();
  resetDbConnection();
}

export async function resetDb(): Promise<void> {
  await reopenDb();
  await deleteDB(DB_NAME);
}

/** Registers resetDb before each test of the file and after its last. */
export function freshDbPerTest(): void {
  beforeEach(resetDb);
  afterAll(resetDb);
}
