import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { afterAll, expect, it } from 'vitest';
import { db, DB_NAME, DB_VERSION, resetDbConnection } from './db';

afterAll(async () => {
  resetDbConnection();
  await deleteDB(DB_NAME);
});

it('a refused open is not kept: the next use opens the database once the cause is gone', async () => {
  // A refusal the fake database can make for real: a newer database on disk (VersionError).
  // Chromium's refusal on a full disk (QuotaExceededError on open) takes the same path.
  (await openDB(DB_NAME, DB_VERSION + 1)).close();
  await expect(db()).rejects.toThrow();
  await deleteDB(DB_NAME);
  const opened = await db();
  expect(opened.version).toBe(DB_VERSION);
  expect([...opened.objectStoreNames]).toContain('collections');
});
