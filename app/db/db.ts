// IndexedDB layout (via idb). Used from the page and from workers alike.
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import type { Annotation } from '../core/annotations/annotation';
import type { TrajectoryRow } from '../core/table/row';
import type { ImportIssue } from '../core/importers/types';
import type { StoredTrajectory } from '../core/schema/packed';
import type { Question } from '../core/corpus/types';
import type { Passage } from '../core/search/types';
import { type Collection, type CollectionRef, collectionOfStored } from '../core/collections/collection';

export interface ImportRecord {
  id: string;
  file: string;
  format: string | null;
  /** Records read so far: imported + reported (the counts are of what was stored). */
  records: number;
  imported: number;
  /**
   * At most MAX_KEPT_ISSUES issues, the first ones, except that errors are kept before warnings;
   * the rest are counted in `errorsNotKept`.
   */
  errors: ImportIssue[];
  /** Issues reported past the first MAX_KEPT_ISSUES: counted, not stored (150,000 bad lines). */
  errorsNotKept?: number;
  /** How many of the reported issues (kept or counted) are warnings, which cost no record. */
  warnings?: number;
  at: string;
  /** Annotations restored from the file (an export with its labels). */
  annotations?: number;
  /**
   * How the import ended. 'running' stays when the tab or worker died mid-way (interrupted);
   * absent on records written before imports kept their report.
   */
  status?: 'running' | 'done' | 'cancelled' | 'failed';
  /** Why a cancelled or failed import stopped. */
  message?: string;
  /** The collection its trajectories went to (absent on records written before collections). */
  collection?: string;
}

/** How many of an import's issues its record keeps; a report of every bad line is no more useful. */
export const MAX_KEPT_ISSUES = 1000;

/** Reported issues that are errors: each a record, line or element not imported. */
export function reportedErrors(r: Pick<ImportRecord, 'errors' | 'errorsNotKept' | 'warnings'>): number {
  return reportedIssues(r) - (r.warnings ?? 0);
}

/** Every issue an import reported, kept or only counted. */
export function reportedIssues(r: Pick<ImportRecord, 'errors' | 'errorsNotKept'>): number {
  return r.errors.length + (r.errorsNotKept ?? 0);
}

/**
 * A corpus the user loaded, keyed by a hash of its content. Its passages live apart, in
 * `corpusPassages`, so listing corpora never reads them.
 */
export interface CorpusRecord {
  id: string;
  name: string;
  /** The file it came from (or "bundled"). */
  source: string;
  /** The loader that read it (a DatasetFormatId). */
  format?: string;
  /** Number of passages. */
  passages: number;
  createdAt: string;
}

export interface CorpusPassagesRecord {
  id: string;
  passages: Passage[];
}

/** Questions with their gold answers, gold plans and supporting passages. */
export interface QuestionSetRecord {
  id: string;
  name: string;
  source: string;
  format?: string;
  /** The corpus whose passage ids `supports` refers to, when one was loaded with it. */
  corpusId?: string;
  questions: Question[];
  createdAt: string;
}

/**
 * A built index, keyed by corpus hash + kind + settings (+ model for dense), so a change to
 * any of them misses the cache instead of serving stale results. Its bytes live apart, in
 * `indexData` under the same key, so listing indexes never reads them.
 */
export interface IndexRecord {
  key: string;
  corpusId: string;
  /** 'dense-partial': a dense build in progress, its vectors stored chunk by chunk (resumable). */
  kind: 'bm25' | 'dense' | 'dense-partial';
  settings: string;
  /**
   * Passage count and, for dense, vector width: checked against the data on load. For
   * 'dense-partial', the passages embedded so far (from the first, in order) and `total`.
   */
  count: number;
  total?: number;
  dims?: number;
  bytes: number;
  /** How it was built (model, device, time): shown in the UI, not used for validation. */
  info?: Record<string, string | number | boolean>;
  createdAt: string;
}

export interface IndexDataRecord {
  key: string;
  data: ArrayBuffer;
}

/** A batch run: its spec (no API key), the jobs done so far and its state. */
export interface BatchRecord {
  id: string;
  name: string;
  createdAt: string;
  status: 'running' | 'paused' | 'cancelled' | 'done';
  /** Questions, strategies, parameter/prompt overrides, model and retriever (runtime shapes). */
  spec: import('../core/batch/plan').BatchSpec & {
    params: Record<string, Record<string, unknown>>;
    prompts: Record<string, Record<string, string>>;
    llm: unknown;
    retriever: unknown;
    embed: unknown;
  };
  /** Job keys done, each with its trajectory id and wall time. */
  done: Array<{ key: string; trajectoryId: string; ms: number }>;
  updatedAt: string;
}

