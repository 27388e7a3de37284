// Importing a training run: its step files (a picked dump folder, or files dropped together) go
// through the usual import in step order, small ones several to a worker call (step-groups.ts),
// each under the name planStepFiles gives it (`run/<step folders>/<file>`) so the veRL importer tags every sample with its run and
// step, as run-summary does (docs/guide/training-runs.md).
import { importStarted } from './import-activity';
import { AbortError, isAbort } from '../core/abort';
import { planStepFiles } from '../core/training/step-files';
import { announce, announceImportEnd } from './changes';
import { RunSizes } from './run-sizes';
import { importStepGroup } from './step-group-import';
import { groupEnd } from './step-groups';
import {
  cancelImport,
  ImportCancelledError,
  type ImportReport,
  ImportSession,
  importTrajectoryFile,
  reportedErrors,
} from './trajectory-import';

/** A file with its path inside the run's folder; a bare File uses its `webkitRelativePath` or name. */
export type TrainingFile = File | { file: File; path: string };

export interface TrainingImportOptions {
  /** The run's name (a folder of several run folders names each by its path); '' leaves it unnamed. */
  run: string;
  /** Format to read the files as; the training importer (`verl`) unless the user chose another. */
  format?: string;
  /** Before each file: its import name, its 1-based place and how many there are. */
  onFile?: (name: string, k: number, n: number) => void;
  /** After each stored batch: bytes of the run read so far and in all (for the share and time left). */
  onBytes?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface TrainingImportResult {
  /** The runs read, `, `-joined (a folder of several run folders gives one run per folder). */
  run: string;
  /** The runs read, by name ('' is the unnamed run). */
  runs: string[];
  /** Each step file's import report, in the order imported (by step). */
  files: Array<{ name: string; step: number | null; report: ImportReport }>;
  /** Files of the folder that are no step files (a config, a README): not read. */
  skipped: string[];
  records: number;
  imported: number;
  /** Records lost, over all files (each report lists them with file, line and field). */
  errors: number;
}

/** A File's path inside the picked folder: `webkitRelativePath` without the folder's own name. */
function pathOf(f: TrainingFile): { file: File; path: string } {
  if (!(f instanceof File)) return f;
  const rel = (f as File & { webkitRelativePath?: string }).webkitRelativePath ?? '';
  return { file: f, path: rel.includes('/') ? rel.slice(rel.indexOf('/') + 1) : f.name };
}

let jobs = 0;

/** The follow mode's worker, kept between step files: the ids it holds are not read again per file. */
const following = new ImportSession();

/**
 * Imports one step file of `run` (the follow mode's importer); the report says what was lost. The
 * table reads the rows it stored, not every row again (a followed run adds a step at a time).
 */
export async function importTrainingFile(
  file: TrainingFile,
  run: string,
  format = 'verl',
): Promise<ImportReport> {
  const { file: blob, path } = pathOf(file);
  const planned = planStepFiles([path], run).files[0];
  const name = planned?.name ?? path;
  const report = await importTrajectoryFile(
    `training-${++jobs}`,
    blob,
    format,
    () => {},
    name,
    false,
    following,
  );
  announce('imports');
  return report;
}

/** Imports the step files among `files` as one run, in step order; stops between files on `signal`. */
export async function importTrainingFiles(
  files: readonly TrainingFile[],
  opts: TrainingImportOptions,
): Promise<TrainingImportResult> {
  const given = files.map(pathOf);
  const plan = planStepFiles(
    given.map((g) => g.path),
    opts.run,
  );
  const out: TrainingImportResult = {
    run: plan.runs.join(', '),
    runs: plan.runs,
    files: [],
    skipped: plan.skipped,
    records: 0,
    imported: 0,
    errors: 0,
  };
  // The table reads the rows stored as it goes (at most once a second over all files) and the
  // rest once at the end, never every row again: that read, while the table worker still held
  // every row, nearly doubled the tab's memory at the end of a 600 × 512 run. One worker imports
  // every file, so the ids it holds in memory are read once for the run.
  const session = new ImportSession();
  // Sizes read in slices beside the import (not 5,000 disk reads in one task before it starts).
  const sizes = new RunSizes(plan.files.map((p) => (given[p.index] as { file: File }).file));
  void sizes.readAll();
  // Bytes of the files imported whole so far.
  let doneBefore = 0;
  // Running from the first file to the last, not just while each file imports.
  const ended = importStarted();
  const n = plan.files.length;
  // Samples stored, as the reports count them; null after a failure (not known here).
  let stored: number | null = null;
  try {
    const fileOf = (p: (typeof plan.files)[number]) => (given[p.index] as { file: File }).file;
    const took = (p: (typeof plan.files)[number], k: number, report: ImportReport) => {
      doneBefore += sizes.sizeOf(k);
      opts.onBytes?.(doneBefore, sizes.total());
      out.files.push({ name: p.name, step: p.step, report });
      out.records += report.records;
      out.imported += report.imported;
      out.errors += reportedErrors(report);
    };
    // Small consecutive files go to the worker together (step-groups.ts); a big one alone.
    for (let k = 0; k < n;) {
      opts.signal?.throwIfAborted();
      const end = await groupEnd((i) => sizes.sizeOf(i), k, n);
      const group = plan.files.slice(k, end);
      const from = k;
      k = end;
      if (group.length > 1) {
        try {
          await importStepGroup(
            group.map((p) => ({ file: fileOf(p), name: p.name })),
            opts.format ?? 'verl',
            {
              onFile: (i) => {
                opts.onFile?.(group[i]!.name, from + i + 1, n);
                opts.onBytes?.(doneBefore, sizes.total());
              },
              onDone: (i, report) => took(group[i]!, from + i, report),
              onProgress: (i, chars) =>
                opts.onBytes?.(doneBefore + Math.min(chars, sizes.sizeOf(from + i)), sizes.total()),
            },
            session,
            opts.signal,
          );
        } catch (e) {
          if (isAbort(e) || !(e instanceof Error)) throw e;
          // The failed file is the first of the group not stored whole (onDone heard those before it).
          const at = out.files.length;
          throw new Error(stoppedRunMessage(e.message, at, n, out.imported), { cause: e });
        }
        continue;
      }
      const p = group[0]!;
      opts.onFile?.(p.name, from + 1, n);
      opts.onBytes?.(doneBefore, sizes.total());
      const jobId = `training-${++jobs}`;
      const stop = () => void cancelImport(jobId);
      opts.signal?.addEventListener('abort', stop, { once: true });
      try {
        const size = sizes.sizeOf(from);
        const report = await importTrajectoryFile(
          jobId,
          fileOf(p),
          opts.format ?? 'verl',
          // Characters read ≈ bytes for the ASCII-heavy dumps; capped at the file's size.
          (progress) => opts.onBytes?.(doneBefore + Math.min(progress.chars, size), sizes.total()),
          p.name,
          false,
          session,
        );
        took(p, from, report);
      } catch (e) {
        if (isAbort(e) || !(e instanceof Error)) throw e;
        throw new Error(stoppedRunMessage(e.message, from, n, out.imported), { cause: e });
      } finally {
        opts.signal?.removeEventListener('abort', stop);
      }
    }
    stored = out.imported;
  } catch (e) {
    if (!isAbort(e, opts.signal)) throw e;
    // The file it stopped in keeps what it stored, counted by its settled report.
    const inFile = e instanceof ImportCancelledError ? e.report.imported : 0;
    stored = out.imported + inFile;
    throw new RunImportCancelledError(out.files.length, n, stored);
  } finally {
    sizes.stop();
    ended();
    // Before the worker ends: news of the last batches may still be on its way.
    const ids = await session.refresh.settle(stored);
    session.end();
    announceImportEnd(ids);
  }
  return out;
}

/**
 * A run's import the user cancelled: `filesDone` step files of `files` were stored whole and
 * `stored` samples in all (those and the part of the file it stopped in), every one kept.
 */
export class RunImportCancelledError extends AbortError {
  constructor(
    readonly filesDone: number,
    readonly files: number,
    readonly stored: number,
  ) {
    super(cancelledRunMessage(filesDone, files, stored));
  }
}

export function cancelledRunMessage(filesDone: number, files: number, stored: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const s = (x: number, one: string) => `${n(x)} ${one}${x === 1 ? '' : 's'}`;
  const kept = stored === 0 ? 'nothing was stored' : `${s(stored, 'sample')} stored, which are kept`;
  return `Import cancelled after ${n(filesDone)} of ${s(files, 'step file')}: ${kept}.`;
}

/**
 * A run's import stopped by a failed file (a full disk, most often): the failure, which names the
 * file, then where in the run it stopped and what the files before it stored (kept).
 */
export function stoppedRunMessage(
  failure: string,
  index: number,
  files: number,
  storedBefore: number,
): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const before =
    index === 0
      ? 'No earlier step file was imported.'
      : `The ${n(index)} step file${index === 1 ? '' : 's'} before it stored ${n(storedBefore)} sample${storedBefore === 1 ? '' : 's'}, which are kept.`;
  return `${failure} The import stopped at step file ${n(index + 1)} of ${n(files)}. ${before}`;
}
