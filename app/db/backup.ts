// Appends label changes to the backup journal once IndexedDB has committed them (store.ts), and
// the files the user imports, so a reset can name them (services/trajectory-import). The journal
// is a second copy: failing to write it, or waiting on it, never fails or holds up the change.
import { type BackedUpImport, type BackupEntry, encodeEntries } from '../core/annotations/backup-journal';
import { backupFile } from './backup-file';

/** Longest a label's save waits for its backup (another tab may hold the journal's lock). */
const BACKUP_WAIT_MS = 2000;

export async function backupEntries(entries: readonly BackupEntry[]): Promise<void> {
  const file = backupFile();
  if (!file || entries.length === 0) return;
  const warn = (why: string) => console.warn(`label backup not written (the labels are saved): ${why}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), BACKUP_WAIT_MS)));
  const written = file.append(encodeEntries(entries)).then(
    () => 'written' as const,
    (e: unknown) => warn(e instanceof Error ? e.message : String(e)),
  );
  // Still written once the lock frees; the save does not wait for it.
  if ((await Promise.race([written, late])) === 'late')
    console.warn(`label backup waiting on another tab after ${BACKUP_WAIT_MS} ms (the labels are saved)`);
  clearTimeout(timer);
}

/** What the journal keeps of an import report (ImportRecord or the page's own start entry). */
export function backedUpImport(r: BackedUpImport): BackedUpImport {
  return { id: r.id, file: r.file, imported: r.imported, at: r.at };
}

/** An imported file: at its start (so a reset mid-import still names it) and at its end. */
export async function backupImport(r: BackedUpImport): Promise<void> {
  await backupEntries([{ op: 'import', r: backedUpImport(r) }]);
}
