// Which files of a picked dump folder (or a set of dropped files) are step files, the run each
// belongs to, the name each is imported under (so the importer reads its run and step from it), and
// the order: by step, so a run's plots fill from its first step on. The app's training import, its
// folder follower and run-summary all plan with this, so they name runs alike.
import { importName, runFromFileName, stepFromFileName } from '../importers/formats/verl-path';

/** Records files hold: JSONL (veRL's dumps), JSON arrays, NDJSON. */
export function isStepFileName(path: string): boolean {
  const name = path.split(/[\\/]/).pop() ?? '';
  return /\.(?:jsonl|json|ndjson)$/i.test(name) && !name.startsWith('.') && !name.startsWith('~');
}

export interface PlannedStepFile {
  /** Index into the input list. */
  index: number;
  /** The run the file's samples belong to. */
  run: string;
  /** `run/step folders/file`: the name the import reads run and step from (verl-path importName). */
  name: string;
  /** The step the name gives; null when only the records can say (their `step` field). */
  step: number | null;
}

/**
 * The step files among `paths` (each a path inside the picked folder), ordered by step (files
 * naming none last, by name); `skipped` lists the other paths (a config, a README). A folder of one
 * run (its files at the top, or all in one subfolder such as `rollout/`) is the run `run`. A folder
 * of several runs (`a/val/`, `b/val/`) gives each its own, named by its folder's path inside the
 * picked one, step folders left out (`a/val`); files at its top are then `run`. `runs` lists the
 * runs planned, sorted.
 */
export function planStepFiles(
  paths: readonly string[],
  run: string,
): { files: PlannedStepFile[]; skipped: string[]; runs: string[] } {
  const picked: Array<{ index: number; path: string; folder: string }> = [];
  const skipped: string[] = [];
  paths.forEach((path, index) => {
    if (isStepFileName(path)) picked.push({ index, path, folder: runFromFileName(path) });
    else skipped.push(path);
  });
  const oneRun = new Set(picked.map((p) => p.folder)).size <= 1;
  const files = picked.map(({ index, path, folder }): PlannedStepFile => {
    const runName = oneRun || folder === '' ? run : folder;
    const name = importName(runName, path);
    return { index, run: runFromFileName(name), name, step: stepFromFileName(name) };
  });
  files.sort(
    (a, b) =>
      (a.step ?? Number.POSITIVE_INFINITY) - (b.step ?? Number.POSITIVE_INFINITY) ||
      a.name.localeCompare(b.name),
  );
  return { files, skipped, runs: [...new Set(files.map((f) => f.run))].sort() };
}