/**
 * A deletion that can be undone (collection-store.ts): what it took besides the trajectories and
 * rows (each kept as a record in `trashItems`), with the collection and the import reports.
 */
export interface TrashRecord {
  id: string;
  at: string;
  collection: Collection;
  /** Set when one import (one file) of the collection was deleted, not the whole collection. */
  file?: string;
  trajectories: number;
  annotations: Annotation[];
  imports: ImportRecord[];
}

/** One deleted trajectory with its table row, kept for an undo. */
export interface TrashItem {
  id: string;
  deletion: string;
  /** Absent for a row opened from a Parquet index (it has no trajectory body). */
  trajectory?: StoredTrajectory;
  row: TrajectoryRow;
}

export interface HopscopeDB extends DBSchema {
  /**
   * Packed (core/schema/packed: strings that are slices of `raw` kept as spans; older records are
   * plain and read as they are). `parentId`: forks by the trajectory they were forked from.
   */
  trajectories: { key: string; value: StoredTrajectory; indexes: { parentId: string } };
  rows: { key: string; value: TrajectoryRow; indexes: { file: string; collection: string } };
  annotations: { key: string; value: Annotation; indexes: { trajectoryId: string } };
  imports: { key: string; value: ImportRecord };
  meta: { key: string; value: unknown };
  corpora: { key: string; value: CorpusRecord };
  corpusPassages: { key: string; value: CorpusPassagesRecord };
  questionSets: { key: string; value: QuestionSetRecord; indexes: { corpusId: string } };
  batches: { key: string; value: BatchRecord };
  indexes: { key: string; value: IndexRecord; indexes: { corpusId: string } };
  indexData: { key: string; value: IndexDataRecord };
  collections: { key: string; value: Collection };
  trash: { key: string; value: TrashRecord };
  trashItems: { key: string; value: TrashItem; indexes: { deletion: string } };
}

export const DB_NAME = 'hopscope';
export const DB_VERSION = 4;

let dbPromise: Promise<IDBPDatabase<HopscopeDB>> | null = null;
/** Connections the browser has closed (see `terminated` below), for closedByBrowserSince. */
let forcedCloses = 0;
const closeListeners = new Set<() => void>();

/** Calls `l` each time the browser closes this context's connection (see `terminated`). */
export function onForcedClose(l: () => void): () => void {
  closeListeners.add(l);
  return () => void closeListeners.delete(l);
}

export function db(): Promise<IDBPDatabase<HopscopeDB>> {
  if (dbPromise) return dbPromise;
  const opening = openDB<HopscopeDB>(DB_NAME, DB_VERSION, {
    async upgrade(d, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        d.createObjectStore('trajectories', { keyPath: 'id' });
        d.createObjectStore('rows', { keyPath: 'id' }).createIndex('file', 'file');
        d.createObjectStore('annotations', { keyPath: 'id' }).createIndex('trajectoryId', 'trajectoryId');
        d.createObjectStore('imports', { keyPath: 'id' });
        d.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        d.createObjectStore('corpora', { keyPath: 'id' });
        d.createObjectStore('corpusPassages', { keyPath: 'id' });
        d.createObjectStore('indexes', { keyPath: 'key' }).createIndex('corpusId', 'corpusId');
        d.createObjectStore('indexData', { keyPath: 'key' });
        d.createObjectStore('questionSets', { keyPath: 'id' }).createIndex('corpusId', 'corpusId');
        d.createObjectStore('batches', { keyPath: 'id' });
      }
      if (oldVersion < 3) {
        // Records without lineage are simply not in the index.
        tx.objectStore('trajectories').createIndex('parentId', 'lineage.parentId');
      }
      if (oldVersion < 4) {
        d.createObjectStore('collections', { keyPath: 'id' });
        d.createObjectStore('trash', { keyPath: 'id' });
        d.createObjectStore('trashItems', { keyPath: 'id' }).createIndex('deletion', 'deletion');
        tx.objectStore('rows').createIndex('collection', 'collection');
        // Every trajectory stored before collections gets one, derived from what is stored.
        if (oldVersion >= 1) await migrateToCollections(tx);
      }
    },
    terminated() {
      // The browser closed the connection (Chromium does on a full disk, and may reset the
      // database): the next use opens a fresh one instead of failing on a closed connection.
      forcedCloses++;
      dbPromise = null;
      for (const l of closeListeners) l();
    },
    blocking(_current, _blocked, event) {
      // Another tab wants a newer schema (or to delete the database): let it, reopen on next use.
      (event.target as IDBDatabase).close();
      dbPromise = null;
    },
  });
  // A refused open (Chromium refuses on a full disk: QuotaExceededError) is not kept: once the
  // user makes room, the next use opens the database without a reload.
  opening.catch(() => {
    if (dbPromise === opening) dbPromise = null;
  });
  dbPromise = opening;
  return opening;
}

