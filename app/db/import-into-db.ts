// Runs the import pipeline and stores each batch as it comes, so a 100 MB file never sits in
// memory whole. The import's report is stored when it starts and after every batch, so a
// cancelled, failed (quota) or interrupted import still says what was stored. Used by the import
// worker.
import { isAbort, throwIfAborted } from '../core/abort';
import { type Annotation, annotationId } from '../core/annotations/annotation';
import {
  type ImportBatch,
  type ImportProgress,
  type ImportSummary,
  importBatches,
} from '../core/importers/pipeline';
import type { ImportIssue } from '../core/importers/types';
import {
  abortedWriteError,
  closedByBrowserWithin,
  DatabaseClosedError,
  forcedCloseMark,
  type ImportRecord,
  MAX_KEPT_ISSUES,
} from './db';
import { type MovedRecord, putImported, shownId } from './import-ids';
import { labelsOnTheirSteps } from './import-labels';
import { knownTrajectoryIds, putAnnotations, putImportRecord } from './store';

export interface DbImportOptions {
  file: string;
  format?: string;
  signal?: AbortSignal;
  /**
   * The app's own served file (the demo set): its records replace those an older version of the
   * same file stored. Otherwise a stored id holding a different record is never replaced.
   */
  replacesOwnOlderVersion?: boolean;
  /** After each batch commits, with the ids it stored and the labels the file carried. */
  onProgress?: (p: ImportProgress, storedIds: string[], storedAnnotations: Annotation[]) => void;
}

