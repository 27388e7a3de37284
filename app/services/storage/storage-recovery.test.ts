import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAnnotation } from '../../core/annotations/annotation';
import { replayJournal } from '../../core/annotations/backup-journal';
import { BACKUP_BEHIND, backupBehind, backupImport, setBackupBehind } from '../../db/backup';
import { setBackupFileForTests } from '../../db/backup-file';
import { db, DB_NAME, resetDbConnection } from '../../db/db';
import {
  deleteAnnotation,
  getMeta,
  listAnnotations,
  putAnnotations,
  setMeta,
  writeAnnotations,
} from '../../db/store';
import { MemoryBackupFile } from '../../testing/memory-backup-file';
import { checkLabelBackup, dismissRecovery, pendingRecovery } from './storage-recovery';

const over = makeAnnotation({ trajectoryId: 't1', stepId: 's1', label: 'over-search', annotator: 'ana' });
const verdict = makeAnnotation({ trajectoryId: 't1', label: 'verdict:good', annotator: 'ana' });
const note = makeAnnotation({
  trajectoryId: 't2',
  label: 'note',
  note: 'hop 2 bound the wrong film',
  annotator: 'bo',
});

/** What Chromium does after a write meets a full disk: the whole database is gone. */
async function browserResetsDatabase(): Promise<void> {
  (await db()).close();
  resetDbConnection();
  await deleteDB(DB_NAME);
}

/** What the page journals for an import (services/trajectory-import): its start and its end. */
async function imported(file: string, at: string): Promise<void> {
  await backupImport({ id: `${at}|${file}`, file, imported: 0, at });
  await backupImport({ id: `${at}|${file}`, file, imported: 3, at });
}

let journal: MemoryBackupFile;

beforeEach(async () => {
  await browserResetsDatabase();
  journal = new MemoryBackupFile();
  setBackupFileForTests(journal);
});

afterEach(() => {
  setBackupFileForTests(undefined);
  setBackupBehind(null);
});

describe('the labels backup', () => {
  it('journals every committed label change, and each import at its start and end', async () => {
    await checkLabelBackup(journal);
    await putAnnotations([over, verdict]);
    await writeAnnotations({ put: [note], delete: [over.id] });
    await deleteAnnotation(verdict.id);
    await imported('run.jsonl', '2026-11-26T01:00:00Z');
    const r = replayJournal(journal.text());
    expect(r.annotations).toEqual([note]);
    expect(r.imports.map((i) => [i.file, i.imported])).toEqual([['run.jsonl', 3]]);
    // stamp snapshot + 3 label changes + 2 import entries
    expect(journal.chunks).toHaveLength(6);
  });

  it('puts the labels back into a database the browser reset, deleted ones staying deleted', async () => {
    await checkLabelBackup(journal);
    await imported('run.jsonl', '2026-11-26T01:00:00Z');
    await imported('ablation.jsonl', '2026-11-26T02:00:00Z');
    await putAnnotations([over, verdict, note]);
    await deleteAnnotation(verdict.id);
    await browserResetsDatabase();
    expect(await listAnnotations()).toEqual([]);

    const found = await checkLabelBackup(journal);
    expect(found).toMatchObject({ restored: 2, files: ['ablation.jsonl', 'run.jsonl'], skipped: 0 });
    expect((await listAnnotations()).map((a) => a.id).sort()).toEqual([note.id, over.id].sort());
    // The notice stays across reloads until dismissed; the next start finds nothing new.
    (await db()).close();
    resetDbConnection();
    expect(await checkLabelBackup(journal)).toBeNull();
    expect(await pendingRecovery()).toMatchObject({ restored: 2 });
    await dismissRecovery();
    expect(await pendingRecovery()).toBeNull();
    // A second reset still has every label: the journal was carried over, not started again.
    await putAnnotations([verdict]);
    await browserResetsDatabase();
    expect((await checkLabelBackup(journal))?.restored).toBe(3);
  });

  it('finds nothing to restore on a first start, and backs up labels stored before the backup existed', async () => {
    setBackupFileForTests(null);
    await putAnnotations([over, note]);
    setBackupFileForTests(journal);
    expect(await checkLabelBackup(journal)).toBeNull();
    expect(replayJournal(journal.text()).annotations).toEqual([over, note]);
    await browserResetsDatabase();
    expect((await checkLabelBackup(journal))?.restored).toBe(2);
  });

  it('keeps labels of a journal whose first check never finished, even after a reset', async () => {
    await putAnnotations([over]); // journaled before any stamp
    await browserResetsDatabase(); // before the first check ran: the journal alone has it
    expect(await checkLabelBackup(journal)).toBeNull();
    expect(await listAnnotations()).toEqual([over]);
    await browserResetsDatabase();
    expect((await checkLabelBackup(journal))?.restored).toBe(1);
  });

  it('compacts a long journal into one snapshot of the database', async () => {
    await checkLabelBackup(journal);
    for (let i = 0; i < 70; i++)
      await putAnnotations([{ ...note, note: `take ${i}`, createdAt: `2026-11-26T00:00:${i}Z` }]);
    expect(journal.chunks.length).toBeGreaterThan(64);
    expect(await checkLabelBackup(journal)).toBeNull();
    expect(journal.chunks).toHaveLength(1);
    expect(replayJournal(journal.text()).annotations.map((a) => a.note)).toEqual(['take 69']);
  });

  it('saves a label even when its backup cannot be written, and says so', async () => {
    await checkLabelBackup(journal);
    journal.failAppends = new Error('FILE_ERROR_NO_SPACE');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await putAnnotations([over]);
    expect(await listAnnotations()).toEqual([over]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('label backup not written (the labels are saved)'),
    );
    warn.mockRestore();
  });

  it('a change the journal missed is shown, and the next start rewrites the journal from the database', async () => {
    await checkLabelBackup(journal);
    journal.failAppends = new Error('FILE_ERROR_NO_SPACE');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await putAnnotations([over]);
    expect(backupBehind()).toBe('FILE_ERROR_NO_SPACE');
    await vi.waitFor(async () => expect(await getMeta(BACKUP_BEHIND)).toBe('FILE_ERROR_NO_SPACE'));
    expect(replayJournal(journal.text()).annotations).toEqual([]);
    warn.mockRestore();

    // Room again, and a reload: the gap is closed from the database, even in a short journal.
    journal.failAppends = null;
    setBackupBehind(null);
    (await db()).close();
    resetDbConnection();
    expect(await checkLabelBackup(journal)).toBeNull();
    expect(replayJournal(journal.text()).annotations).toEqual([over]);
    expect(await getMeta(BACKUP_BEHIND)).toBeNull();
    expect(backupBehind()).toBeNull();
    // So a reset after it still brings the label back.
    await browserResetsDatabase();
    expect((await checkLabelBackup(journal))?.restored).toBe(1);
  });

  it('a journal too full to rewrite keeps saying so', async () => {
    await checkLabelBackup(journal);
    await setMeta(BACKUP_BEHIND, 'the labels backup is full');
    journal.rewrite = () =>
      Promise.reject(new Error('the labels backup is full (3,000,001 of 3,000,000 characters)'));
    await expect(checkLabelBackup(journal)).rejects.toThrow('the labels backup is full');
    expect(backupBehind()).toBe('the labels backup is full (3,000,001 of 3,000,000 characters)');
  });
});
