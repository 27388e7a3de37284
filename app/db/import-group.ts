// Importing several small files in turn (a training run's one-sample step files) so they cost about
// what their records cost: their records share transactions, cut as the pipeline cuts a file's
// batches (BATCH_RECORDS, BATCH_CHARS, BATCH_MS), and each file's import report is written in the
// transaction that stores its records (its last one says "done"). Each file keeps its own report,
// with its own file/line issues (all-or-report), exactly as importIntoDb would store it.
import { isAbort, throwIfAborted } from '../core/abort';
import type { Annotation } from '../core/annotations/annotation';
import {
  BATCH_CHARS,
  BATCH_MS,
  BATCH_RECORDS,
  type ImportBatch,
  importBatches,
  type ImportProgress,
  type ImportSummary,
} from '../core/importers/pipeline';
import type { ImportIssue } from '../core/importers/types';
import type { Trajectory } from '../core/schema/trajectory';
import { DatabaseClosedError, forcedCloseMark, type ImportRecord } from './db';
import { keepLegacyIds, reportStoredBatch } from './import-batch';
import { putImported } from './import-ids';
import { finish, settleStoppedImport } from './import-into-db';
import { type ImportStart, runningImport } from './import-record';
import { knownIds } from './known-ids';
import type { DerivedRows } from './trajectory-write';

export interface GroupFile {
  chunks: AsyncIterable<string | Uint8Array>;
  /** The name it is imported under (`run/12.jsonl`). */
  file: string;
  /** The id and time the page backed its import up under: its report is stored under them. */
  start: ImportStart;
}

/** What one transaction of a group stored, reported once it has committed. */
export interface GroupStored {
  /** The reports of the files this transaction finished, by their place in the group. */
  done: Array<{ index: number; report: ImportRecord }>;
  storedIds: string[];
  /** The labels stored: the caller backs them up (the import worker has no localStorage). */
  storedAnnotations: Annotation[];
  /** The file being read and its progress, for the page's share done. */
  index: number;
  progress: ImportProgress;
}

export interface GroupImportOptions {
  format?: string;
  signal?: AbortSignal;
  /** A transaction's cuts: the pipeline's (BATCH_RECORDS, BATCH_CHARS, BATCH_MS) by default. */
  batchRecords?: number;
  batchChars?: number;
  batchMs?: number;
  deriveRows?: (list: readonly Trajectory[]) => Promise<DerivedRows>;
  /** Before each file is read, with its place in the group. */
  onFile?: (index: number) => void;
  /** After each transaction commits. */
  onStored?: (s: GroupStored) => void;
}

/** A piece of one file waiting for the next transaction: a batch of its records, or its end. */
interface Piece {
  index: number;
  batch?: ImportBatch;
  summary?: ImportSummary;
}

/** Per file: its report as stored, and the store issues and dropped labels its summary lacks. */
interface FileState {
  record: ImportRecord;
  storeIssues: ImportIssue[];
  dropped: number;
}

/**
 * Imports `files` in order; resolves with each file's report (all done). A failure or cancel stops
 * at the first file not wholly stored: every file before it is stored with its report, its report
 * says what of it was stored and why it stopped (a full disk names it), and no later file was
 * stored. Throws what importIntoDb would for that file.
 */
