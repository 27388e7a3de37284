// Cancel ends the import's worker at once (issue 41 item 4), whatever it is in the middle of; the
// page then settles the stored report. These stand in for the ended worker: an import stuck where
// a huge record would hold it, and a batch still committing when the report is settled.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { stringChunks } from '../core/importers/pipeline';
import { freshDbPerTest } from '../testing/fresh-db';
import { db } from './db';
import { importIntoDb } from './import-into-db';
import { importStart, runningImport } from './import-record';
import { settleCancelledImport } from './import-stop';
import { countTrajectories, listImports } from './store';
import { flashragLine } from '../testing/flashrag-line';

freshDbPerTest();

/** 450 records, then a read that never ends (the worker stuck in one record, until ended). */
async function* stuckAfter450(): AsyncGenerator<string> {
  yield* stringChunks(`${Array.from({ length: 450 }, (_, i) => flashragLine(i)).join('\n')}\n`, 4096);
  await new Promise(() => {});
}

describe('an import whose worker the page ended', () => {
  it('is reported cancelled, counting exactly the records stored', async () => {
    const start = importStart('stuck.jsonl');
    let batches = 0;
    void importIntoDb(stuckAfter450(), {
      file: 'stuck.jsonl',
      start,
      batchSize: 200,
      onProgress: () => batches++,
    });
    while (batches < 2) await new Promise((r) => setTimeout(r, 10));
    const report = await settleCancelledImport(start, 'stuck.jsonl');
    expect(report).toMatchObject({
      status: 'cancelled',
      imported: 400,
      message: 'by the user after 400 imported',
    });
    expect(await countTrajectories()).toBe(400);
    expect(await listImports()).toEqual([report]);
  });

  it('counts a batch that was still committing when Cancel came', async () => {
    const start = importStart('late.jsonl');
    const d = await db();
    // The worker's open write: it stores its report only after many more requests.
    const tx = d.transaction(['trajectories', 'imports'], 'readwrite');
    let left = 50;
    const more = (): void => {
      if (left-- > 0) void tx.objectStore('trajectories').count().then(more);
      else
        void tx
          .objectStore('imports')
          .put({ ...runningImport('late.jsonl', 'flashrag', start), imported: 7 });
    };
    more();
    const report = await settleCancelledImport(start, 'late.jsonl');
    expect(report).toMatchObject({ status: 'cancelled', imported: 7, format: 'flashrag' });
  });

  it('leaves an import that finished first as done', async () => {
    const start = importStart('done.jsonl');
    await importIntoDb(stringChunks(`${flashragLine(1)}\n`), { file: 'done.jsonl', start });
    expect(await settleCancelledImport(start, 'done.jsonl')).toMatchObject({ status: 'done', imported: 1 });
  });

  it('cancelled before the worker stored anything: a report of nothing stored', async () => {
    const start = importStart('early.jsonl');
    expect(await settleCancelledImport(start, 'early.jsonl')).toMatchObject({
      id: start.id,
      status: 'cancelled',
      imported: 0,
      message: 'by the user after 0 imported',
    });
  });
});
