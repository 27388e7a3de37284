import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { stringChunks } from '../core/importers/pipeline';
import { resetDb, freshDbPerTest } from '../testing/fresh-db';
import {
  hopscopeExportLines,
  importsByFile,
  refuseTrajectoryPutsAfter,
  verlSampleLine,
} from '../testing/import-test-files';
import { type GroupFile, type GroupStored, importGroupIntoDb } from './import-group';
import { importIntoDb } from './import-into-db';
import { importStart } from './import-record';
import { countTrajectories, listAnnotations, listImports, listRows, storedTrajectoryIds } from './store';

freshDbPerTest();

const [LABELLED] = hopscopeExportLines();

/** A Hopscope record carrying a label on the record and one on a step it lacks. */
function labelled(i: number): string {
  const rec = JSON.parse(LABELLED!) as Record<string, unknown>;
  return JSON.stringify({
    ...rec,
    id: `lab-${i}`,
    question: `Labelled ${i}?`,
    annotations: [
      { label: 'verdict:good', annotator: 'ana', createdAt: '2026-11-26T00:00:00Z' },
      { label: 'verdict:bad', annotator: 'ana', stepId: 'no-such-step', createdAt: '2026-11-26T00:00:01Z' },
    ],
  });
}

interface Spec {
  name: string;
  text: string;
  format?: string;
}

/** Step files: one sample each, some with a malformed line, a few with several samples. */
function stepFiles(n: number, from = 1): Spec[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const lines = [verlSampleLine(i)];
    if (i % 5 === 0) lines.push('{"input": "cut off');
    if (i % 7 === 0) lines.push(...[1, 2, 3, 4].map((k) => verlSampleLine(i + k * 10_000)));
    return { name: `run/${i}.jsonl`, text: `${lines.join('\n')}\n`, format: 'verl' };
  });
}

/**
 * The reports of stepFiles(10) stopped in the third transaction of 4 records (files 1-4, then 5,
 * 6 and file 7's first four samples): files 1-6 stored whole, file 7 `status` after 4.
 */
const stoppedInFile7 = (status: string) => [
  ...[1, 2, 3, 4, 5, 6].map((i) => [`run/${i}.jsonl`, 'done', 1]),
  ['run/7.jsonl', status, 4],
];

const AT = '2026-11-29T00:00:00.000Z';
const groupFiles = (specs: readonly Spec[]): GroupFile[] =>
  specs.map((s) => ({ chunks: stringChunks(s.text, 64), file: s.name, start: importStart(s.name, AT) }));

/** What the database holds, comparable between two ways of importing the same files. */
async function snapshot() {
  const imports = (await listImports()).sort((a, b) => a.id.localeCompare(b.id));
  return {
    imports,
    ids: [...(await storedTrajectoryIds())].sort(),
    rows: (await listRows()).length,
    annotations: (await listAnnotations()).map((a) => a.id).sort(),
  };
}

/** Counts readwrite transactions that write import reports (one a batch for a file alone). */
async function countingWrites<T>(run: () => Promise<T>): Promise<{ out: T; writes: number }> {
  const proto = IDBDatabase.prototype;
  const transaction = proto.transaction;
  let writes = 0;
  proto.transaction = function (this: IDBDatabase, ...a: Parameters<typeof transaction>) {
    const stores = typeof a[0] === 'string' ? [a[0]] : [...a[0]];
    if (a[1] === 'readwrite' && stores.includes('imports')) writes++;
    return transaction.apply(this, a);
  } as typeof transaction;
  try {
    return { out: await run(), writes };
  } finally {
    proto.transaction = transaction;
  }
}

