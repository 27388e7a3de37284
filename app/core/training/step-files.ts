// Which files of a picked dump folder (or a set of dropped files) are step files, the name each is
// imported under (so the importer reads its run and step from it), and the order: by step, so a
// run's plots fill from its first step on.
import { stepFromFileName, trainingFileName } from '../importers/formats/verl-path';

/** Records files hold: JSONL (veRL's dumps), JSON arrays, NDJSON. */
export function isStepFileName(path: string): boolean {
  const name = path.split(/[\\/]/).pop() ?? '';
  return /\.(?:jsonl|json|ndjson)$/i.test(name) && !name.startsWith('.') && !name.startsWith('~');
}

export interface PlannedStepFile {
  /** Index into the input list. */
  index: number;
  /** `run/path inside the folder`: the name the import reads run and step from. */
  name: string;
  /** The step the name gives; null when only the records can say (their `step` field). */
  step: number | null;
}

/**
 * The step files among `paths` (each a path inside the run's folder), named for `run`, ordered by
 * step (files naming none last, by name); `skipped` lists the other paths (a config, a README).
 */
export function planStepFiles(
  paths: readonly string[],
  run: string,
): { files: PlannedStepFile[]; skipped: string[] } {
  const files: PlannedStepFile[] = [];
  const skipped: string[] = [];
  paths.forEach((path, index) => {
    if (!isStepFileName(path)) {
      skipped.push(path);
      return;
    }
    const name = trainingFileName(run, path);
    files.push({ index, name, step: stepFromFileName(name) });
  });
  files.sort(
    (a, b) =>
      (a.step ?? Number.POSITIVE_INFINITY) - (b.step ?? Number.POSITIVE_INFINITY) ||
      a.name.localeCompare(b.name),
  );
  return { files, skipped };
}
