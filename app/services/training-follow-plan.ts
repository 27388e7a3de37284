// Which files of a followed dump folder to import on this look: pure, so it is tested without a
// browser. A trainer writes one file per step (veRL's rollout_data_dir: `{step}.jsonl`); a file is
// imported once it has stopped changing, and again if it changes after that (the importer keeps
// one copy of a record it already holds). A file that failed is tried again only once it changes.
import { stepFromFileName } from '../core/importers/formats/verl-path';
import { isStepFileName } from '../core/training/step-files';

/** A file as a directory listing sees it; `name` is its path inside the followed folder. */
export interface SeenFile {
  name: string;
  size: number;
  lastModified: number;
}

/** Files imported so far, by path, with the size and time they had then (and their digest). */
export type ImportedFiles = Record<string, { size: number; lastModified: number; sha256?: string }>;

/** Files that failed to import, by path, with the size and time they had then and why. */
export type FailedFiles = Record<string, { size: number; lastModified: number; error: string }>;

/** A file older than this is finished, even on the first look (no earlier look to compare with). */
export const SETTLED_AFTER_MS = 5_000;

const JSON_LINES = /\.(?:jsonl|ndjson)$/i;

/**
 * A step file of a followed folder (`path` inside it): a records file (the core's rule) that is
 * JSON Lines, whose records may name their step, or whose own name gives one (`step_3.json`). A
 * `.json` without a step in its name (a `config.json` beside the dumps, a checkpoint's
 * `global_step_12/actor/config.json`) is no step file: importing it fails at every change.
 */
export function isFollowedStepFile(path: string): boolean {
  if (!isStepFileName(path)) return false;
  const name = path.split(/[\\/]/).pop() ?? '';
  return JSON_LINES.test(name) || stepFromFileName(name) !== null;
}

/** Step files first by the step in their path (the importer's reading of it), then by path. */
export function byStep(a: SeenFile, b: SeenFile): number {
  const x = stepFromFileName(a.name);
  const y = stepFromFileName(b.name);
  if (x !== null && y !== null && x !== y) return x - y;
  if (x === null && y !== null) return 1;
  if (y === null && x !== null) return -1;
  return a.name.localeCompare(b.name);
}

function same(a: { size: number; lastModified: number } | undefined, b: SeenFile): boolean {
  return a !== undefined && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * The step files of `now` to import: new or changed since imported (or since they failed), and
 * settled: unchanged since the previous look (`before`), or last modified more than
 * SETTLED_AFTER_MS before `nowMs`. A file still being written is left for a later look, so no step
 * is imported half-written. Empty files wait too (a trainer creates the file before writing it).
 */
export function filesToImport(
  now: readonly SeenFile[],
  imported: ImportedFiles,
  before: ReadonlyMap<string, SeenFile> | null,
  nowMs: number,
  failed: FailedFiles = {},
): SeenFile[] {
  return now
    .filter(
      (f) =>
        isFollowedStepFile(f.name) && f.size > 0 && !same(imported[f.name], f) && !same(failed[f.name], f),
    )
    .filter((f) => same(before?.get(f.name), f) || nowMs - f.lastModified > SETTLED_AFTER_MS)
    .sort(byStep);
}
