// Runs the import pipeline and stores each batch as it comes, so a 100 MB file never sits in
// memory whole and a crash mid-way keeps what was stored. Used by the import worker.
import { type ImportProgress, type ImportSummary, importBatches } from '../core/importers/pipeline';
import type { ImportRecord } from './db';
import { putImportRecord, putTrajectories } from './store';

export interface DbImportOptions {
  file: string;
  format?: string;
  signal?: AbortSignal;
  onProgress?: (p: ImportProgress) => void;
}

export async function importIntoDb(
  chunks: AsyncIterable<string>,
  opts: DbImportOptions,
): Promise<ImportRecord> {
  const gen = importBatches(chunks, {
    file: opts.file,
    ...(opts.format ? { format: opts.format } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  let summary: ImportSummary;
  for (;;) {
    const r = await gen.next();
    if (r.done) {
      summary = r.value;
      break;
    }
    await putTrajectories(r.value.trajectories);
    opts.onProgress?.(r.value.progress);
  }
  const record: ImportRecord = {
    id: `${new Date().toISOString()}|${opts.file}`,
    file: opts.file,
    format: summary.format,
    records: summary.records,
    imported: summary.imported,
    errors: summary.errors,
    at: new Date().toISOString(),
  };
  await putImportRecord(record);
  return record;
}