/**
 * A write the browser aborted because it closed the database (Chromium does on a full disk, and
 * when the site's data is cleared, and may reset the database). Named, so the page recognises it
 * after it crosses from a worker.
 */
export class DatabaseClosedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the browser closed the database during the write', options);
    this.name = 'DatabaseClosedError';
  }
}

/** A mark to pass to closedByBrowserSince later. */
export function forcedCloseMark(): number {
  return forcedCloses;
}

/**
 * True when the browser closed the connection after `mark`, or is closing it now: a forced close
 * aborts the open transactions before its close event fires, so a transaction's abort can be seen
 * first, while a new transaction already throws InvalidStateError.
 */
export async function closedByBrowserSince(mark: number): Promise<boolean> {
  if (forcedCloses > mark) return true;
  const open = await dbPromise?.catch(() => null);
  if (!open) return false;
  try {
    const probe = open.transaction('meta');
    probe.done.catch(() => {}); // aborted here on purpose
    probe.abort();
    return false;
  } catch (e) {
    return (e as { name?: unknown }).name === 'InvalidStateError';
  }
}

/** How long a failed write waits for the close that Chromium may signal after the abort. */
const CLOSE_GRACE_MS = 3000;

/**
 * closedByBrowserSince, asked again for up to `ms`: on a full disk Chromium can abort a write (or
 * fail it with UnknownError) a moment before it closes the connection to reset the database.
 * Only failures wait; a write that went through never asks.
 */
export async function closedByBrowserWithin(mark: number, ms = CLOSE_GRACE_MS): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await closedByBrowserSince(mark)) return true;
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The error to report for an import aborted without the user cancelling: IndexedDB aborts the open
 * transactions without an error when the browser closes the connection, and idb's `done` then
 * rejects with an AbortError, which must not read as the user's cancel.
 */
export async function abortedWriteError(e: unknown, mark: number): Promise<Error> {
  if (await closedByBrowserWithin(mark)) return new DatabaseClosedError({ cause: e });
  return new Error('the import was aborted without a reason given', { cause: e });
}

/** For tests: forget the open connection. */
export function resetDbConnection(): void {
  dbPromise = null;
}

/**
 * The upgrade to collections (version 4): each stored row gets the collection derived from what is
 * stored (its batch, training run, fork or live run, else its file: core/collections
 * collectionOfStored), and each such collection is stored, dated by its earliest import. Nothing
 * else is touched. The demo's files are adopted by the Demo collection when the demo loads
 * (collection-store adoptDemoFiles): their names come from its manifest, which this cannot read.
 */
async function migrateToCollections(
  tx: IDBPTransaction<HopscopeDB, StoreNames<HopscopeDB>[], 'versionchange'>,
): Promise<void> {
  const batchOf = new Map<string, { id: string; name: string }>();
  for (const b of await tx.objectStore('batches').getAll())
    for (const j of b.done) batchOf.set(j.trajectoryId, { id: b.id, name: b.name });
  const firstImport = new Map<string, string>();
  for (const r of await tx.objectStore('imports').getAll()) {
    const at = firstImport.get(r.file);
    if (at === undefined || r.at < at) firstImport.set(r.file, r.at);
  }
  const now = new Date().toISOString();
  const found = new Map<string, { ref: CollectionRef; createdAt: string }>();
  const ofFile = new Map<string, string>();
  const rows = tx.objectStore('rows');
  let cursor = await rows.openCursor();
  while (cursor) {
    const r = cursor.value;
    const batch = batchOf.get(r.id);
    const ref = collectionOfStored({
      file: r.file,
      live: r.live,
      run: r.run,
      trainStep: r.trainStep,
      ...(batch ? { batch } : {}),
    });
    if (!found.has(ref.id)) found.set(ref.id, { ref, createdAt: firstImport.get(r.file) ?? now });
    if (!ofFile.has(r.file)) ofFile.set(r.file, ref.id);
    await cursor.update({ ...r, collection: ref.id });
    cursor = await cursor.continue();
  }
  for (const { ref, createdAt } of found.values())
    await tx.objectStore('collections').put({ ...ref, createdAt });
  // Each import report names the collection its file's rows went to.
  let imp = await tx.objectStore('imports').openCursor();
  while (imp) {
    const collection = ofFile.get(imp.value.file);
    if (collection !== undefined) await imp.update({ ...imp.value, collection });
    imp = await imp.continue();
  }
}
