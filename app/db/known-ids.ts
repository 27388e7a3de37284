// The ids a trajectory is known by here (stored, or named by a label), held in memory by the
// context that imports, so an import's cost per file does not grow with what is already stored:
// the keys are read once, and again only when another context wrote trajectories since. Every
// trajectory write and delete stores a fresh token under WRITES_KEY in its transaction; an import
// whose last write left the token it finds knows that nobody else wrote in between.
import type { IDBPDatabase } from 'idb';
import { db, type HopscopeDB } from './db';

/** The meta key of the token the last write of trajectories stored. */
export const WRITES_KEY = 'trajectory-writes';

/** A token no other write stores (written with the trajectories, compared by value). */
export function writeToken(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface KnownIds {
  /** Stored ids and ids labels name, as of `token` plus what this context wrote since. */
  readonly ids: Set<string>;
  /** The token the last write this set has seen stored (undefined: none since the database began). */
  token: unknown;
}

/** One set per connection: a new or reopened database is read afresh. */
const held = new WeakMap<IDBPDatabase<HopscopeDB>, KnownIds>();

/**
 * The known ids, read from the database only when no set is held or another context wrote
 * trajectories since this one last did (one key read otherwise).
 */
export async function knownIds(): Promise<KnownIds> {
  const d = await db();
  const tx = d.transaction(['trajectories', 'annotations', 'meta']);
  const token = await tx.objectStore('meta').get(WRITES_KEY);
  const have = held.get(d);
  if (have && have.token === token) return have;
  const ids = new Set((await tx.objectStore('trajectories').getAllKeys()) as string[]);
  // Labels may name a trajectory no longer stored (a deleted file, a reset database refilled from
  // the labels' backup): a record imported under that id takes it back.
  let cursor = await tx.objectStore('annotations').index('trajectoryId').openKeyCursor(null, 'nextunique');
  while (cursor) {
    ids.add(cursor.key);
    cursor = await cursor.continue();
  }
  const fresh: KnownIds = { ids, token };
  held.set(d, fresh);
  return fresh;
}

/** After a write that failed: what the held set added may not be stored; read afresh next time. */
export async function forgetKnownIds(): Promise<void> {
  const d = await db().catch(() => null);
  if (d) held.delete(d);
}
