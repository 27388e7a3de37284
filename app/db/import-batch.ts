// Storing one batch of an import: the records (a taken id moves the newcomer to `<id>~n`), the
// labels the file carried (with their record, on a step it has), and the import's report.
import { type Annotation, annotationId } from '../core/annotations/annotation';
import type { CollectionRef } from '../core/collections/collection';
import type { ImportBatch } from '../core/importers/pipeline';
import type { ImportIssue } from '../core/importers/types';
import type { Trajectory } from '../core/schema/trajectory';
import type { ImportRecord } from './db';
import { type MovedRecord, putImported, shownId } from './import-ids';
import { labelsOnTheirSteps } from './import-labels';
import { keepIssues } from './import-record';
import { type KnownIds, knownIds } from './known-ids';
import type { TrajectoryRow } from '../core/table/row';
import { type DerivedRows, deriveRows } from './trajectory-write';

export interface StoredBatch {
  storedIds: string[];
  /** The labels stored: the caller backs them up (the import worker has no localStorage). */
  storedAnnotations: Annotation[];
  /** Records moved to another id and labels not stored, for the final report. */
  issues: ImportIssue[];
  /** Labels not stored because their step is not in their record. */
  labelsDropped: number;
}

/**
 * Stores batches of one file's import, updating `record` after each: a batch's records, their
 * labels and the report counting them commit in one transaction, so however the import stops
 * (cancelled, its worker ended, the tab killed) the stored report counts what was stored. The ids
 * known here come from memory (known-ids.ts): read once in this context, and again only after
 * another context wrote trajectories, not once per file.
 */
export function batchWriter(
  record: ImportRecord,
  opts: {
    file: string;
    replacesOwnOlderVersion?: boolean;
    deriveRows?: (list: readonly Trajectory[]) => Promise<DerivedRows>;
    collection?: CollectionRef;
  },
): (b: ImportBatch, rows?: Promise<DerivedRows>) => Promise<StoredBatch> {
  let known: Promise<KnownIds> | null = null;
  const derive = opts.deriveRows ?? deriveRows;
  return async (b, early) => {
    const held = await (known ??= knownIds());
    // A record stored or labelled under a legacy id keeps it.
    const kept = b.legacyIds.size ? keepLegacyIds(b, held.ids) : b;
    // Rows asked for before the write (import-into-db.ts) were derived under the batch's own ids;
    // a record renamed to its legacy id just now gets its row again (its searches name its id).
    const rows = early
      ? await rederiveRenamed(await early, b.trajectories, kept.trajectories, derive)
      : undefined;
    const { alongside } = await putImported(kept.trajectories, {
      replaceSameSource: opts.replacesOwnOlderVersion === true,
      derivedIds: kept.derivedIds,
      known: held,
      ...(rows ? { rows } : opts.deriveRows ? { derive: opts.deriveRows } : {}),
      ...(opts.collection ? { collection: opts.collection } : {}),
      alongside: ({ stored, moved }, tx) => {
        // The report as it will be once this commits (the record itself changes only then).
        const next: ImportRecord = { ...record, errors: [...record.errors] };
        const r = reportStoredBatch(next, b, stored, moved, kept.annotations);
        // Annotation ids are derived from (annotator, trajectory, step, slot): re-importing an
        // export replaces its labels instead of duplicating them. Not journaled here: the caller
        // backs up what this reports, the one path an import's labels take to the backup.
        for (const a of r.kept) void tx.objectStore('annotations').put(a);
        void tx.objectStore('imports').put(next);
        return {
          next,
          result: {
            storedIds: stored.map((t) => t.id),
            storedAnnotations: r.kept,
            issues: r.storeIssues,
            labelsDropped: r.labelsDropped,
          },
        };
      },
    });
    if (!alongside) throw new Error('the batch was not written'); // putImported always runs it
    Object.assign(record, alongside.next);
    return alongside.result;
  };
}

