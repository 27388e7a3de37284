// The LLM judge's verdicts, cached per (question, answer, gold, judge model, prompt) — the key is
// app/core/judge/correctness.ts's `judgeKey`. A database of its own: verdicts are a cache that may
// be cleared without touching imported trajectories, and its layout never needs the main
// database's migrations.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface JudgeVerdictRecord {
  key: string;
  verdict: boolean;
  /** The judge model, as in the key (kept for listing and clearing by model). */
  model: string;
  /** The judge's reply, shortened, so a surprising verdict can be checked. */
  reply: string;
  at: string;
}

interface JudgeDB extends DBSchema {
  verdicts: { key: string; value: JudgeVerdictRecord };
}

export const JUDGE_DB_NAME = 'hopscope-judge';
let dbPromise: Promise<IDBPDatabase<JudgeDB>> | null = null;

function judgeDb(): Promise<IDBPDatabase<JudgeDB>> {
  dbPromise ??= openDB<JudgeDB>(JUDGE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('verdicts', { keyPath: 'key' });
    },
  });
  return dbPromise;
}

/** Closes and forgets the open connection (before deleting the database). */
export async function closeJudgeDb(): Promise<void> {
  const open = dbPromise;
  dbPromise = null;
  if (open) (await open).close();
}

/** The cached verdicts among `keys` (key → verdict); keys never judged are absent. */
export async function getVerdicts(keys: readonly string[]): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  if (keys.length === 0) return out;
  const tx = (await judgeDb()).transaction('verdicts');
  const found = await Promise.all(keys.map((k) => tx.store.get(k)));
  await tx.done;
  for (const r of found) if (r) out.set(r.key, r.verdict);
  return out;
}

export async function putVerdict(r: JudgeVerdictRecord): Promise<void> {
  await (await judgeDb()).put('verdicts', r);
}
