// Every dataset loader, format detection over them, and one-call loading (whole text or streamed).
import { bamboogleLoader } from './bamboogle';
import { flashragCorpusLoader, flashragQuestionsLoader } from './flashrag';
import { hotpotqaLoader } from './hotpotqa';
import { musiqueLoader } from './musique';
import { type DatasetStream, loadWith, openLoaderStream } from './stream';
import { csvLoader, jsonlLoader, plainLoaderFor, tsvLoader } from './column-mapped';
import { twoWikiLoader } from './twowiki';
import type { DatasetFormatId, DatasetLoader, LoadOptions, LoadResult } from './types';

/** In tie order: the specific formats first, the plain ones last. */
export const DATASET_LOADERS: readonly DatasetLoader[] = [
  hotpotqaLoader,
  twoWikiLoader,
  musiqueLoader,
  bamboogleLoader,
  flashragQuestionsLoader,
  flashragCorpusLoader,
  jsonlLoader,
  csvLoader,
  tsvLoader,
];

export function datasetLoader(id: string): DatasetLoader | null {
  return DATASET_LOADERS.find((l) => l.id === id) ?? null;
}

/** How much of a file detection reads. */
export const DETECT_SAMPLE_CHARS = 256 * 1024;

export interface Detection {
  format: DatasetFormatId;
  loader: DatasetLoader;
  confidence: number;
  /** Every loader that claimed the sample, most likely first. */
  ranked: Array<{ format: DatasetFormatId; confidence: number }>;
}

/** The most likely format for the start of a file; null when no loader claims it. */
export function detectDataset(sample: string, fileName: string): Detection | null {
  const s = sample.length > DETECT_SAMPLE_CHARS ? sample.slice(0, DETECT_SAMPLE_CHARS) : sample;
  const ranked = DATASET_LOADERS.map((loader, order) => ({
    loader,
    order,
    confidence: loader.detect(s, fileName),
  }))
    .filter((r) => r.confidence > 0)
    .sort((a, b) => b.confidence - a.confidence || a.order - b.order);
  const best = ranked[0];
  if (!best) return null;
  return {
    format: best.loader.id,
    loader: best.loader,
    confidence: best.confidence,
    ranked: ranked.map((r) => ({ format: r.loader.id, confidence: r.confidence })),
  };
}

export interface DatasetLoadOptions extends LoadOptions {
  /** A format id to use instead of detection. */
  format?: DatasetFormatId;
}

function pick(sample: string, fileName: string, opts: DatasetLoadOptions): DatasetLoader | string {
  if (opts.format) return datasetLoader(opts.format) ?? `unknown format "${opts.format}"`;
  // A mapping means the user wants the plain reader for this file's kind.
  if (opts.mapping) return plainLoaderFor(fileName);
  return detectDataset(sample, fileName)?.loader ?? 'the format could not be recognised';
}

/** Loads a whole file's text: detection (unless `format` is given), then the loader. */
export function loadDataset(
  text: string,
  fileName: string,
  opts: DatasetLoadOptions = {},
): LoadResult & { format: DatasetFormatId | null } {
  const loader = pick(text, fileName, opts);
  if (typeof loader === 'string') return { format: null, errors: [{ message: loader }] };
  return { format: loader.id, ...loadWith(loader, text, fileName, opts) };
}

/**
 * Opens a streaming load: give it the file's first chunk(s) as `sample` for detection, then
 * write every chunk (the sample included) and call end().
 */
export function openDatasetStream(
  sample: string,
  fileName: string,
  opts: DatasetLoadOptions = {},
): (DatasetStream & { format: DatasetFormatId }) | { format: null; error: string } {
  const loader = pick(sample, fileName, opts);
  if (typeof loader === 'string') return { format: null, error: loader };
  return { format: loader.id, ...openLoaderStream(loader, fileName, opts) };
}
