// Which files of a followed dump folder to import on this look: pure, so it is tested without a
// browser. A trainer writes one file per step (veRL's rollout_data_dir: `{step}.jsonl`); a file is
// imported once it has stopped changing, and again if it changes after that (the importer keeps
// one copy of a record it already holds).
import { stepFromFileName } from '../core/importers/formats/verl-path';

/** A file as a directory listing sees it. */
export interface SeenFile {
  name: string;
  size: number;
  lastModified: number;
}

/** Files imported so far, by name, with the size and time they had then. */
export type ImportedFiles = Record<string, { size: number; lastModified: number }>;

/** A file older than this is finished, even on the first look (no earlier look to compare with). */
export const SETTLED_AFTER_MS = 5_000;

/** Dump files: JSON Lines (or JSON), not hidden, not a partial download or editor swap file. */
export function isStepFile(name: string): boolean {
  return /\.(jsonl|json|ndjson)$/i.test(name) && !name.startsWith('.') && !name.startsWith('~');
}

/** Step files first by the step in their name (the importer's reading of it), then by name. */
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
 * The step files of `now` to import: new or changed since imported, and settled: unchanged since
 * the previous look (`before`), or last modified more than SETTLED_AFTER_MS before `nowMs`. A file
 * still being written is left for a later look, so no step is imported half-written. Empty files
 * wait too (a trainer creates the file before writing it).
 */
export function filesToImport(
  now: readonly SeenFile[],
  imported: ImportedFiles,
  before: ReadonlyMap<string, SeenFile> | null,
  nowMs: number,
): SeenFile[] {
  return now
    .filter((f) => isStepFile(f.name) && f.size > 0 && !same(imported[f.name], f))
    .filter((f) => same(before?.get(f.name), f) || nowMs - f.lastModified > SETTLED_AFTER_MS)
    .sort(byStep);
}
