// Precomputed vectors meet a stored corpus and, later, a query embedder. Rows must be the
// corpus's passages in order; queries must be embedded by the model that made the rows (same id,
// same width), else cosine scores compare unrelated spaces and rank nothing.
import type { LoadIssue } from '../corpus/types';
import type { VectorMatrix } from './npy';

/** The `dtype` of dense settings whose vectors were loaded, not embedded here. */
export const PRECOMPUTED_DTYPE = 'precomputed';

/** Settings a precomputed index of `modelId` is stored and looked up under (dense cache key). */
export function precomputedSettings(modelId: string): { modelId: string; dtype: string } {
  return { modelId, dtype: PRECOMPUTED_DTYPE };
}

/** The origin recorded with a stored precomputed index (its commit info). */
export function originOf(
  modelId: string,
  dims: number,
  info: Record<string, string | number | boolean> = {},
): VectorOrigin {
  return {
    file: String(info.file ?? 'the precomputed vectors'),
    field: String(info.field ?? 'rows'),
    modelId,
    dims,
  };
}

/** Where a precomputed matrix came from: named in every message about it. */
export interface VectorOrigin {
  file: string;
  /** The JSONL field, or the .npy's "rows". */
  field: string;
  modelId: string;
  dims: number;
}

/** Rows against the corpus: the count, and the ids where the vector file carries them. */
export function alignVectors(
  rows: number,
  ids: readonly string[] | undefined,
  passageIds: readonly string[],
  origin: Pick<VectorOrigin, 'file' | 'field'>,
): LoadIssue[] {
  if (rows !== passageIds.length)
    return [
      {
        field: origin.field,
        message: `${origin.file} has ${rows} vectors, the corpus ${passageIds.length} passages: one row per passage, in corpus order`,
      },
    ];
  const errors: LoadIssue[] = [];
  if (!ids) return errors;
  for (let i = 0; i < ids.length && errors.length < 10; i++) {
    const id = ids[i]!;
    if (id !== '' && id !== passageIds[i])
      errors.push({
        line: i + 1,
        field: 'id',
        message: `record ${i + 1} is "${id}", passage ${i + 1} of the corpus is "${passageIds[i]}": rows must follow corpus order`,
      });
  }
  return errors;
}

/** Why a query embedder may not search these vectors, or undefined when it may. */
export function queryEmbedderMismatch(
  origin: VectorOrigin,
  embedder: { modelId: string; dims?: number },
): string | undefined {
  const from = `the vectors in ${origin.file} (${origin.field})`;
  if (embedder.modelId !== origin.modelId)
    return `${from} were made by ${origin.modelId}; the configured embedder is ${embedder.modelId}. Queries must be embedded with the same model: pick ${origin.modelId}, or load vectors made by ${embedder.modelId}.`;
  if (embedder.dims !== undefined && embedder.dims !== origin.dims)
    return `${from} have ${origin.dims} dims; ${embedder.modelId} as loaded here gives ${embedder.dims}. It is not the model that made them.`;
  return undefined;
}

/**
 * L2-normalizes every row in place, as the in-browser embedder's vectors are (mean pooling,
 * normalized), so a dot product is the cosine whatever the offline tool saved. A zero row has no
 * direction and is reported.
 */
export function normalizeRows(m: VectorMatrix, field: string): LoadIssue[] {
  const errors: LoadIssue[] = [];
  for (let r = 0; r < m.rows; r++) {
    const row = m.data.subarray(r * m.dims, (r + 1) * m.dims);
    let sq = 0;
    for (let j = 0; j < row.length; j++) sq += row[j]! * row[j]!;
    if (sq === 0) {
      if (errors.length < 10) errors.push({ line: r + 1, field, message: 'the vector is all zeros' });
      continue;
    }
    const inv = 1 / Math.sqrt(sq);
    for (let j = 0; j < row.length; j++) row[j]! *= inv;
  }
  return errors;
}
