import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { describeStorageError, isDiskFullError, isQuotaError, rethrowStorageError } from './storage-health';

const quota = () => {
  const e = new Error('The quota has been exceeded.');
  e.name = 'QuotaExceededError';
  return e;
};

describe('storage errors', () => {
  it('recognise a full disk however the browser reports it', () => {
    expect(isQuotaError(quota())).toBe(true);
    expect(isQuotaError({ name: 'AbortError', message: 'x', cause: quota() })).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError(new Error('ConstraintError'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('name the cause, usage and quota, and what can be deleted', () => {
    const msg = describeStorageError(quota(), { usage: 1_234_000_000, quota: 1_250_000_000 });
    expect(msg).toContain("the browser's storage for this site is full (using 1.2 GB of 1.3 GB allowed)");
    expect(msg).toContain('Nothing already saved was lost');
    expect(msg).toMatch(/Corpus page.*Run page/);
    expect(describeStorageError(quota(), null)).toMatch(/^the browser's storage for this site is full\. /);
  });

  it('name a full disk as Chromium reports it, and say what its reset takes and what comes back', () => {
    // The error an import worker's write got in e2e/full-disk.spec.ts.
    const disk = new Error(
      'Connection is closing because of: IO error: .../http_127.0.0.1_4317.indexeddb.leveldb/000006.log: FILE_ERROR_NO_SPACE (ChromeMethodBFE: 3::WritableFileAppend::8)',
    );
    expect(isQuotaError(disk)).toBe(true);
    expect(isDiskFullError(disk)).toBe(true);
    expect(isDiskFullError(quota())).toBe(false);
    expect(isDiskFullError({ name: 'AbortError', cause: new Error('No space left on device') })).toBe(true);
    const msg = describeStorageError(disk, { usage: 0, quota: 1e9 });
    expect(msg).toMatch(/^the disk is full\. The browser may have reset this site's database/);
    // Where there is no backup (Node here; plain http, storage blocked), none is promised.
    expect(msg).not.toContain('copy of your labels');
    expect(describeStorageError(disk, null, true)).toContain(
      'Hopscope keeps a copy of your labels and notes outside it and puts them back when you reload',
    );
    // Usage right after Chromium's reset reads 0: not worth printing.
    expect(msg).not.toContain('using');
  });

  it('explain a write the browser aborted by closing the database, also after it crossed from a worker', async () => {
    // db.ts's DatabaseClosedError as Comlink rebuilds it on the page: only name and message survive.
    const closed = Object.assign(new Error('the browser closed the database during the write'), {
      name: 'DatabaseClosedError',
    });
    expect(isQuotaError(closed)).toBe(false);
    const msg = describeStorageError(closed, null, true);
    expect(msg).toMatch(/^the browser closed this site's database during the write, as Chromium does when/);
    expect(msg).toContain('Hopscope keeps a copy of your labels and notes outside it');
    await expect(rethrowStorageError(closed)).rejects.toThrow("the browser closed this site's database");
  });

  it('leave other errors as they are', () => {
    expect(describeStorageError(new Error('Key already exists'), null)).toBe('Key already exists');
  });
});

describe('a full disk inside a worker', () => {
  it('reaches the page through Comlink as a quota error, and is explained; other errors pass unchanged', async () => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(
      {
        store: (full: boolean) => {
          // What IndexedDB raises in the import worker when the site's storage is full.
          throw full
            ? new DOMException('The quota has been exceeded.', 'QuotaExceededError')
            : new Error('bad record');
        },
      },
      port1,
    );
    const remote = Comlink.wrap<{ store(full: boolean): void }>(port2);
    const failure = (full: boolean) =>
      remote.store(full).then(
        () => null,
        (e: unknown) => e,
      );
    const full = await failure(true);
    expect(isQuotaError(full)).toBe(true);
    await expect(rethrowStorageError(full)).rejects.toThrow(
      "the browser's storage for this site is full. Nothing already saved was lost.",
    );
    const other = await failure(false);
    await expect(rethrowStorageError(other)).rejects.toBe(other);
    port1.close();
    port2.close();
  });
});
