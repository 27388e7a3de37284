// An import's report as it is stored (ImportRecord): its id, made once when the import starts
// (the page names it in the labels' backup before the worker stores anything, under the same id
// the report is stored under), and the issues it keeps within MAX_KEPT_ISSUES.
import type { CollectionRef } from '../core/collections/collection';
import type { ImportIssue } from '../core/importers/types';
import { type ImportRecord, MAX_KEPT_ISSUES } from './db';

/** When an import started and the id its report is stored (and backed up) under. */
export interface ImportStart {
  id: string;
  at: string;
  /** The collection the file goes to (created when new); without one, each record's own kind's. */
  collection?: CollectionRef;
}

export function importStart(
  file: string,
  at: string = new Date().toISOString(),
  collection?: CollectionRef,
): ImportStart {
  return { id: `${at}|${file}`, at, ...(collection ? { collection } : {}) };
}

/** The report of an import just started: nothing read yet. */
export function runningImport(file: string, format: string | undefined, start: ImportStart): ImportRecord {
  return {
    id: start.id,
    file,
    format: format ?? null,
    records: 0,
    imported: 0,
    errors: [],
    annotations: 0,
    at: start.at,
    status: 'running',
    ...(start.collection ? { collection: start.collection.id } : {}),
  };
}

/** Why a cancelled import stopped, as its report says it (the dialog adds what to do next). */
export function cancelledMessage(imported: number): string {
  return `by the user after ${imported} imported`;
}

/**
 * Adds issues to the record up to MAX_KEPT_ISSUES and counts the rest. Past the cap an error
 * takes the place of the last warning kept (the warning is counted instead), so thousands of
 * "stored as <id>~2" warnings never leave the invalid lines only a count. A loop, not
 * `push(...issues)`: spreading 150,000 issues overflowed the stack and failed the import.
 */
export function keepIssues(record: ImportRecord, issues: readonly ImportIssue[]): void {
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
