// Where the labels' backup journal (core/annotations/backup-journal) lives: localStorage. When a
// write meets a full disk, Chromium deletes the site's whole storage bucket: IndexedDB, the
// origin private file system and Cache Storage alike; localStorage lives outside buckets and
// survives (measured in e2e/full-disk.spec.ts). Each append is its own key, so no tab rewrites
// another's; a Web Lock keeps compaction from removing a chunk an append is still adding.
// Pages only: workers have no localStorage, so the page journals what its workers store.

export interface BackupFile {
  append(text: string): Promise<void>;
  /**
   * Runs `fn` while no append can start, with the whole journal (its chunks joined, oldest first)
   * and how many chunks it has. A string result replaces the whole journal; null leaves it.
   */
  rewrite(fn: (text: string, chunks: number) => Promise<string | null>): Promise<void>;
}

const PREFIX = 'hopscope.labels-backup.';
const LOCK = 'hopscope-labels-backup';

function chunkKey(): string {
  // Time first so keys sort in write order; the random tail keeps two tabs apart.
  const rand = Math.random().toString(36).slice(2, 10);
  return `${PREFIX}${String(Date.now()).padStart(15, '0')}-${rand}`;
}

function sortedKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  return keys.sort();
}

function localStorageBackup(): BackupFile | null {
  let store: Storage | undefined;
  try {
    store = (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return null; // storage disabled for this site
  }
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!store || !locks) return null;
  const s = store;
  return {
    async append(text) {
      await locks.request(LOCK, { mode: 'shared' }, () => s.setItem(chunkKey(), text));
    },
    async rewrite(fn) {
      await locks.request(LOCK, { mode: 'exclusive' }, async () => {
        const old = sortedKeys(s);
        const text = old.map((k) => s.getItem(k) ?? '').join('');
        const next = await fn(text, old.length);
        if (next === null) return;
        s.setItem(chunkKey(), next);
        for (const k of old) s.removeItem(k);
      });
    },
  };
}

let file: BackupFile | null | undefined;

/** The journal's file here, or null where this runtime has none (workers, Node). */
export function backupFile(): BackupFile | null {
  if (file === undefined) file = localStorageBackup();
  return file;
}

/** For tests: a journal kept in memory (or none). */
export function setBackupFileForTests(f: BackupFile | null | undefined): void {
  file = f;
}
