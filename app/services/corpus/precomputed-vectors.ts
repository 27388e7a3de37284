// Loads precomputed passage embeddings (a `.npy` matrix, or a vector field in the corpus's JSONL)
// as a corpus's dense index, without running the encoder: parse, check against the corpus, store
// through the search worker's dense-build calls. The index is keyed by the model id that made the
// vectors with dtype "precomputed", so queries later must come from that model (see
// queryEmbedderMismatch). All-or-report: one bad vector and nothing is stored.
import {
  alignVectors,
  normalizeRows,
  precomputedSettings,
  type VectorOrigin,
} from '../../core/vectors/align';
import { JsonlVectorReader } from '../../core/vectors/jsonl-vectors';
import { parseNpyVectors, type VectorMatrix } from '../../core/vectors/npy';
import type { LoadIssue } from '../../core/corpus/types';
import type { DenseSettings, DenseStatus, SearchService } from '../../runtime/search/search-service';

export interface VectorFile {
  name: string;
  bytes: Uint8Array;
}

export interface PrecomputedOptions {
  /** The model that made the vectors (its id as the query embedder will load it). */
  modelId: string;
  /** The JSONL field holding each vector; by default the first of embedding, vector, embeddings, emb. */
  field?: string;
}

/** The search worker calls this needs (SearchService itself in Node tests). */
export type DenseSink = Pick<SearchService, 'beginDense' | 'appendDense' | 'commitDense' | 'abortDense'>;

export type PrecomputedResult =
  | { ok: true; settings: DenseSettings; origin: VectorOrigin; status: DenseStatus }
  | { ok: false; errors: Array<LoadIssue & { file: string }> };

const isNpy = (f: VectorFile) => /\.npy$/i.test(f.name) || (f.bytes[0] === 0x93 && f.bytes[1] === 0x4e);

/** Parses a vector file: a .npy matrix, else JSONL records with a vector field. */
export function readVectorFile(
  file: VectorFile,
  field?: string,
): { ok: true; matrix: VectorMatrix; field: string; ids?: string[] } | { ok: false; errors: LoadIssue[] } {
  if (isNpy(file)) {
    const r = parseNpyVectors(file.bytes);
    return r.ok ? { ok: true, matrix: r.matrix, field: 'rows' } : r;
  }
  const reader = new JsonlVectorReader(field);
  const decoder = new TextDecoder('utf-8');
  // Decoded in slices so a large file never becomes one string.
  const SLICE = 8 * 1024 * 1024;
  for (let i = 0; i < file.bytes.length; i += SLICE)
    reader.write(
      decoder.decode(file.bytes.subarray(i, i + SLICE), { stream: i + SLICE < file.bytes.length }),
    );
  const out = reader.end();
  if (!out.ok) return out;
  const { field: f, ids, ...matrix } = out.vectors;
  return { ok: true, matrix, field: f, ids };
}

export async function loadPrecomputedVectors(
  sink: DenseSink,
  corpusId: string,
  passageIds: readonly string[],
  file: VectorFile,
  options: PrecomputedOptions,
): Promise<PrecomputedResult> {
  const fail = (errors: LoadIssue[]): PrecomputedResult => ({
    ok: false,
    errors: errors.map((e) => ({ ...e, file: file.name })),
  });
  const modelId = options.modelId.trim();
  if (!modelId) return fail([{ field: 'model id', message: 'name the model that made these vectors' }]);
  const parsed = readVectorFile(file, options.field);
  if (!parsed.ok) return fail(parsed.errors);
  const { matrix, field } = parsed;
  const misaligned = alignVectors(matrix.rows, parsed.ids, passageIds, { file: file.name, field });
  if (misaligned.length) return fail(misaligned);
  const zero = normalizeRows(matrix, field);
  if (zero.length) return fail(zero);
  const settings = precomputedSettings(modelId);
  const origin: VectorOrigin = { file: file.name, field, modelId, dims: matrix.dims };
  await sink.beginDense(corpusId, settings, matrix.dims, true);
  try {
    const CHUNK = 4096;
    for (let from = 0; from < matrix.rows; from += CHUNK) {
      const to = Math.min(matrix.rows, from + CHUNK);
      await sink.appendDense(
        corpusId,
        settings,
        from,
        matrix.data.slice(from * matrix.dims, to * matrix.dims),
      );
    }
    const status = await sink.commitDense(corpusId, settings, {
      model: modelId,
      precomputed: true,
      file: file.name,
      field,
      dims: matrix.dims,
    });
    return { ok: true, settings, origin, status };
  } catch (e) {
    await sink.abortDense(corpusId, settings, true);
    throw e;
  }
}
