// Reads a trajectory log in Node the way the app does: the file's bytes, streaming, through the
// same decoder, record reader and import pipeline (format detection or the user's override).
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Annotation } from '../core/annotations/annotation';
import { type ImportSummary, importBatches } from '../core/importers/pipeline';
import type { Trajectory } from '../core/schema/trajectory';

/** The file as a stream of bytes, so big logs never sit in memory and encodings are sniffed. */
async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(path)) yield chunk as Buffer;
}

/**
 * Runs the import of `file`, handing each trajectory to `each`; returns the pipeline's summary.
 * `name`: what the import calls the file (its base name; a training run's step file is
 * `run/12.jsonl`, which names its run).
 */
export async function runImport(
  file: string,
  format: string | undefined,
  /** `line`: where the trajectory's record starts in `file`. */
  each: (t: Trajectory, line: number) => Promise<void> | void,
  eachAnnotation?: (a: Annotation) => void,
  name: string = basename(file),
): Promise<ImportSummary> {
  const opts = { file: name, ...(format ? { format } : {}) };
  const gen = importBatches(fileChunks(file), opts);
  for (;;) {
    const r = await gen.next();
    if (r.done) return r.value;
    const { trajectories, lines } = r.value;
    for (let i = 0; i < trajectories.length; i++) await each(trajectories[i] as Trajectory, lines[i] ?? 0);
    for (const a of r.value.annotations) eachAnnotation?.(a);
  }
}
