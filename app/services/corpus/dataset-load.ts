// Loading corpora and question sets as a use case: the file is streamed, detected and stored in
// the search worker (all-or-report, cancellable), and the views listing corpora and question sets
// (and the table rows their gold joins onto) refresh once it is stored.
import { proxy } from 'comlink';
import type { DatasetImportOptions, DatasetImportReport } from '../../runtime/search/dataset-import';
import { searchWorker } from '../../runtime/search/client';
import { announce } from '../changes';
import { rethrowStorageError } from '../storage/storage-health';

export type { DatasetImportReport };
export type LoadOptions = Omit<DatasetImportOptions, 'signal' | 'onProgress'>;

/** Loads a corpus or question-set file as job `jobId` (see cancelDatasetLoad). */
export async function loadDatasetFile(
  jobId: string,
  file: File,
  options: LoadOptions,
  onChars: (chars: number) => void,
): Promise<DatasetImportReport> {
  try {
    return await searchWorker().loadBlob(jobId, file, file.name, options, proxy(onChars));
  } catch (e) {
    return await rethrowStorageError(e);
  } finally {
    // Also after a failure: a corpus stored before its question set failed is listed.
    announce('corpora', 'question-sets');
  }
}

export function cancelDatasetLoad(jobId: string): Promise<void> {
  return Promise.resolve(searchWorker().cancel(jobId));
}
