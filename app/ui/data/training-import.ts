// The Training page's import: a folder or step files as one run (services/training-import), with
// what went wrong said per file, line and field; and the importer of followed folders.
import {
  importTrainingFile,
  importTrainingFiles,
  type TrainingImportResult as TrainingImportReport,
} from '../../services/training-import';
import { reportedErrors, reportedIssues } from '../../services/trajectory-import';
import { setStepFileImporter } from '../../services/training-follow';
import { runLabel } from '../../core/training/run-label';

export interface TrainingImportResult {
  run: string;
  files: number;
  imported: number;
  /** Lines reported (errors and warnings) over every file. */
  issues: number;
  /** What went wrong, each naming its file, line and field (the first few of each file). */
  problems: string[];
  /** What was odd about samples that imported (a step field its file name contradicts), the same way. */
  warnings: string[];
}

type Issue = TrainingImportReport['files'][number]['report']['errors'][number];
const said = (e: Issue) => `${e.file}, line ${e.line}${e.field ? `, field ${e.field}` : ''}: ${e.message}`;

/**
 * Imports `files` (step dumps) as run `run`; `onFile` hears which file is importing, `onBytes` how
 * many bytes of the run are read; `signal` cancels between or inside files, keeping what was stored.
 */
export async function importTrainingRun(
  files: readonly File[],
  run: string,
  onFile: (name: string, k: number, n: number) => void,
  onBytes?: (done: number, total: number) => void,
  /** Cancel: rejects with an AbortError whose message says what was stored and kept. */
  signal?: AbortSignal,
): Promise<TrainingImportResult> {
  const r = await importTrainingFiles(files, {
    run,
    onFile,
    ...(onBytes ? { onBytes } : {}),
    ...(signal ? { signal } : {}),
  });
  if (r.files.length === 0)
    throw new Error(
      `None of the ${files.length} picked files is a step dump (.jsonl, .json or .ndjson)${r.skipped.length ? `: ${r.skipped.slice(0, 3).join(', ')}` : ''}.`,
    );
  const firstOf = (warning: boolean) =>
    r.files.flatMap(({ report }) =>
      report.errors
        .filter((e) => (e.severity === 'warning') === warning)
        .slice(0, 3)
        .map(said),
    );
  const problems = firstOf(false);
  const warnings = firstOf(true);
  return {
    run: r.runs.map(runLabel).join(', '),
    files: r.files.length,
    imported: r.imported,
    issues: r.files.reduce((n, f) => n + reportedIssues(f.report), 0),
    problems,
    warnings,
  };
}

// A followed folder's new step file, under its path in the folder (its step folders name its step,
// as in a one-shot import). One that stored nothing and reported errors fails, so the follower
// shows why and tries it again once it changes (the trainer may still be writing it).
setStepFileImporter(async (file, path, run) => {
  const report = await importTrainingFile({ file, path }, run);
  if (report.imported === 0 && reportedErrors(report) > 0) {
    const e = report.errors.find((x) => x.severity !== 'warning');
    throw new Error(
      e ? `line ${e.line}${e.field ? `, field ${e.field}` : ''}: ${e.message}` : 'no sample imported',
    );
  }
});
