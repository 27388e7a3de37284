// Reads a trajectory log in Node the way the app does: streaming, through the import pipeline
// with its format detection (or the user's override).
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { type ImportSummary, importBatches } from '../core/importers/pipeline';
import type { Trajectory } from '../core/schema/trajectory';

/** The file as a stream of strings (utf8), so big logs never sit in memory twice. */
async function* fileChunks(path: string): AsyncGenerator<string> {
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) yield String(chunk);
}

/** Runs the import of `file`, handing each trajectory to `each`; returns the pipeline's summary. */
export async function runImport(
  file: string,
  format: string | undefined,
  each: (t: Trajectory) => Promise<void> | void,
): Promise<ImportSummary> {
  const opts = { file: basename(file), ...(format ? { format } : {}) };
  const gen = importBatches(fileChunks(file), opts);
  for (;;) {
    const r = await gen.next();
    if (r.done) return r.value;
    for (const t of r.value.trajectories) await each(t);
  }
}