/** `rows` (derived for `before`) with the rows of the records `after` renamed derived again. */
async function rederiveRenamed(
  rows: DerivedRows,
  before: readonly Trajectory[],
  after: readonly Trajectory[],
  derive: (list: readonly Trajectory[]) => Promise<DerivedRows>,
): Promise<DerivedRows> {
  if (before === after) return rows;
  const renamed = after.flatMap((t, i) => (t.id === before[i]?.id ? [] : [i]));
  if (renamed.length === 0) return rows;
  const again = await derive(renamed.map((i) => after[i] as Trajectory));
  const out = [...rows.rows];
  for (const [j, i] of renamed.entries()) out[i] = again.rows[j] as TrajectoryRow;
  // Derived under other question sets: a key no write matches, so the write derives them all.
  return { key: again.key === rows.key ? rows.key : '', rows: out };
}

/**
 * Adds a stored batch to `next`, its file's report as it will be once the batch commits: the
 * batch's format, counts and issues, the records `moved` to another id (a taken id moves the
 * newcomer) and the labels not on a step of their record. Returns the labels to store (a moved
 * record's go with it), and the store issues and dropped labels the file's summary lacks (finish).
 */
export function reportStoredBatch(
  next: ImportRecord,
  b: Pick<ImportBatch, 'format' | 'progress' | 'issues' | 'lines'>,
  stored: readonly Trajectory[],
  moved: readonly MovedRecord[],
  annotations: Annotation[],
): { kept: Annotation[]; storeIssues: ImportIssue[]; labelsDropped: number } {
  const movedIssues = moved.map((m) => movedIssue(next.file, b.lines[m.index] ?? 0, m));
  const onSteps = labelsOnTheirSteps(next.file, stored, b.lines, moveAnnotations(annotations, moved));
  next.format = b.format;
  next.records = b.progress.records;
  next.imported = b.progress.imported;
  next.annotations = (next.annotations ?? 0) + onSteps.kept.length;
  keepIssues(next, movedIssues);
  keepIssues(next, onSteps.issues);
  keepIssues(next, b.issues);
  // concat, not a spread into push (150,000 issues overflowed the stack: keepIssues).
  return {
    kept: onSteps.kept,
    storeIssues: movedIssues.concat(onSteps.issues),
    labelsDropped: onSteps.issues.length,
  };
}

export function movedIssue(file: string, line: number, m: MovedRecord): ImportIssue {
  return {
    file,
    line,
    field: 'id',
    severity: 'warning',
    message:
      `id ${shownId(m.from)} already holds a different stored trajectory (kept as it was, with its ` +
      `labels); this record is stored as ${shownId(m.to)}`,
  };
}

export function moveAnnotations(list: Annotation[], moved: readonly MovedRecord[]): Annotation[] {
  if (moved.length === 0) return list;
  const to = new Map(moved.map((m) => [m.from, m.to]));
  return list.map((a) => {
    const id = to.get(a.trajectoryId);
    return id === undefined ? a : reassigned(a, id);
  });
}

const reassigned = (a: Annotation, trajectoryId: string): Annotation => {
  const moved = { ...a, trajectoryId };
  return { ...moved, id: annotationId(moved) };
};

/**
 * Migration for content ids: a record stored before ids hashed a canonical form keeps the id it
 * has (and its labels), so re-importing the same file replaces it instead of adding a copy. A
 * record only labels still name (its file deleted, or a reset database refilled from the labels'
 * backup) takes that id back, so the labels reattach.
 */
export function keepLegacyIds(
  b: ImportBatch,
  stored: ReadonlySet<string>,
): Pick<ImportBatch, 'trajectories' | 'annotations' | 'derivedIds'> {
  if (stored.size === 0) return b;
  const rename = new Map([...b.legacyIds].filter(([, old]) => stored.has(old)));
  // A legacy id is a content id too (the same record hashed the older way).
  const derivedIds = new Set([...b.derivedIds].map((id) => rename.get(id) ?? id));
  const trajectories = b.trajectories.map((t) => {
    const old = rename.get(t.id);
    return old ? { ...t, id: old } : t;
  });
  const annotations = b.annotations.map((a) => {
    const old = rename.get(a.trajectoryId);
    return old ? reassigned(a, old) : a;
  });
  return { trajectories, annotations, derivedIds };
}