describe('small files imported as a group', () => {
  it('store what each file alone stores, each with its own report, in far fewer transactions', async () => {
    const specs: Spec[] = [
      ...stepFiles(12),
      { name: 'labels.jsonl', text: `${labelled(1)}\n${labelled(2)}\n` },
      { name: 'run/empty.jsonl', text: '', format: 'verl' },
      ...stepFiles(8, 13),
    ];
    const alone = await countingWrites(async () => {
      for (const [i, g] of groupFiles(specs).entries())
        await importIntoDb(g.chunks, {
          file: g.file,
          start: g.start,
          ...(specs[i]!.format ? { format: specs[i]!.format } : {}),
        });
    });
    const before = await snapshot();
    await resetDb();

    const stored: GroupStored[] = [];
    // Transactions of 4 records: files share them and a file of 3 samples may span two.
    const grouped = await countingWrites(async () => {
      const verl = groupFiles(specs.filter((s) => s.format === 'verl'));
      const other = groupFiles(specs.filter((s) => s.format !== 'verl'));
      const a = await importGroupIntoDb(verl.slice(0, 12), {
        format: 'verl',
        batchRecords: 4,
        onStored: (s) => stored.push(s),
      });
      const b = await importGroupIntoDb(other, { batchRecords: 4 });
      const c = await importGroupIntoDb(verl.slice(12), { format: 'verl', batchRecords: 4 });
      return [...a, ...b, ...c];
    });
    const after = await snapshot();

    expect(after).toEqual(before);
    expect(after.annotations).toHaveLength(2);
    // Each file's own report: its malformed line named by file and line, its labels counted.
    const byFile = new Map(after.imports.map((r) => [r.file, r]));
    expect(byFile.get('run/5.jsonl')).toMatchObject({ status: 'done', records: 2, imported: 1 });
    expect(byFile.get('run/5.jsonl')!.errors.map((e) => [e.file, e.line])).toEqual([['run/5.jsonl', 2]]);
    expect(byFile.get('labels.jsonl')).toMatchObject({ status: 'done', imported: 2, annotations: 2 });
    expect(byFile.get('labels.jsonl')!.errors.map((e) => e.file)).toEqual(['labels.jsonl', 'labels.jsonl']);
    expect(grouped.out.every((r) => r.status === 'done')).toBe(true);
    expect(grouped.out.map((r) => r.file)).toEqual(specs.map((s) => s.name));
    // 22 files alone: two report writes each at least; grouped, about one per 4 records (34).
    expect(alone.writes).toBeGreaterThanOrEqual(44);
    expect(grouped.writes).toBeLessThanOrEqual(12);
    // Every file of the first group reported done once, in order.
    expect(stored.flatMap((s) => s.done.map((d) => d.index))).toEqual([...Array(12).keys()]);
  });

  it('cancelled mid-group: earlier files done, the file it stopped in counts what it stored, none after it', async () => {
    const ac = new AbortController();
    // Files 1-6: one sample each (5 has a bad line too); 7 holds five samples, read in two batches.
    const files = groupFiles(stepFiles(10));
    let commits = 0;
    await expect(
      importGroupIntoDb(files, {
        format: 'verl',
        batchRecords: 4,
        signal: ac.signal,
        onStored: () => {
          if (++commits === 2) ac.abort();
        },
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    const reports = await importsByFile();
    // Two transactions: files 1-4, then 5, 6 and the first four samples of 7.
    expect(reports.map((r) => [r.file, r.status, r.imported])).toEqual(stoppedInFile7('cancelled'));
    expect(reports.at(-1)?.message).toBe('by the user after 4 imported');
    expect(await countTrajectories()).toBe(10);
  });

  it('a full disk mid-group: earlier files kept with their reports, the failing file named, none after it', async () => {
    const files = groupFiles(stepFiles(10));
    // The 11th record is refused: the third transaction (file 7's fifth sample, files 8-10) fails whole.
    const allowPuts = refuseTrajectoryPutsAfter(10);
    try {
      await expect(importGroupIntoDb(files, { format: 'verl', batchRecords: 4 })).rejects.toMatchObject({
        name: 'QuotaExceededError',
        message: expect.stringMatching(
          /^The browser's storage was full while storing run\/7\.jsonl: 4 records of it were stored and kept/,
        ),
      });
    } finally {
      allowPuts();
    }
    const reports = await importsByFile();
    expect(reports.map((r) => [r.file, r.status, r.imported])).toEqual(stoppedInFile7('failed'));
    expect(await countTrajectories()).toBe(10);
    // Once there is room the whole group imports, doubling nothing.
    const again = await importGroupIntoDb(groupFiles(stepFiles(10)), { format: 'verl' });
    expect(again.map((r) => r.imported)).toEqual([1, 1, 1, 1, 1, 1, 5, 1, 1, 1]);
    expect(await countTrajectories()).toBe(14);
  });

  it('a file that cannot be read stops the group there, the files before it stored', async () => {
    const files = groupFiles(stepFiles(4));
    async function* unreadable(): AsyncGenerator<string> {
      yield '';
      throw new DOMException('The file could not be read.', 'NotReadableError');
    }
    files[2] = { ...files[2]!, chunks: unreadable() };
    await expect(importGroupIntoDb(files, { format: 'verl' })).rejects.toMatchObject({
      name: 'NotReadableError',
    });
    const reports = await importsByFile();
    expect(reports.map((r) => [r.file, r.status])).toEqual([
      ['run/1.jsonl', 'done'],
      ['run/2.jsonl', 'done'],
      ['run/3.jsonl', 'failed'],
    ]);
    expect(reports[2]?.message).toContain('NotReadableError');
    expect(await countTrajectories()).toBe(2);
  });
});
