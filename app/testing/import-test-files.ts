// What the import tests of the store (db/import-*) and of a run's step files (services) share:
// the lines they import, a full quota, and the stored reports in file order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportRecord } from '../db/db';
import { listImports } from '../db/store';

/** A one-sample veRL step file's line (the shape of make-large.mjs's 5,000 files). */
export const verlSampleLine = (i: number, score = i % 2): string =>
  JSON.stringify({
    input: `user\nAnswer the question. Question: q${i}?\nassistant\n`,
    output: `<search> q${i} </search><information>Doc 1 (Title: t${i}) text</information><answer> a${i} </answer>`,
    score,
    gts: { target: [`a${i}`] },
    data_source: 'bamboogle',
  });

/** Lines of a Hopscope export (records that keep the ids the file gives them, with searches). */
export const hopscopeExportLines = (): string[] =>
  readFileSync(
    join(__dirname, '../../../shared/repro/hardening-3/11-demo-id-collision-silently-replaces.jsonl'),
    'utf8',
  ).split('\n');

/**
 * A full quota: the browser refuses every trajectory put after the first `allowed` (its
 * transaction fails whole). Returns the undo; call it in a finally.
 */
export function refuseTrajectoryPutsAfter(allowed: number): () => void {
  const proto = IDBObjectStore.prototype;
  const put = proto.put;
  let puts = 0;
  proto.put = function (this: IDBObjectStore, ...a: Parameters<typeof put>) {
    if (this.name === 'trajectories' && ++puts > allowed)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, a);
  };
  return () => {
    proto.put = put;
  };
}

/** Orders by file name, numbers in order (`run/2` before `run/10`). */
export const byFile = (a: { file: string }, b: { file: string }): number =>
  a.file.localeCompare(b.file, 'en', { numeric: true });

/** The stored import reports, byFile. */
export async function importsByFile(): Promise<ImportRecord[]> {
  return (await listImports()).sort(byFile);
}

/** Holds this thread `ms` (an import's transactions are cut at BATCH_MS: a pause cuts one there). */
export function holdThread(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}
