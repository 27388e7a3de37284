// Precomputed vectors from a picked file become the corpus's dense index (in the search worker,
// cached in IndexedDB), then the query embedder is loaded and checked against them: a different
// model id or width is refused with a message naming the file and field. The vectors stay stored
// either way, so picking the right model later restores them without reloading the file.
import { queryEmbedderMismatch } from '../../core/vectors/align';
import { getPassages } from '../../db/corpus-store';
import type { LoadProgress, ModelSource } from '../../runtime/model-source';
import { embedHost } from '../../runtime/embed/client';
import type { DenseResult } from '../../runtime/retrieval-client';
import { searchWorker } from '../../runtime/search/client';
import { announce } from '../changes';
import { loadPrecomputedVectors, type PrecomputedOptions } from './precomputed-vectors';

export class VectorFileError extends Error {}

export async function loadVectorFile(
  corpusId: string,
  file: { name: string; arrayBuffer(): Promise<ArrayBuffer> },
  options: PrecomputedOptions & { embedder: ModelSource; onLoad?: (p: LoadProgress) => void },
): Promise<DenseResult> {
  try {
    return await loadVectors(corpusId, file, options);
  } finally {
    announce('indexes');
  }
}

async function loadVectors(
  corpusId: string,
  file: { name: string; arrayBuffer(): Promise<ArrayBuffer> },
  options: PrecomputedOptions & { embedder: ModelSource; onLoad?: (p: LoadProgress) => void },
): Promise<DenseResult> {
  const t0 = performance.now();
  const passages = await getPassages(corpusId);
  if (!passages) throw new VectorFileError(`corpus ${corpusId} is not stored`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const loaded = await loadPrecomputedVectors(
    searchWorker(),
    corpusId,
    passages.map((p) => p.id),
    { name: file.name, bytes },
    options,
  );
  if (!loaded.ok) {
    const shown = loaded.errors.slice(0, 5).map((e) => {
      const where = [e.file, e.line !== undefined ? `line ${e.line}` : '', e.field ?? ''].filter(Boolean);
      return `${where.join(', ')}: ${e.message}`;
    });
    const more = loaded.errors.length > 5 ? ` (and ${loaded.errors.length - 5} more)` : '';
    throw new VectorFileError(`${shown.join('; ')}${more}. Nothing was stored.`);
  }
  const info = await embedHost.ensure(options.embedder, options.onLoad);
  const why = queryEmbedderMismatch(loaded.origin, info);
  if (why) throw new VectorFileError(why);
  return {
    status: loaded.status,
    settings: loaded.settings,
    info,
    source: 'precomputed',
    ms: performance.now() - t0,
  };
}
