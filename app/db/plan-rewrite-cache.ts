// Model rewrites of gold plan steps into questions, cached per (model, prompt, step): APEX's SEPR
// compares generated sub-questions with them (core/rewards/apex-sepr.ts). A database of its own,
// like the judge's verdicts: a cache that may be cleared without touching imported trajectories.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface PlanRewriteRecord {
  /** core/corpus/plan-rewrite-model.ts's `planRewriteKey`. */
  key: string;
  /** The model, as in the key. */
  model: string;
  step: string;
  question: string;
  at: string;
}

interface PlanRewriteDB extends DBSchema {
  rewrites: { key: string; value: PlanRewriteRecord };
}

export const PLAN_REWRITE_DB_NAME = 'hopscope-plan-rewrites';
let dbPromise: Promise<IDBPDatabase<PlanRewriteDB>> | null = null;

function rewriteDb(): Promise<IDBPDatabase<PlanRewriteDB>> {
  dbPromise ??= openDB<PlanRewriteDB>(PLAN_REWRITE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('rewrites', { keyPath: 'key' });
    },
  });
  return dbPromise;
}

/** Closes and forgets the open connection (before deleting the database). */
export async function closePlanRewriteDb(): Promise<void> {
  const open = dbPromise;
  dbPromise = null;
  if (open) (await open).close();
}

/** The cached rewrites among `keys` (key → question); keys never rewritten are absent. */
export async function getPlanRewrites(keys: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (keys.length === 0) return out;
  const tx = (await rewriteDb()).transaction('rewrites');
  const found = await Promise.all(keys.map((k) => tx.store.get(k)));
  await tx.done;
  for (const r of found) if (r) out.set(r.key, r.question);
  return out;
}

export async function putPlanRewrites(records: readonly PlanRewriteRecord[]): Promise<void> {
  if (records.length === 0) return;
  const tx = (await rewriteDb()).transaction('rewrites', 'readwrite');
  await Promise.all([...records.map((r) => tx.store.put(r)), tx.done]);
}
