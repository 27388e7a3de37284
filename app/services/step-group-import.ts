// Importing several small step files of a run in one call to the run's import worker
// (db/import-group): their records share transactions and their reports are written with them,
// and the labels' backup journal is appended once per group and once per transaction, not twice
// per file. Each file keeps its own report. Cancel ends the worker at once and settles the report
// of the first file not wholly stored; what was stored stays, and the reports count it exactly.
import * as Comlink from 'comlink';
import { AbortError } from '../core/abort';
import type { BackupEntry } from '../core/annotations/backup-journal';
import { backedUpImport, backupEntries } from '../db/backup';
import type { GroupStored } from '../db/import-group';
import { importStart } from '../db/import-record';
import { settleCancelledImport } from '../db/import-stop';
import { importStarted } from './import-activity';
import { afterServed } from './corpus/served-first';
import { explainStorageError, isQuotaError, rethrowStorageError } from './storage/storage-health';
import { resyncLabelBackup } from './storage/storage-recovery';
import { ImportCancelledError, type ImportReport, type ImportSession } from './trajectory-import';

export interface StepGroupCallbacks {
  /** Before file `index` of the group is read. */
  onFile?: (index: number) => void;
  /** File `index` is stored whole, with its report (called in the group's order). */
  onDone?: (index: number, report: ImportReport) => void;
  /** After each transaction: the file being read and the characters of it read so far. */
  onProgress?: (index: number, chars: number) => void;
}

/**
 * Imports `files` in order through `session`'s worker; resolves with their reports. Rejects with
 * an ImportCancelledError when `signal` aborts (its report: the cancelled file's), or with the
 * failure of the first file not wholly stored (a full disk names it; `onDone` heard every file
 * before it).
 */
export async function importStepGroup(
  files: ReadonlyArray<{ file: File; name: string }>,
  format: string | undefined,
  on: StepGroupCallbacks,
  session: ImportSession,
  signal?: AbortSignal,
): Promise<ImportReport[]> {
  const starts = files.map((f) => importStart(f.name));
  const reports: ImportReport[] = [];
  let cancel = () => {};
  const cancelled = new Promise<'cancelled'>((resolve) => (cancel = () => resolve('cancelled')));
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted) cancel();
  let started = false;
  // Ends the worker at once; the files it finished whose news never came are read back, and the
  // first file not done is settled as cancelled (what it stored counted).
  const stop = async (): Promise<ImportReport[]> => {
    session.end();
    const settled: ImportReport[] = [];
    let stoppedAt: ImportReport | null = null;
    for (let i = reports.length; i < files.length; i++) {
      const report = await settleCancelledImport(starts[i]!, files[i]!.name, format);
      settled.push(report);
      // Before anything was stored only the first file's report says it was cancelled.
      if (report.status === 'done' && started) {
        reports.push(report);
        on.onDone?.(i, report);
        continue;
      }
      stoppedAt = report;
      break;
    }
    await backupEntries(settled.map((r) => ({ op: 'import', r: backedUpImport(r) })));
    // The ended worker may have committed labels whose news never came: rewritten from the database.
    if (started) await resyncLabelBackup(`the import of ${stoppedAt?.file ?? 'a run'} was cancelled`);
    // Every file stored before the cancel came: done, not cancelled.
    if (!stoppedAt) return reports;
    throw new ImportCancelledError(stoppedAt);
  };
  const ended = importStarted();
  try {
    if ((await Promise.race([afterServed(), cancelled])) === 'cancelled') return await stop();
    // Named in the labels' backup before anything is stored, so a reset mid-import names them.
    await backupEntries(
      files.map((f, i) => ({
        op: 'import',
        r: { id: starts[i]!.id, file: f.name, imported: 0, at: starts[i]!.at },
      })),
    );
    started = true;
    const importing = session.api.importFiles(
      `group-${starts[0]?.id ?? ''}`,
      files.map((f, i) => ({ blob: f.file, name: f.name, start: starts[i]! })),
      format,
      Comlink.proxy((i: number) => on.onFile?.(i)),
      Comlink.proxy((s: GroupStored) => {
        // The worker has no localStorage: the page journals the labels and the files done.
        const entries: BackupEntry[] = s.storedAnnotations.map((a) => ({ op: 'put', a }));
        for (const d of s.done) {
          entries.push({ op: 'import', r: backedUpImport(d.report) });
          reports.push(d.report);
          on.onDone?.(d.index, d.report);
        }
        void backupEntries(entries);
        on.onProgress?.(s.index, s.progress.chars);
        session.refresh.add(s.storedIds);
      }),
    );
    importing.catch(() => {}); // a cancel leaves it unsettled or rejected: the race below answers
    const first = await Promise.race([importing, cancelled]);
    if (first === 'cancelled') return await stop();
    return first;
  } catch (e) {
    if (e instanceof AbortError) throw e;
    // A full quota: the worker's message names the file and the records stored; the usage and
    // what to delete come first.
    const failing = files[reports.length]?.name;
    if (isQuotaError(e) && e instanceof Error && failing !== undefined && e.message.includes(failing))
      throw new Error(`${await explainStorageError(e)} ${e.message}`, { cause: e });
    return await rethrowStorageError(e);
  } finally {
    ended();
    signal?.removeEventListener('abort', cancel);
    // The run's next files follow: their rows join these in the session's next refresh.
    session.refresh.add([]);
  }
}
