// Which of a run's step files are imported together in one call to the import worker: small
// consecutive files, up to what one transaction of the pipeline holds (BATCH_RECORDS records, at
// least one a file, or BATCH_CHARS of source). A file of its own size's share of that goes alone,
// as before grouping (a 512-sample step file fills its own batches).
import { BATCH_CHARS, BATCH_RECORDS } from '../core/importers/pipeline';

/** Files in one group at most: a step file holds one record at least. */
export const GROUP_FILES = BATCH_RECORDS;
/** Bytes of files in one group at most (≈ characters of source for the ASCII-heavy dumps). */
export const GROUP_BYTES = BATCH_CHARS;
/**
 * A file this big or bigger is imported alone, as before grouping: a 512-sample step file (0.9-1.9
 * MB generated) always is. Its records cost far more than the fixed cost a file has alone (about
 * 25-30 ms in the page, docs/benchmarks.md), so grouping it would save little.
 */
export const ALONE_BYTES = 256 * 1024;

/**
 * The end (exclusive) of the group that starts at file `from` of `n`, by the files' sizes: the next
 * `from + 1` when file `from` goes alone. `pause` yields to the page between slices of `sliceMs`
 * (a picked folder's File reads its size from disk on first use).
 */
export async function groupEnd(
  sizeOf: (k: number) => number,
  from: number,
  n: number,
  pause: () => Promise<void> = () => new Promise((r) => setTimeout(r, 0)),
  now: () => number = () => performance.now(),
  sliceMs = 8,
): Promise<number> {
  if (from >= n || sizeOf(from) >= ALONE_BYTES) return from + 1;
  let bytes = sizeOf(from);
  let end = from + 1;
  let slice = now();
  while (end < n && end - from < GROUP_FILES) {
    const size = sizeOf(end);
    if (size >= ALONE_BYTES || bytes + size > GROUP_BYTES) break;
    bytes += size;
    end++;
    if (now() - slice >= sliceMs) {
      await pause();
      slice = now();
    }
  }
  return end;
}
