// Model probe replies (app/core/diagnose/probes.ts), cached per (probe version, model, prompt): a
// reply or a score, never a verdict, so a change to how verdicts are read needs no re-asking. A
// database of its own, like the judge's: a cache that may be cleared without touching trajectories.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface ProbeReplyRecord {
  key: string;
  /** The probing model, as in the key (for listing and clearing by model). */
  model: string;
  /** The generated reply (shortened), or the teacher-forced log-probability. */
  text?: string;
  logprob?: number;
  at: string;
}

interface ProbeDB extends DBSchema {
  replies: { key: string; value: ProbeReplyRecord };
}

export const PROBE_DB_NAME = 'hopscope-probes';
let dbPromise: Promise<IDBPDatabase<ProbeDB>> | null = null;

function probeDb(): Promise<IDBPDatabase<ProbeDB>> {
  dbPromise ??= openDB<ProbeDB>(PROBE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('replies', { keyPath: 'key' });
    },
  });
  return dbPromise;
}

/** Closes and forgets the open connection (before deleting the database). */
export async function closeProbeDb(): Promise<void> {
  const open = dbPromise;
  dbPromise = null;
  if (open) (await open).close();
}

/** The cached replies among `keys`; keys never asked are absent. */
export async function getProbeReplies(keys: readonly string[]): Promise<Map<string, ProbeReplyRecord>> {
  const out = new Map<string, ProbeReplyRecord>();
  if (keys.length === 0) return out;
  const tx = (await probeDb()).transaction('replies');
  const found = await Promise.all(keys.map((k) => tx.store.get(k)));
  await tx.done;
  for (const r of found) if (r) out.set(r.key, r);
  return out;
}

export async function putProbeReply(r: ProbeReplyRecord): Promise<void> {
  await (await probeDb()).put('replies', r);
}
