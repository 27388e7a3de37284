// Appends label changes to the backup journal once IndexedDB has committed them (store.ts), and
// the files the user imports, so a reset can name them (services/trajectory-import).
// The journal is a second copy, so failing to write it never fails the change itself: the
// label is saved; the warning says the backup is behind.
import { type BackedUpImport, type BackupEntry, encodeEntries } from '../core/annotations/backup-journal';
import { backupFile } from './backup-file';

export async function backupEntries(entries: readonly BackupEntry[]): Promise<void> {
  const file = backupFile();
  if (!file || entries.length === 0) return;
  try {
    await file.append(encodeEntries(entries));
  } catch (e) {
    console.warn(
      `label backup not written (the labels are saved): ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/** An imported file: at its start (so a reset mid-import still names it) and at its end. */
export async function backupImport(r: BackedUpImport): Promise<void> {
  await backupEntries([{ op: 'import', r }]);
}
