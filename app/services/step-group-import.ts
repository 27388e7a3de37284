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
import { settleCancelledImport, storedImport } from '../db/import-stop';
import { importStarted } from './import-activity';
import { afterServed } from './corpus/served-first';
import { cancelSwitch, rethrowImportFailure, unlessCancelled } from './import-race';
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
  const { cancelled, cancel } = cancelSwitch();
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted) cancel();
  let started = false;
  // A file stored whole, heard once whichever way comes first: the worker's news, its returned
  // reports, or the reports read back after a cancel or a failure (two MessagePorts keep no order
  // between them, and news already posted still arrives after the worker is ended).
  const heard = (i: number, report: ImportReport): boolean => {
    if (i !== reports.length) return false;
    reports.push(report);
    on.onDone?.(i, report);
    return true;
  };
  // Ends the worker at once; the files it finished whose news never came are read back, and the
  // first file not done is settled as cancelled (what it stored counted).
  const stop = async (): Promise<ImportReport[]> => {
    session.end();
    const settled: ImportReport[] = [];
    let stoppedAt: ImportReport | null = null;
    for (let i = reports.length; i < files.length; i++) {
      const report = await settleCancelledImport(starts[i]!, files[i]!.name, format);
      settled.push(report);
      // Heard meanwhile (news posted before the worker ended): counted once, already.
      if (i < reports.length) continue;
      // Before anything was stored only the first file's report says it was cancelled.
      if (report.status === 'done' && started) {
        heard(i, report);
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
        for (const d of s.done)
          if (heard(d.index, d.report)) entries.push({ op: 'import', r: backedUpImport(d.report) });
        void backupEntries(entries);
        on.onProgress?.(s.index, s.progress.chars);
        session.refresh.add(s.storedIds);
      }),
    );
    const first = await unlessCancelled(importing, cancelled);
    if (first === 'cancelled') return await stop();
    // Files whose news has not come yet (it travels on another port than the return).
    const late: ImportReport[] = [];
    for (let i = reports.length; i < first.length; i++) if (heard(i, first[i]!)) late.push(first[i]!);
    if (late.length) await backupEntries(late.map((r) => ({ op: 'import', r: backedUpImport(r) })));
    return first;
  } catch (e) {
    if (e instanceof AbortError) throw e;
    // Files stored whole before the failure whose news has not come: read back, so the failing
    // file named (and the count before it) is the first one not stored whole.
    for (let i = reports.length; i < files.length; i++) {
      const stored = await storedImport(starts[i]!.id);
      if (stored?.status !== 'done' || !heard(i, stored)) break;
    }
    return await rethrowImportFailure(e, files[reports.length]?.name);
  } finally {
    ended();
    signal?.removeEventListener('abort', cancel);
    // The run's next files follow: their rows join these in the session's next refresh.
    session.refresh.add([]);
  }
}