export async function importIntoDb(
  chunks: AsyncIterable<string | Uint8Array>,
  opts: DbImportOptions,
): Promise<ImportRecord> {
  const at = new Date().toISOString();
  const closes = forcedCloseMark();
  const record: ImportRecord = {
    id: `${at}|${opts.file}`,
    file: opts.file,
    format: opts.format ?? null,
    records: 0,
    imported: 0,
    errors: [],
    annotations: 0,
    at,
    status: 'running',
  };
  await putImportRecord(record);
  const gen = importBatches(chunks, {
    file: opts.file,
    ...(opts.format ? { format: opts.format } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  let summary: ImportSummary;
  // Ids known before this import, read once: a record stored or labelled under a legacy id keeps it.
  let stored: Promise<Set<string>> | null = null;
  // One batch commits while the next is parsed and converted: the commit runs in the browser's
  // storage process, so the two overlap (the import took their sum before).
  let committing: Promise<void> | null = null;
  // Records stored under a derived id because theirs held a different record, and labels not
  // stored: reported first.
  const storeIssues: ImportIssue[] = [];
  // Labels not stored because their step is not in their record (counted out of the summary's).
  let dropped = 0;
  const store = async (b: ImportBatch): Promise<void> => {
    const kept = b.legacyIds.size ? keepLegacyIds(b, await (stored ??= knownTrajectoryIds())) : b;
    const { stored: trajectories, moved } = await putImported(kept.trajectories, {
      replaceSameSource: opts.replacesOwnOlderVersion === true,
      derivedIds: kept.derivedIds,
    });
    const issues = moved.map((m) => movedIssue(opts.file, b.lines[m.index] ?? 0, m));
    for (const issue of issues) storeIssues.push(issue);
    // Labels the file carried for a moved record go with it; one on a step it lacks is reported.
    const onSteps = labelsOnTheirSteps(
      opts.file,
      trajectories,
      b.lines,
      moveAnnotations(kept.annotations, moved),
    );
    const annotations = onSteps.kept;
    for (const issue of onSteps.issues) storeIssues.push(issue);
    dropped += onSteps.issues.length;
    // Annotation ids are derived from (annotator, trajectory, step, slot): re-importing an
    // export replaces its labels instead of duplicating them.
    await putAnnotations(annotations);
    record.format = b.format;
    record.records = b.progress.records;
    record.imported = b.progress.imported;
    record.annotations = (record.annotations ?? 0) + annotations.length;
    keepIssues(record, issues);
    keepIssues(record, onSteps.issues);
    keepIssues(record, b.issues);
    await putImportRecord(record);
    opts.onProgress?.(
      b.progress,
      trajectories.map((t) => t.id),
      annotations,
    );
  };
  try {
    for (;;) {
      const r = await gen.next();
      // The previous batch is stored (or its failure thrown) before the next one starts, and a
      // batch converted while the user cancelled is not stored.
      await committing;
      throwIfAborted(opts.signal);
      // Closed by the browser between two writes (a reset): the next write would go to a new,
      // empty database and the import would end "done" with its earlier batches gone.
      if (forcedCloseMark() !== closes) throw new DatabaseClosedError();
      if (r.done) {
        summary = r.value;
        break;
      }
      committing = store(r.value);
      // Keeps an unhandled rejection from firing while the next batch is converted.
      committing.catch(() => {});
    }
    Object.assign(record, {
      format: summary.format,
      records: summary.records,
      imported: summary.imported,
      annotations: summary.annotations - dropped,
      status: 'done',
    });
    // The summary holds every issue in order; the batches' ones are replaced, not added to.
    record.errors = [];
    delete record.errorsNotKept;
    delete record.warnings;
    keepIssues(record, storeIssues);
    keepIssues(record, summary.errors);
    // Inside the try: the last write can be the one a full disk fails (and the browser resets).
    await putImportRecord(record);
  } catch (thrown) {
    // Only the user's signal cancels, and only when it is what stopped the import (a Cancel
    // pressed after a write failed does not hide the failure).
    const cancelled = opts.signal?.aborted === true && isAbort(thrown);
    // A batch still committing finishes first, so the report counts it.
    await committing?.catch(() => {});
    const e = cancelled ? thrown : await explainStorageStop(thrown, closes);
    // What was stored stays; the report says so and why the import stopped.
    record.status = cancelled ? 'cancelled' : 'failed';
    record.message = cancelled
      ? `by the user after ${record.imported} imported`
      : `${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} (after ${record.imported} imported)`;
    await putImportRecord(record).catch(() => {});
    throw e;
  }
  return record;
}

function movedIssue(file: string, line: number, m: MovedRecord): ImportIssue {
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

function moveAnnotations(list: Annotation[], moved: readonly MovedRecord[]): Annotation[] {
  if (moved.length === 0) return list;
  const to = new Map(moved.map((m) => [m.from, m.to]));
  return list.map((a) => {
    const id = to.get(a.trajectoryId);
    if (id === undefined) return a;
    const m = { ...a, trajectoryId: id };
    return { ...m, id: annotationId(m) };
  });
}

/**
 * Adds issues to the record up to MAX_KEPT_ISSUES and counts the rest. Past the cap an error
 * takes the place of the last warning kept (the warning is counted instead), so thousands of
 * "stored as <id>~2" warnings never leave the invalid lines only a count. A loop, not
 * `push(...issues)`: spreading 150,000 issues overflowed the stack and failed the import.
 */
function keepIssues(record: ImportRecord, issues: readonly ImportIssue[]): void {
  let notKept = 0;
  const warned = issues.reduce((n, i) => n + (isWarning(i) ? 1 : 0), 0);
  if (warned) record.warnings = (record.warnings ?? 0) + warned;
  // Warnings kept, counted when an error first meets a full report.
  let warnings = -1;
  for (const issue of issues) {
    if (record.errors.length < MAX_KEPT_ISSUES) {
      record.errors.push(issue);
      continue;
    }
    notKept++;
    if (isWarning(issue)) continue;
    if (warnings < 0) warnings = record.errors.filter(isWarning).length;
    if (warnings === 0) continue;
    record.errors.splice(record.errors.findLastIndex(isWarning), 1);
    record.errors.push(issue);
    warnings--;
  }
  if (notKept) record.errorsNotKept = (record.errorsNotKept ?? 0) + notKept;
}

const isWarning = (i: ImportIssue): boolean => i.severity === 'warning';

/**
 * An AbortError the user did not cause is a write the browser aborted; an InvalidStateError is a
 * write on a connection the browser is closing; an UnknownError a write the storage failed. Each,
 * when the browser closed the database, becomes a DatabaseClosedError (what the page explains);
 * anything else is kept.
 */
async function explainStorageStop(e: unknown, closes: number): Promise<unknown> {
  if (isAbort(e)) return abortedWriteError(e, closes);
  const name = (e as { name?: unknown } | null)?.name;
  // UnknownError: Chromium's failed LevelDB write ("Unknown error") as it resets the bucket.
  if (name === 'InvalidStateError' || name === 'UnknownError') {
    return (await closedByBrowserWithin(closes)) ? new DatabaseClosedError({ cause: e }) : e;
  }
  return e;
}

/**
 * Migration for content ids: a record stored before ids hashed a canonical form keeps the id it
 * has (and its labels), so re-importing the same file replaces it instead of adding a copy. A
 * record only labels still name (its file deleted, or a reset database refilled from the labels'
 * backup) takes that id back, so the labels reattach.
 */
function keepLegacyIds(
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
    if (!old) return a;
    const moved = { ...a, trajectoryId: old };
    return { ...moved, id: annotationId(moved) };
  });
  return { trajectories, annotations, derivedIds };
}
