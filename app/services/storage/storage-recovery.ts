// On each start: is the database the one the labels' backup journal belongs to? A database that
// is new while the journal is not was reset by the browser (Chromium does this after a write
// meets a full disk: electron/electron#41877), so the journal's labels and notes go back in and
// the user is told which files to import again. See docs/storage.md.
import {
  type BackedUpImport,
  filesToReimport,
  journalStamp as stampOf,
  replayJournal,
  snapshotJournal,
} from '../../core/annotations/backup-journal';
import {
  BACKUP_BEHIND,
  backedUpImport,
  backupFailureReason,
  noteBackupBehind,
  setBackupBehind,
} from '../../db/backup';
import { type BackupFile, backupFile } from '../../db/backup-file';
import { onForcedClose } from '../../db/db';
import { trashedAnnotations } from '../../db/collection-store';
import { getMeta, listAnnotations, listImports, restoreAnnotations, setMeta } from '../../db/store';
import { announce } from '../changes';

/** Which database the journal belongs to (IndexedDB `meta`). */
const STAMP = 'backup-stamp';
/** The last reset found, kept until the user dismisses it (IndexedDB `meta`). */
const RECOVERY = 'reset-recovery';
/** More chunks than this and the journal is rewritten as one snapshot of the database. */
const COMPACT_AT = 64;

export interface ResetRecovery {
  at: string;
  /** Labels and notes put back from the journal. */
  restored: number;
  /** Files whose trajectories the reset took, latest import first. */
  files: string[];
  /** Journal lines that could not be read (a torn last append). */
  skipped: number;
}

function newStamp(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

async function databaseImports(): Promise<BackedUpImport[]> {
  return (await listImports()).map(backedUpImport);
}

/**
 * Checks the database against the journal; restores the journal's labels into a reset database.
 * Returns what a reset took (also kept for `pendingRecovery`), or null when there was none.
 */
export async function checkLabelBackup(
  file: BackupFile | null = backupFile(),
): Promise<ResetRecovery | null> {
  if (!file) return null;
  let found: ResetRecovery | null = null;
  // A label change the journal missed (backup.ts): the journal is rewritten from the database.
  const gap = await getMeta<string>(BACKUP_BEHIND);
  let rewrote = false;
  try {
    await file.rewrite(async (text, chunks) => {
      const stamp = await getMeta<string>(STAMP);
      const journalStamp = stampOf(text);
      // The usual start: the journal is this database's, complete and short. Nothing is replayed.
      if (stamp && journalStamp === stamp && chunks <= COMPACT_AT && !gap) return null;
      if (journalStamp && journalStamp !== stamp) {
        // Only this function stamps a database, so a journal stamped for another one means the
        // database it belonged to is gone.
        const journal = replayJournal(text);
        await restoreAnnotations(journal.annotations);
        found = {
          at: new Date().toISOString(),
          restored: journal.annotations.length,
          files: filesToReimport(journal.imports),
          skipped: journal.skipped,
        };
        await setMeta(RECOVERY, found);
        await setMeta(STAMP, journalStamp);
        // The old imports stay listed until a compaction reads the database's own.
        rewrote = true;
        return snapshotJournal(journalStamp, journal.annotations, journal.imports);
      }
      // A journal to compact, or the first start with a backup: the database is the truth, except
      // that an unstamped journal (its first check never finished) may hold labels it lacks.
      const s = stamp ?? newStamp();
      // A deleted collection's labels stay in the journal while its deletion can be undone.
      let labels = [...(await listAnnotations()), ...(await trashedAnnotations())];
      if (!journalStamp) {
        const have = new Set(labels.map((a) => a.id));
        const missing = replayJournal(text).annotations.filter((a) => !have.has(a.id));
        await restoreAnnotations(missing);
        labels = labels.concat(missing);
      }
      if (!stamp) await setMeta(STAMP, s);
      rewrote = true;
      return snapshotJournal(s, labels, await databaseImports());
    });
  } catch (e) {
    // The journal could not be rewritten (full): the page says its backup is behind.
    setBackupBehind(backupFailureReason(e));
    throw e;
  }
  if (rewrote) {
    // Rewritten from the database (or the database refilled from it): no gap either way.
    if (gap) await setMeta(BACKUP_BEHIND, null);
    setBackupBehind(null);
  }
  if (found) announce('annotations');
  return found;
}

/**
 * Rewrites the journal from the database after labels may have been stored without reaching it
 * (`why`): an import's worker ended by Cancel may have committed a batch whose labels it never
 * reported to the page. Marked behind first, so a page closed before the rewrite ends has the next
 * start do it; a rewrite that fails leaves the mark and says the backup is behind.
 */
export async function resyncLabelBackup(why: string): Promise<void> {
  const file = backupFile();
  if (!file) return;
  await noteBackupBehind(why);
  await checkLabelBackup(file).catch((e: unknown) =>
    console.warn(`label backup not rewritten (the labels are saved): ${backupFailureReason(e)}`),
  );
}

/**
 * Calls `l` after the browser closed the database under this page. Chromium deletes the site's
 * bucket after a write meets a full disk, which can come after the start-up check (mid-import,
 * and even after a reload began), so the caller checks the backup again and re-reads.
 */
export function onDatabaseClosed(l: () => void): () => void {
  return onForcedClose(l);
}

/** The last reset found and not yet dismissed. */
export async function pendingRecovery(): Promise<ResetRecovery | null> {
  return (await getMeta<ResetRecovery>(RECOVERY)) ?? null;
}

export async function dismissRecovery(): Promise<void> {
  await setMeta(RECOVERY, null);
}

/** Why the labels' backup lacks a change this page saved (null: complete), and its changes. */
export { backupBehind, onBackupBehind } from '../../db/backup';
