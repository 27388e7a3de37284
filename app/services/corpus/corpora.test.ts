import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, DB_NAME, resetDbConnection } from '../../db/db';
import { createSearchWorkerApi } from '../../runtime/search/api';
import { type ChangeNotice, onDataChange } from '../changes';

// The search worker's API run in this thread, on the demo world as the app serves it.
vi.mock('../../runtime/search/client', () => {
  const api = createSearchWorkerApi();
  return { searchWorker: () => api };
});

const { ensureDemoWorld } = await import('./corpora');

beforeEach(async () => {
  (await db()).close();
  resetDbConnection();
  await deleteDB(DB_NAME);
  vi.stubGlobal('fetch', async (url: string) => {
    const file = String(url).replace(/^\//, 'public/');
    return new Response(readFileSync(file));
  });
  return () => vi.unstubAllGlobals();
});

/** The changes announced while `fn` runs. */
async function announced(fn: () => Promise<unknown>): Promise<ChangeNotice[]> {
  const seen: ChangeNotice[] = [];
  const off = onDataChange((n) => seen.push(n));
  try {
    await fn();
  } finally {
    off();
  }
  return seen;
}

describe('the demo world at start', () => {
  it('announces the corpus and questions when it stores them, and nothing on a start that finds them stored', async () => {
    const first = await announced(ensureDemoWorld);
    expect(first.map((n) => n.changes)).toEqual([['corpora', 'question-sets']]);
    // A reload: the same files, already stored. A question-set change would make the table read
    // every row again beside the first read.
    expect(await announced(ensureDemoWorld)).toEqual([]);
  });

  it('announces again when its question set is gone (stored again)', async () => {
    await ensureDemoWorld();
    const d = await db();
    await d.clear('questionSets');
    const again = await announced(ensureDemoWorld);
    expect(again.map((n) => n.changes)).toEqual([['corpora', 'question-sets']]);
    expect(await d.count('questionSets')).toBe(1);
  });
});
