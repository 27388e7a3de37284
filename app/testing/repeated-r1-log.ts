// A big R1-Searcher log built from a real one: its lines repeated in whole copies until the size
// asked for, each copy's questions marked ` [copy c]` so every record is a trajectory of its own
// (the shape users import, at any size). Used by the 100 MB import e2e and benches.
import { writeFileSync } from 'node:fs';

/** The source's JSONL lines repeated, whole copies, until at least `bytes` (each line's + 1). */
export function* repeatedR1Lines(sourceText: string, bytes: number): Generator<string> {
  const lines = sourceText.trim().split('\n');
  if (lines.length === 0 || lines[0] === '') throw new Error('no R1-Searcher lines to repeat');
  let size = 0;
  for (let copy = 0; size < bytes; copy++)
    for (const l of lines) {
      const r = JSON.parse(l) as { question: string };
      r.question = `${r.question} [copy ${copy}]`;
      const s = JSON.stringify(r);
      size += s.length + 1;
      yield s;
    }
}

/** Writes the source's lines repeated to `mib` MiB at `path`; returns the record count. */
export function writeRepeatedR1Log(sourceText: string, path: string, mib: number): number {
  const out = [...repeatedR1Lines(sourceText, mib * 2 ** 20)];
  writeFileSync(path, `${out.join('\n')}\n`);
  return out.length;
}
