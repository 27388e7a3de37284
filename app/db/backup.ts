// Appends label changes to the backup journal once IndexedDB has committed them (store.ts), and
// the files the user imports, so a reset can name them (services/trajectory-import). The journal
// is a second copy: failing to write it, or waiting on it, never fails or holds up the change.
import type { Annotation } from '../core/annotations/annotation';
import { type BackedUpImport, type BackupEntry, encodeEntries } from '../core/annotations/backup-journal';
import { backupFile } from './backup-file';
import { db } from './db';

/** Longest a label's save waits for its backup (another tab may hold the journal's lock). */
const BACKUP_WAIT_MS = 2000;

/** Where the database notes that the journal missed a change (IndexedDB `meta`): the next start rewrites it. */
export const BACKUP_BEHIND = 'backup-behind';

let behind: string | null = null;
const behindListeners = new Set<() => void>();

/** Why the journal lacks a label change this page saved, or null while it is complete. */
export function backupBehind(): string | null {
  return behind;
}

export function onBackupBehind(l: () => void): () => void {
  behindListeners.add(l);
  return () => void behindListeners.delete(l);
}

/** Records (or clears, with null) that the journal is behind the database, for the page to show. */
export function setBackupBehind(why: string | null): void {
  if (why === behind) return;
  behind = why;
  for (const l of behindListeners) l();
}

/** A failed journal write in words a user can act on (the browser's own quota message is long). */
export function backupFailureReason(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if ((e as { name?: unknown })?.name === 'QuotaExceededError' || /quota/i.test(message))
    return "this site's local storage is full";
  return message.replace(/\.+$/, '');
}

/**
 * Notes in the database that the journal may lack a change, so the next check (at the latest the
 * next start) rewrites the journal from the database instead of keeping the gap.
 */
export async function noteBackupBehind(why: string): Promise<void> {
  await db()
    .then((d) => d.put('meta', why, BACKUP_BEHIND))
    .catch(() => {});
}

export async function backupEntries(entries: readonly BackupEntry[]): Promise<void> {
  const file = backupFile();
  if (!file || entries.length === 0) return;
  const warn = (why: string) => {
    console.warn(`label backup not written (the labels are saved): ${why}`);
    setBackupBehind(why);
    void noteBackupBehind(why);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), BACKUP_WAIT_MS)));
  const written = file.append(encodeEntries(entries)).then(
    () => 'written' as const,
    (e: unknown) => warn(backupFailureReason(e)),
  );
  // Still written once the lock frees; the save does not wait for it.
  if ((await Promise.race([written, late])) === 'late')
    console.warn(`label backup waiting on another tab after ${BACKUP_WAIT_MS} ms (the labels are saved)`);
  clearTimeout(timer);
}

/**
 * Labels committed to IndexedDB, appended to the journal: the one way a put label reaches it,
 * whether saved on this page (store.ts) or stored by the import worker and reported to the page.
 */
export async function backupLabels(list: readonly Annotation[]): Promise<void> {
  await backupEntries(list.map((a) => ({ op: 'put', a })));
}

/** What the journal keeps of an import report (ImportRecord or the page's own start entry). */
export function backedUpImport(r: BackedUpImport): BackedUpImport {
  return { id: r.id, file: r.file, imported: r.imported, at: r.at };
}

/** An imported file: at its start (so a reset mid-import still names it) and at its end. */
export async function backupImport(r: BackedUpImport): Promise<void> {
  await backupEntries([{ op: 'import', r: backedUpImport(r) }]);
}
