// Every write that changes the stored table rows (puts, deletes, collection moves, re-derivations)
// counts itself here, in its own transaction: a sequence number under ROWS_KEY in `meta`, and the
// ids it wrote under `rows-write:<seq>` (null: "any row", as a deletion of a whole collection), the
// last ROWS_LOG of them kept. A summary of the rows stored with the sequence number it was taken
// at (step-summary-store.ts) is current exactly while no write has counted since, and a reader
// that took rows in pieces (the table worker's reads of the ids an import announced) proves which
// number it holds by matching the writes logged since against the ids it read after each.
// docs/storage.md, "The rows' write count".
import type { IDBPObjectStore, StoreNames } from 'idb';
import { db, type HopscopeDB } from './db';

/** The meta key of the rows' write count. */
export const ROWS_KEY = 'rows-writes';
/** How many writes keep their ids in the log (older ones read as unknown: a reader reads all). */
export const ROWS_LOG = 256;
/** A write of more ids than this logs "any row" (a deleted run): its ids would only weigh the log. */
const LOGGED_IDS = 5000;
const logKey = (seq: number) => `rows-write:${seq}`;

/** What ROWS_KEY holds: the count of row writes since the database began. */
interface RowsCount {
  seq: number;
}

/** The `meta` store of a readwrite transaction, whatever else it holds. */
export type MetaStore = IDBPObjectStore<HopscopeDB, ArrayLike<StoreNames<HopscopeDB>>, 'meta', 'readwrite'>;

/**
 * Counts a write of rows in the transaction of `meta`, with the ids it wrote (null when it may
 * have touched any row). Resolves with the write's sequence number and the one before it; the
 * caller need not await it (the transaction's `done` covers it).
 */
export function markRowsWritten(
  meta: MetaStore,
  ids: readonly string[] | null,
): Promise<{ before: number; seq: number }> {
  const out = meta.get(ROWS_KEY).then((held) => {
    const before = (held as RowsCount | undefined)?.seq ?? 0;
    const seq = before + 1;
    void meta.put({ seq } satisfies RowsCount, ROWS_KEY);
    void meta.put(ids === null || ids.length > LOGGED_IDS ? null : [...ids], logKey(seq));
    if (seq > ROWS_LOG) void meta.delete(logKey(seq - ROWS_LOG));
    return { before, seq };
  });
  // An aborted write rejects this too; the transaction's `done` reports it.
  out.catch(() => {});
  return out;
}

/** Where the rows stand: the count of row writes and the question-set key rows derive under now. */
export interface RowsStamp {
  seq: number;
  /** The sorted question-set ids (question-index.ts's key): gold joins change with them. */
  goldKey: string;
}

/** The rows' stamp now, read in one transaction. */
export async function rowsStamp(): Promise<RowsStamp> {
  const tx = (await db()).transaction(['meta', 'questionSets']);
  const [held, keys] = await Promise.all([
    tx.objectStore('meta').get(ROWS_KEY),
    tx.objectStore('questionSets').getAllKeys(),
  ]);
  await tx.done;
  return { seq: (held as RowsCount | undefined)?.seq ?? 0, goldKey: keys.map(String).sort().join(',') };
}

/**
 * The ids each write after `from` up to `to` wrote, in order (null: any row, or a write the log no
 * longer holds).
 */
export async function rowWritesBetween(from: number, to: number): Promise<Array<string[] | null>> {
  if (to <= from) return [];
  // Writes older than the log's last ROWS_LOG are gone from it: not read, unknown.
  const first = Math.max(from + 1, to - ROWS_LOG + 1);
  const tx = (await db()).transaction('meta');
  const got = await Promise.all(
    Array.from({ length: to - first + 1 }, (_, i) => tx.store.get(logKey(first + i))),
  );
  await tx.done;
  const gone = new Array<null>(first - from - 1).fill(null);
  return [...gone, ...got.map((g) => (Array.isArray(g) ? (g as string[]) : null))];
}