export async function importGroupIntoDb(
  files: readonly GroupFile[],
  opts: GroupImportOptions = {},
): Promise<ImportRecord[]> {
  const closes = forcedCloseMark();
  const maxRecords = opts.batchRecords ?? BATCH_RECORDS;
  const maxChars = opts.batchChars ?? BATCH_CHARS;
  const maxMs = opts.batchMs ?? BATCH_MS;
  const states: FileState[] = [];
  const stateOf = (i: number): FileState => {
    const f = files[i] as GroupFile;
    return (states[i] ??= {
      record: runningImport(f.file, opts.format, f.start),
      storeIssues: [],
      dropped: 0,
    });
  };
  let pending: Piece[] = [];
  let pendingRecords = 0;
  let pendingChars = 0;
  let pendingSince = 0;
  let current = 0;
  // The progress of the last batch read, and its file's place.
  let lastProgress: ImportProgress = { chars: 0, records: 0, imported: 0, errors: 0 };
  let lastIndex = 0;
  // The first file of the transaction that failed: where the group stopped.
  let failedAt = null as number | null;
  let committing = null as Promise<void> | null;
  // Whether reading a file threw (not a write): what was read before it is still stored.
  let readFailed = false;

  const full = () =>
    pendingRecords >= maxRecords ||
    pendingChars >= maxChars ||
    (pending.length > 0 && performance.now() - pendingSince >= maxMs);

  // One transaction commits while the next is read, as importIntoDb overlaps its batches.
  const flush = async (): Promise<void> => {
    await committing;
    throwIfAborted(opts.signal);
    // Closed by the browser between two writes (a reset): see importIntoDb.
    if (forcedCloseMark() !== closes) throw new DatabaseClosedError();
    if (pending.length === 0) return;
    const pieces = pending;
    const at = lastIndex;
    const progress = lastProgress;
    pending = [];
    pendingRecords = 0;
    pendingChars = 0;
    committing = writePieces(pieces, stateOf, opts.deriveRows).then(
      (s) => opts.onStored?.({ ...s, index: at, progress }),
      (e: unknown) => {
        failedAt = (pieces[0] as Piece).index;
        throw e;
      },
    );
    committing.catch(() => {});
  };

  try {
    for (const [i, f] of files.entries()) {
      current = i;
      opts.onFile?.(i);
      const gen = importBatches(f.chunks, {
        file: f.file,
        ...(opts.format ? { format: opts.format } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
        batchSize: maxRecords,
        batchChars: maxChars,
      });
      let charsBefore = 0;
      for (;;) {
        let r: IteratorResult<ImportBatch, ImportSummary>;
        try {
          r = await gen.next();
        } catch (e) {
          readFailed = true;
          throw e;
        }
        // Cut before a piece, not after: a file's last batch and its end (its report done) always
        // share a transaction, so the first file of a failed one is the first not stored whole.
        if (r.done) {
          if (pending.length === 0) pendingSince = performance.now();
          pending.push({ index: i, summary: r.value });
          if (full()) await flush();
          break;
        }
        if (full()) await flush();
        if (pending.length === 0) pendingSince = performance.now();
        pending.push({ index: i, batch: r.value });
        lastProgress = r.value.progress;
        lastIndex = i;
        pendingRecords += r.value.trajectories.length;
        // Characters this batch read (progress counts the file's from its start).
        pendingChars += r.value.progress.chars - charsBefore;
        charsBefore = r.value.progress.chars;
      }
    }
    await flush();
    await committing;
  } catch (thrown) {
    const cancelled = opts.signal?.aborted === true && isAbort(thrown);
    // A transaction still committing finishes first, so the reports count it.
    await committing?.catch(() => {});
    // A file that could not be read stops the group there, as it would alone: the records read
    // before it (earlier files whole, its own first batches) are stored with their reports.
    if (!cancelled && readFailed && failedAt === null && forcedCloseMark() === closes) {
      await flush().catch(() => {});
      await committing?.catch(() => {});
    }
    const at = failedAt ?? firstNotDone(states, current);
    return await settleStoppedImport(stateOf(at).record, thrown, cancelled, closes);
  }
  return files.map((_, i) => stateOf(i).record);
}

/** The group's first file whose report is not done (where a stop that no write caused stopped). */
function firstNotDone(states: readonly FileState[], current: number): number {
  for (let i = 0; i < current; i++) if (states[i]?.record.status !== 'done') return i;
  return current;
}

/**
 * Stores the waiting pieces in one transaction: every file's records (a taken id moves the
 * newcomer, as for one file), the labels each carried, and the report of each file touched, done
 * for a file whose end is among the pieces. The states change only once it has committed.
 */
async function writePieces(
  pieces: readonly Piece[],
  stateOf: (i: number) => FileState,
  deriveRows: GroupImportOptions['deriveRows'],
): Promise<Omit<GroupStored, 'index' | 'progress'>> {
  const held = await knownIds();
  const kept = pieces.map((p) =>
    p.batch && p.batch.legacyIds.size ? keepLegacyIds(p.batch, held.ids) : p.batch,
  );
  const list: Trajectory[] = [];
  const derivedIds = new Set<string>();
  for (const k of kept) {
    if (!k) continue;
    for (const t of k.trajectories) list.push(t);
    for (const id of k.derivedIds) derivedIds.add(id);
  }
  const { alongside } = await putImported(list, {
    derivedIds,
    known: held,
    ...(deriveRows && list.length ? { derive: deriveRows } : {}),
    alongside: ({ stored, moved }, tx) => {
      // Each file's report as it will be once this commits.
      const next = new Map<number, FileState>();
      const nextOf = (i: number): FileState => {
        let s = next.get(i);
        if (!s) {
          const was = stateOf(i);
          s = {
            record: { ...was.record, errors: [...was.record.errors] },
            storeIssues: [...was.storeIssues],
            dropped: was.dropped,
          };
          next.set(i, s);
        }
        return s;
      };
      const storedAnnotations: Annotation[] = [];
      let offset = 0;
      for (const [n, p] of pieces.entries()) {
        const s = nextOf(p.index);
        const b = p.batch;
        const k = kept[n];
        if (b && k) {
          const count = k.trajectories.length;
          const mine = stored.slice(offset, offset + count);
          const movedHere = moved
            .filter((m) => m.index >= offset && m.index < offset + count)
            .map((m) => ({ ...m, index: m.index - offset }));
          offset += count;
          const r = reportStoredBatch(s.record, b, mine, movedHere, k.annotations);
          for (const a of r.kept) {
            void tx.objectStore('annotations').put(a);
            storedAnnotations.push(a);
          }
          // A loop, not a spread (keepIssues: 150,000 issues overflowed the stack).
          for (const issue of r.storeIssues) s.storeIssues.push(issue);
          s.dropped += r.labelsDropped;
        }
        if (p.summary) finish(s.record, p.summary, s.storeIssues, s.dropped);
      }
      for (const s of next.values()) void tx.objectStore('imports').put(s.record);
      return { next, storedIds: stored.map((t) => t.id), storedAnnotations };
    },
  });
  if (!alongside) throw new Error('the group was not written'); // putImported always runs it
  const done: GroupStored['done'] = [];
  for (const [i, s] of alongside.next) {
    Object.assign(stateOf(i), s);
    if (s.record.status === 'done') done.push({ index: i, report: s.record });
  }
  return { done, storedIds: alongside.storedIds, storedAnnotations: alongside.storedAnnotations };
}
