import { describe, expect, it, vi } from 'vitest';
import { makeAnnotation } from '../core/annotations/annotation';
import { encodeEntries, replayJournal } from '../core/annotations/backup-journal';
import { JOURNAL_MAX_CHARS, splitChunks, storageBackup } from './backup-file';

/** localStorage as Chromium bounds it: a total of keys and values, QuotaExceededError past it. */
class BoundedStorage implements Storage {
  private readonly map = new Map<string, string>();
  constructor(private readonly quota = 5_200_000) {}
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    let used = k.length + v.length;
    for (const [key, val] of this.map) if (key !== k) used += key.length + val.length;
    if (used > this.quota) throw new DOMException('quota', 'QuotaExceededError');
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  clear() {
    this.map.clear();
  }
  keys() {
    return [...this.map.keys()];
  }
}

/** Web Locks with one holder at a time, in request order (every journal lock is exclusive). */
function fifoLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: (_name: string, _opts: LockOptions, cb: () => unknown) => {
      const run = tail.then(() => cb());
      tail = run.catch(() => undefined);
      return run;
    },
    query: async () => ({ held: [], pending: [] }),
  } as unknown as LockManager;
}

const a = (n: number) =>
  makeAnnotation({ trajectoryId: `t${n}`, label: 'note', note: `note ${n}`, annotator: 'ana' });
const readAll = async (f: ReturnType<typeof storageBackup>) => {
  let text = '';
  await f.rewrite(async (t) => {
    text = t;
    return null;
  });
  return text;
};

describe('the labels journal in localStorage', () => {
  it('replays in write order, an append right after a compaction last, whatever the clock says', async () => {
    const store = new BoundedStorage();
    const f = storageBackup(store, fifoLocks());
    const x = a(1);
    let now = 2_000_000_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now -= 1000)); // an NTP step back
    // The compaction and the delete race as two tabs would: the delete queued while it runs.
    const compaction = f.rewrite(async () =>
      encodeEntries([
        { op: 'stamp', stamp: 's' },
        { op: 'put', a: x },
      ]),
    );
    const del = f.append(encodeEntries([{ op: 'del', id: x.id }]));
    await Promise.all([compaction, del]);
    expect(replayJournal(await readAll(f)).annotations).toEqual([]);
    expect(store.keys().every((k) => k.startsWith('hopscope.labels-backup.'))).toBe(true);
    clock.mockRestore();
  });

  it('splits a large append into chunks at line ends and keeps other keys alone', async () => {
    const store = new BoundedStorage();
    store.setItem('hopscope.annotator', 'ana');
    const f = storageBackup(store, fifoLocks());
    const many = Array.from({ length: 6000 }, (_, i) => a(i));
    await f.append(encodeEntries(many.map((x) => ({ op: 'put', a: x }))));
    expect(store.length).toBeGreaterThan(3);
    expect(replayJournal(await readAll(f))).toMatchObject({ skipped: 0, annotations: many });
    expect(store.getItem('hopscope.annotator')).toBe('ana');
    expect(splitChunks('ab\ncd\nef\n', 4)).toEqual(['ab\n', 'cd\n', 'ef\n']);
    expect(splitChunks('abcdefgh\nij\n', 4)).toEqual(['abcdefgh\n', 'ij\n']);
    expect(splitChunks('abcdefgh', 4)).toEqual(['abcdefgh']);
  });

  it('stops growing at its cap, leaving room for settings, and says why', async () => {
    const store = new BoundedStorage();
    const f = storageBackup(store, fifoLocks());
    const line = `${'x'.repeat(999_999)}\n`;
    await f.append(line.repeat(2));
    await expect(f.append(line.repeat(2))).rejects.toThrow(/the labels backup is full/);
    expect(JOURNAL_MAX_CHARS).toBeLessThan(5_200_000 - 1_000_000);
    store.setItem('hopscope.run-config', 'y'.repeat(500_000));
  });

  it('compacts even when localStorage has no room for two copies', async () => {
    const store = new BoundedStorage(4_000_000);
    const f = storageBackup(store, fifoLocks());
    const text = `${'x'.repeat(2_499_999)}\n`;
    await f.append(text);
    await f.rewrite(async (t) => t);
    expect(await readAll(f)).toBe(text);
  });

  it('appends without reading the whole journal, and still counts what another tab appended', async () => {
    const store = new BoundedStorage();
    let reads = 0;
    const getItem = store.getItem.bind(store);
    store.getItem = (k: string) => (reads++, getItem(k));
    const key = store.key.bind(store);
    store.key = (i: number) => (reads++, key(i));
    const f = storageBackup(store, fifoLocks());
    const other = storageBackup(store, fifoLocks());
    const entry = (n: number) => encodeEntries([{ op: 'put', a: a(n) }]);
    const perAppend: number[] = [];
    for (let n = 0; n < 400; n++) {
      reads = 0;
      await f.append(entry(n));
      perAppend.push(reads);
    }
    // A start and an end entry per step file: each append a few reads, not one per chunk so far.
    expect(Math.max(...perAppend.slice(1))).toBeLessThanOrEqual(2);
    await other.append(entry(400));
    await f.append(entry(401));
    const all = replayJournal(await readAll(f)).annotations.map((x) => x.trajectoryId);
    expect(all).toEqual(Array.from({ length: 402 }, (_, n) => `t${n}`));
    // The cap still counts every chunk, the other tab's too.
    const size = store.keys().reduce((n, k) => n + (getItem(k)?.length ?? 0), 0);
    await expect(f.append('x'.repeat(JOURNAL_MAX_CHARS - size + 1))).rejects.toThrow(/full/);
    await f.append('x'.repeat(JOURNAL_MAX_CHARS - size - 1) + '\n');
  });
});
