// The model judge's replies (app/core/diagnose/search-judge-*.ts), cached per (rubric version,
// model, prompt): the reply as the model wrote it, never labels, so a change to how replies are
// read needs no re-asking, and every rubric text by its version, so a label's rubric can be shown
// and a cached reply checked against the trajectory it was asked about. A database of its own,
// like the probes' and the answer judge's: a cache that may be cleared without touching trajectories.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface SearchJudgeReplyRecord {
  key: string;
  trajectoryId: string;
  /** The judging model as in the key, and as people read it. */
  model: string;
  modelLabel: string;
  rubricVersion: string;
  /** The reply, shortened to REPLY_CHARS. */
  reply: string;
  at: string;
}

export interface RubricRecord {
  version: string;
  text: string;
  at: string;
}

interface SearchJudgeDB extends DBSchema {
  replies: { key: string; value: SearchJudgeReplyRecord };
  rubrics: { key: string; value: RubricRecord };
}

export const SEARCH_JUDGE_DB_NAME = 'hopscope-search-judge';
/** Longest reply kept: a label and a quote per search fits many times over. */
export const REPLY_CHARS = 40_000;
let dbPromise: Promise<IDBPDatabase<SearchJudgeDB>> | null = null;

function searchJudgeDb(): Promise<IDBPDatabase<SearchJudgeDB>> {
  dbPromise ??= openDB<SearchJudgeDB>(SEARCH_JUDGE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('replies', { keyPath: 'key' });
      db.createObjectStore('rubrics', { keyPath: 'version' });
    },
  });
  return dbPromise;
}

/** Closes and forgets the open connection (before deleting the database). */
export async function closeSearchJudgeDb(): Promise<void> {
  const open = dbPromise;
  dbPromise = null;
  if (open) (await open).close();
}

export async function getSearchJudgeReply(key: string): Promise<SearchJudgeReplyRecord | undefined> {
  return (await searchJudgeDb()).get('replies', key);
}

export async function putSearchJudgeReply(r: SearchJudgeReplyRecord): Promise<void> {
  await (await searchJudgeDb()).put('replies', { ...r, reply: r.reply.slice(0, REPLY_CHARS) });
}

/** Every cached reply (Calibrate reads the judge's labels from them). */
export async function listSearchJudgeReplies(): Promise<SearchJudgeReplyRecord[]> {
  return (await searchJudgeDb()).getAll('replies');
}

/** Keeps a rubric's text by its version (once; the text of a version never changes). */
export async function putRubric(r: RubricRecord): Promise<void> {
  const db = await searchJudgeDb();
  if (!(await db.get('rubrics', r.version))) await db.put('rubrics', r);
}

export async function listRubrics(): Promise<RubricRecord[]> {
  return (await searchJudgeDb()).getAll('rubrics');
}
