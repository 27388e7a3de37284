// The Training page's step summaries as the last session held them, kept in `meta` with the rows'
// stamp they were taken at (rows-writes.ts), so a reload plots them at once while the table worker
// reads every row again. One is read back only while it is provably current: no row written since
// (the write count), the same question sets (gold joins), and the same row, summary and database
// versions. docs/storage.md, "The last session's summaries".
import { ROW_VERSION } from '../core/table/row';
import type { StepSummary } from '../core/training/step-summary';
import { db, DB_VERSION } from './db';
import { ROWS_KEY, type RowsStamp } from './rows-writes';

const STORED_KEY = 'step-summaries';
/** Bumped when StepSummary's shape or meaning changes: an older stored one is never read. */
export const STEP_SUMMARY_VERSION = 1;

interface StoredSummaries {
  stamp: RowsStamp;
  versions: string;
  at: string;
  steps: StepSummary[];
}

const versions = () => `${DB_VERSION}/${ROW_VERSION}/${STEP_SUMMARY_VERSION}`;

/**
 * Stores `steps` as the summaries of the rows at `stamp`, unless rows were written since (then
 * they could never be read back, and a newer one may be there): resolves whether it stored.
 */
export async function saveStepSummaries(stamp: RowsStamp, steps: readonly StepSummary[]): Promise<boolean> {
  const tx = (await db()).transaction(['meta', 'questionSets'], 'readwrite');
  const [held, keys] = await Promise.all([
    tx.objectStore('meta').get(ROWS_KEY),
    tx.objectStore('questionSets').getAllKeys(),
  ]);
  const current =
    ((held as { seq?: number } | undefined)?.seq ?? 0) === stamp.seq &&
    keys.map(String).sort().join(',') === stamp.goldKey;
  if (current) {
    const value: StoredSummaries = {
      stamp,
      versions: versions(),
      at: new Date().toISOString(),
      steps: [...steps],
    };
    void tx.objectStore('meta').put(value, STORED_KEY);
  }
  await tx.done;
  return current;
}

/** The stored summaries with the time they were stored, when they are of the rows stored now; else null. */
export async function loadStepSummaries(): Promise<{ steps: StepSummary[]; at: string } | null> {
  const tx = (await db()).transaction(['meta', 'questionSets']);
  const [stored, held, keys] = await Promise.all([
    tx.objectStore('meta').get(STORED_KEY),
    tx.objectStore('meta').get(ROWS_KEY),
    tx.objectStore('questionSets').getAllKeys(),
  ]);
  await tx.done;
  const s = stored as StoredSummaries | undefined;
  if (!s || s.versions !== versions()) return null;
  if (s.stamp.seq !== ((held as { seq?: number } | undefined)?.seq ?? 0)) return null;
  if (s.stamp.goldKey !== keys.map(String).sort().join(',')) return null;
  return { steps: s.steps, at: s.at };
}
