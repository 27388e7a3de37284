import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { forceCloseDatabase } from 'fake-indexeddb';
import { deleteDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../core/annotations/annotation';
import { hash53 } from '../core/hash';
import { importAll, stringChunks } from '../core/importers/pipeline';
import { db, DB_NAME, forcedCloseMark, MAX_KEPT_ISSUES, reportedErrors, reportedIssues } from './db';
import { MemoryBackupFile } from '../testing/memory-backup-file';
import { setBackupFileForTests } from './backup-file';
import { importIntoDb, settleStoppedImport } from './import-into-db';
import { importStart, runningImport } from './import-record';
import { deriveRows } from './trajectory-write';
import { deriveInParts } from '../runtime/rows/pool';
import {
  countTrajectories,
  getTrajectory,
  listAnnotations,
  listImports,
  listRows,
  putAnnotations,
  putTrajectories,
} from './store';
import { flashragLine } from '../testing/flashrag-line';
import { freshDbPerTest } from '../testing/fresh-db';
import { hopscopeExportLines, refuseTrajectoryPutsAfter } from '../testing/import-test-files';

const R1 = readFileSync(join(__dirname, '../../../shared/repro/hardening/08-r1_10.jsonl'), 'utf8');

freshDbPerTest();

describe('records stored under the old (key-order) content ids', () => {
  it('keep their ids and labels: re-importing the same file adds no copies', async () => {
    const lines = R1.trim().split('\n');
    // As stored before ids hashed a canonical form: the hash of the record in file key order.
    const legacy = lines.map((l) => `t_${hash53(`search-r1\n${JSON.stringify(JSON.parse(l))}`)}`);
    const fresh = (await importAll(stringChunks(R1), { file: 'r1.jsonl' })).trajectories;
    expect(fresh.map((t) => t.id)).not.toEqual(legacy);
    await putTrajectories(fresh.map((t, i) => ({ ...t, id: legacy[i] as string })));
    const label = makeAnnotation({
      trajectoryId: legacy[0] as string,
      label: 'verdict:good',
      annotator: 'ana',
    });
    await putAnnotations([label]);

    // Re-importing the same file replaces them in place (their old ids were in its key order).
    await importIntoDb(stringChunks(R1), { file: 'r1-again.jsonl' });
    expect(await countTrajectories()).toBe(10);
    expect((await getTrajectory(legacy[0] as string))?.source.file).toBe('r1-again.jsonl');
    expect(await listAnnotations()).toEqual([label]);
    // Each row's searches name the id it is stored under (rows asked for before the rename are
    // derived again).
    const rows = await listRows();
    expect(rows.flatMap((r) => r.searches).length).toBeGreaterThan(0);
    for (const row of rows) for (const s of row.searches) expect(s.trajectoryId).toBe(row.id);
  });

  it('are given back their old ids when only their labels are left (a deleted file, a reset database)', async () => {
    const lines = R1.trim().split('\n');
    const legacy = `t_${hash53(`search-r1\n${JSON.stringify(JSON.parse(lines[0] as string))}`)}`;
    const label = makeAnnotation({ trajectoryId: legacy, label: 'verdict:good', annotator: 'ana' });
    await putAnnotations([label]);
    expect(await countTrajectories()).toBe(0);
    await importIntoDb(stringChunks(R1), { file: 'r1.jsonl' });
    // The labelled record takes the id its label names; the others keep their canonical ids.
    expect((await getTrajectory(legacy))?.source.file).toBe('r1.jsonl');
    expect(await countTrajectories()).toBe(10);
    expect(await listAnnotations()).toEqual([label]);
  });
});

describe('a stopped import keeps its report', () => {
  const text = Array.from({ length: 450 }, (_, i) => flashragLine(i)).join('\n') + '\n{"broken"\n';

  it('cancelled: the stored report says what was stored and that it was cancelled', async () => {
    const ac = new AbortController();
    await expect(
      importIntoDb(stringChunks(text, 4096), {
        file: 'big.jsonl',
        batchSize: 200,
        signal: ac.signal,
        onProgress: () => ac.abort(),
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    const [rec] = await listImports();
    expect(rec).toMatchObject({ file: 'big.jsonl', status: 'cancelled', imported: 200 });
    expect(rec?.message).toBe('by the user after 200 imported');
    expect(rec?.format).toBe('flashrag');
    expect(await countTrajectories()).toBe(200);
  });

  it('settleStoppedImport (one file or a group): a failure is stored with its error and the count, and thrown', async () => {
    const record = { ...runningImport('run/3.jsonl', 'flashrag', importStart('run/3.jsonl')), imported: 7 };
    const boom = new TypeError('boom');
    await expect(settleStoppedImport(record, boom, false, forcedCloseMark())).rejects.toBe(boom);
    expect((await listImports())[0]).toMatchObject({
      file: 'run/3.jsonl',
      status: 'failed',
      message: 'TypeError: boom (after 7 imported)',
    });
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await expect(settleStoppedImport(record, quota, false, forcedCloseMark())).rejects.toMatchObject({
      name: 'QuotaExceededError',
      message: expect.stringMatching(
        /^The browser's storage was full while storing run\/3\.jsonl: 7 records/,
      ),
      cause: quota,
    });
    const abort = new DOMException('stopped', 'AbortError');
    await expect(settleStoppedImport(record, abort, true, forcedCloseMark())).rejects.toBe(abort);
    expect((await listImports())[0]).toMatchObject({
      status: 'cancelled',
      message: 'by the user after 7 imported',
    });
  });

  it('a write the full quota refuses: stops naming the file and the records stored, losing none of them', async () => {
    const many = `${Array.from({ length: 2500 }, (_, i) => flashragLine(i)).join('\n')}\n`;
    // The browser refuses the 2,001st record: the third batch's transaction fails whole.
    const allowPuts = refuseTrajectoryPutsAfter(2000);
    try {
      const stopped = importIntoDb(stringChunks(many, 65536), { file: 'run/7.jsonl' });
      await expect(stopped).rejects.toMatchObject({
        name: 'QuotaExceededError',
        message: expect.stringMatching(
          /^The browser's storage was full while storing run\/7\.jsonl: 2,000 records of it were stored and kept; the rest of it was not imported/,
        ),
      });
    } finally {
      allowPuts();
    }
    expect(await countTrajectories()).toBe(2000);
    const [rec] = await listImports();
    expect(rec).toMatchObject({ file: 'run/7.jsonl', status: 'failed', imported: 2000 });
    expect(rec?.message).toContain('2,000 records of it were stored and kept');
    // Once there is room, importing the file again adds the rest and doubles nothing.
    expect((await importIntoDb(stringChunks(many), { file: 'run/7.jsonl' })).imported).toBe(2500);
    expect(await countTrajectories()).toBe(2500);
  });

  it('failed mid-way (e.g. quota): the report names the cause and keeps the issues found so far', async () => {
    const bad = `{"broken"\n${text}`;
    async function* failing() {
      let n = 0;
      for await (const c of stringChunks(bad, 4096)) {
        if (++n === 8) {
          const e = new Error('the quota has been exceeded');
          e.name = 'QuotaExceededError';
          throw e;
        }
        yield c;
      }
    }
    await expect(importIntoDb(failing(), { file: 'q.jsonl', batchSize: 200 })).rejects.toMatchObject({
      name: 'QuotaExceededError',
    });
    const [rec] = await listImports();
    expect(rec?.status).toBe('failed');
    expect(rec?.message).toMatch(
      /^The browser's storage was full while storing q\.jsonl: \d+ records of it were stored and kept; the rest of it was not imported/,
    );
    expect(rec?.imported).toBe(await countTrajectories());
    expect(rec?.errors.map((e) => e.line)).toEqual([1]);
  });

  // When the browser closes the connection (a full disk, cleared site data) it aborts the open
  // transaction without an error, and idb's `done` rejects with an AbortError: e2e/full-disk
  // once showed that as "Cancelled" although the user had not cancelled and nothing was kept.
  async function* abortedWrite(close: boolean) {
    let n = 0;
    for await (const c of stringChunks(text, 4096)) {
      if (++n === 8) {
        if (close)
          // fake-indexeddb types its argument as the class, not an instance.
          forceCloseDatabase((await db()) as unknown as Parameters<typeof forceCloseDatabase>[0]);
        throw new DOMException('', 'AbortError');
      }
      yield c;
    }
  }

  it('aborted by the browser closing the database: a failure naming that, not a cancel', async () => {
    await expect(importIntoDb(abortedWrite(true), { file: 'big.jsonl' })).rejects.toMatchObject({
      name: 'DatabaseClosedError',
      message: 'the browser closed the database during the write',
    });
    // The closing connection may take no more writes (the report then stays as last stored,
    // which the dialog reads as interrupted); it never says cancelled.
    const status = () =>
      listImports().then(
        (l) => l[0]?.status,
        (e: Error) => e.name,
      );
    await expect.poll(status).not.toBe('InvalidStateError');
    expect(['running', 'failed']).toContain(await status());
  });

  it('closed by the browser between two writes: a failure, not "done" with the earlier batches gone', async () => {
    // The reset comes while no write is open (no transaction aborts): fake-indexeddb deletes once
    // the connection lets go, then the forced close's event follows.
    let batches = 0;
    const reset = async () => {
      const open = await db();
      await deleteDB(DB_NAME);
      forceCloseDatabase(open as unknown as Parameters<typeof forceCloseDatabase>[0]);
    };
    let resetting: Promise<void> | undefined;
    async function* slow() {
      for await (const c of stringChunks(text, 4096)) {
        await resetting;
        yield c;
      }
    }
    await expect(
      importIntoDb(slow(), {
        file: 'big.jsonl',
        batchSize: 200,
        onProgress: () => {
          if (++batches === 1) resetting = reset();
        },
      }),
    ).rejects.toMatchObject({ name: 'DatabaseClosedError' });
  });

  it('a write on a connection the browser is closing: the same failure, not an InvalidStateError', async () => {
    async function* closing() {
      let n = 0;
      for await (const c of stringChunks(text, 4096)) {
        // No write is open: the next one meets the closing connection.
        if (++n === 8)
          forceCloseDatabase((await db()) as unknown as Parameters<typeof forceCloseDatabase>[0]);
        yield c;
      }
    }
    await expect(importIntoDb(closing(), { file: 'big.jsonl' })).rejects.toMatchObject({
      name: 'DatabaseClosedError',
    });
  });

  it('a Cancel pressed after a write failed does not hide the failure', async () => {
    const ac = new AbortController();
    async function* failing() {
      let n = 0;
      for await (const c of stringChunks(text, 4096)) {
        if (++n === 8) {
          ac.abort(); // the user presses Cancel while the import stalls on the failed write
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        yield c;
      }
    }
    await expect(importIntoDb(failing(), { file: 'q.jsonl', signal: ac.signal })).rejects.toMatchObject({
      name: 'QuotaExceededError',
    });
    const [rec] = await listImports();
    expect(rec?.status).toBe('failed');
  });

  it('an AbortError with no cancel and no close is a failure too, never "by the user"', async () => {
    await expect(importIntoDb(abortedWrite(false), { file: 'big.jsonl' })).rejects.toThrow(
      'the import was aborted without a reason given',
    );
    const [rec] = await listImports();
    expect(rec?.status).toBe('failed');
    expect(rec?.message).not.toContain('by the user');
  });

  it('an import still running (or interrupted) is stored as running from its start', async () => {
    let seen: string | undefined;
    const reported: string[] = [];
    await importIntoDb(stringChunks(text, 4096), {
      file: 'live.jsonl',
      onProgress: (_p, storedIds) => {
        reported.push(...storedIds);
        void listImports().then((l) => (seen ??= l[0]?.status));
      },
    });
    const [rec] = await listImports();
    expect(rec?.status).toBe('done');
    expect(seen).toBe('running');
    // Each batch's ids come with its progress (the table reads just those rows): every stored id, once.
    expect(reported).toHaveLength(await countTrajectories());
    expect(new Set(reported).size).toBe(reported.length);
    for (const id of reported.slice(0, 3)) expect(await getTrajectory(id)).toBeDefined();
  });
});

describe('a file with very many bad lines', () => {
  const BAD = readFileSync(
    join(__dirname, '../../../shared/repro/hardening-3/10-150k-bad-lines-browser-import-fails.jsonl'),
    'utf8',
  );

  it('imports its good records and keeps a capped report with a count of the rest', async () => {
    const rec = await importIntoDb(stringChunks(BAD), { file: 'bad.jsonl' });
    expect(rec.status).toBe('done');
    expect(rec.imported).toBe(10);
    expect(await countTrajectories()).toBe(10);
    expect(rec.errors).toHaveLength(MAX_KEPT_ISSUES);
    expect(reportedIssues(rec)).toBe(150_000);
    expect(rec.errors[0]).toMatchObject({ file: 'bad.jsonl' });
    const [stored] = await listImports();
    expect(stored?.status).toBe('done');
    expect(stored && reportedIssues(stored)).toBe(150_000);
  }, 60_000);

  it('keeps the errors before the warnings: moved records cannot push invalid lines out of the report', async () => {
    const n = MAX_KEPT_ISSUES + 100;
    // Hopscope records keep the ids the file gives them.
    const [first] = hopscopeExportLines();
    const base = { ...(JSON.parse(first!) as object), steps: [] };
    const file = (q: string) =>
      Array.from({ length: n }, (_, i) =>
        JSON.stringify({ ...base, id: `r${i}`, question: `${q} ${i}?` }),
      ).join('\n');
    await importIntoDb(stringChunks(file('Question')), { file: 'many.jsonl' });
    // The same ids with other questions (each stored as <id>~2, a warning), then 20 invalid lines.
    const bad = Array.from({ length: 20 }, (_, i) => `{"broken": ${i}`).join('\n');
    const rec = await importIntoDb(stringChunks(`${file('Changed')}\n${bad}\n`), { file: 'many.jsonl' });
    expect(rec.imported).toBe(n);
    expect(rec.errors).toHaveLength(MAX_KEPT_ISSUES);
    expect(reportedIssues(rec)).toBe(n + 20);
    const errors = rec.errors.filter((e) => e.severity !== 'warning');
    expect(errors.map((e) => e.line)).toEqual(Array.from({ length: 20 }, (_, i) => n + 1 + i));
    expect(rec.errors.filter((e) => e.severity === 'warning')).toHaveLength(MAX_KEPT_ISSUES - 20);
  }, 60_000);

  it('a few bad lines are all kept, with no count of the rest', async () => {
    const lines = ['{}', '{}', '{}'].join('\n');
    const rec = await importIntoDb(stringChunks(`${lines}\n${flashragLine(1)}\n`), { file: 'few.jsonl' });
    expect(rec.errors).toHaveLength(3);
    expect(rec.errorsNotKept).toBeUndefined();
  });

  it('counts its warnings apart: a NUL-only line costs no record, a broken one does', async () => {
    const text = `${flashragLine(1)}\n\u0000\u0000\n{broken\n${flashragLine(2)}\n`;
    const rec = await importIntoDb(stringChunks(text), { file: 'mixed.jsonl' });
    expect(rec).toMatchObject({ records: 3, imported: 2, warnings: 1 });
    expect(reportedIssues(rec)).toBe(2);
    expect(reportedErrors(rec)).toBe(1);
  });
});

describe('one id and one backup path per import', () => {
  it('stores the report under the id the page made, and leaves the labels to its caller to back up', async () => {
    const journal = new MemoryBackupFile();
    setBackupFileForTests(journal);
    try {
      const [line] = R1.trim().split('\n');
      const t = (await importAll(stringChunks(`${line}\n`), { file: 'x.jsonl' })).trajectories[0]!;
      const label = makeAnnotation({ trajectoryId: t.id, label: 'verdict:good', annotator: 'ana' });
      const withLabel = `${JSON.stringify({ ...t, annotations: [label] })}\n`;
      const start = importStart('export.jsonl', '2026-01-02T03:04:05.000Z');
      const reported: string[] = [];
      const rec = await importIntoDb(stringChunks(withLabel), {
        file: 'export.jsonl',
        start,
        onProgress: (_p, _ids, labels) => reported.push(...labels.map((a) => a.id)),
      });
      expect([rec.id, rec.at, rec.status]).toEqual([start.id, start.at, 'done']);
      expect((await listImports()).map((r) => r.id)).toEqual([start.id]);
      // Stored, reported to the caller, and not journaled here: the caller's backup is the one.
      expect((await listAnnotations()).map((a) => a.id)).toEqual([label.id]);
      expect(reported).toEqual([label.id]);
      expect(journal.text()).toBe('');
    } finally {
      setBackupFileForTests(undefined);
    }
  });
});

describe('rows derived by a pool of row workers', () => {
  const many = `${Array.from({ length: 2500 }, (_, i) => flashragLine(i)).join('\n')}\n`;

  it('stores each record with its own row, whatever order the parts finish in', async () => {
    // Three "workers": the first part is the slowest.
    const slow = (ms: number) => async (list: Parameters<typeof deriveRows>[0]) => {
      await new Promise((r) => setTimeout(r, ms));
      return deriveRows(list);
    };
    const pool = [slow(30), slow(0), slow(10)];
    const r = await importIntoDb(stringChunks(many), {
      file: 'pool.jsonl',
      deriveRows: (list) => deriveInParts(list, pool),
    });
    expect(r.imported).toBe(2500);
    const rows = await listRows();
    expect(rows).toHaveLength(2500);
    for (const row of rows)
      expect(row.question).toBe(`Question ${(await getTrajectory(row.id))?.source.qid?.slice(1)}?`);
  });

  it("asks for a batch's rows as soon as it is converted, before the previous batch commits", async () => {
    const events: string[] = [];
    let asked = 0;
    let secondAsked: () => void = () => {};
    const second = new Promise<void>((r) => (secondAsked = r));
    const r = await importIntoDb(stringChunks(many), {
      file: 'early.jsonl',
      batchSize: 500,
      deriveRows: async (list) => {
        const n = asked++;
        events.push(`derive ${n}`);
        if (n === 1) secondAsked();
        // The first batch's rows wait for the second batch's request (or 500 ms, as the old
        // pipeline asked for them only after the first batch had committed).
        if (n === 0) await Promise.race([second, new Promise((r) => setTimeout(r, 500))]);
        return deriveRows(list);
      },
      onProgress: (p) => events.push(`stored ${p.imported}`),
    });
    expect(r.imported).toBe(2500);
    expect(events.slice(0, 3)).toEqual(['derive 0', 'derive 1', 'stored 500']);
    // Never more than the batch committing and the one after it: each request after the second
    // comes after the batch two before it is stored.
    for (let n = 2; n < 5; n++)
      expect(events.indexOf(`derive ${n}`)).toBeGreaterThan(events.indexOf(`stored ${(n - 1) * 500}`));
    expect(await listRows()).toHaveLength(2500);
  });

  it('a part that fails fails its batch: the batches before stay stored and counted (all-or-report)', async () => {
    let batches = 0;
    await expect(
      importIntoDb(stringChunks(many), {
        file: 'pool.jsonl',
        deriveRows: async (list) => {
          if (++batches === 2) throw new Error('a row worker failed');
          return deriveRows(list);
        },
      }),
    ).rejects.toThrow('a row worker failed');
    expect(await countTrajectories()).toBe(1000);
    const [rec] = await listImports();
    expect(rec).toMatchObject({ status: 'failed', imported: 1000 });
  });
});
