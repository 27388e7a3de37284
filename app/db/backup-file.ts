// Where the labels' backup journal (core/annotations/backup-journal) lives: localStorage. When a
// write meets a full disk, Chromium deletes the site's IndexedDB with its whole storage bucket;
// localStorage is kept apart and survived in e2e/full-disk.spec.ts. (Chromium also drops its
// localStorage after repeated failed commits, so a disk left full can take this copy too.)
// Chunks are numbered under an exclusive Web Lock, so replay order is write order in every tab,
// whatever the clock does. Pages only: workers have no localStorage, so the page journals what
// its workers store.

export interface BackupFile {
  append(text: string): Promise<void>;
  /**
   * Runs `fn` while no append can start, with the whole journal (its chunks joined, in order)
   * and how many chunks it has. A string result replaces the whole journal; null leaves it.
   */
  rewrite(fn: (text: string, chunks: number) => Promise<string | null>): Promise<void>;
}

const PREFIX = 'hopscope.labels-backup.';
const LOCK = 'hopscope-labels-backup';
/** The journal stops growing here (characters), so settings keep room in localStorage's ~5 M. */
export const JOURNAL_MAX_CHARS = 3_000_000;
/** Appends and snapshots are split at line ends into chunks of about this many characters. */
const CHUNK_CHARS = 256_000;

const keyOf = (seq: number) => `${PREFIX}${String(seq).padStart(12, '0')}`;

/** The journal's chunks in write order. */
function chunkKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(PREFIX) && /^\d{12}$/.test(k.slice(PREFIX.length))) keys.push(k);
  }
  return keys.sort();
}

const nextSeq = (keys: readonly string[]) =>
  keys.length === 0 ? 1 : Number(keys[keys.length - 1]!.slice(PREFIX.length)) + 1;

/** `text` cut at line ends into pieces of at most CHUNK_CHARS (a longer line stays whole). */
export function splitChunks(text: string, max = CHUNK_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + max);
    if (end < text.length) {
      const nl = text.lastIndexOf('\n', end - 1);
      end = nl >= start ? nl + 1 : text.indexOf('\n', end) + 1 || text.length;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

function tooBig(chars: number): Error {
  return new Error(
    `the labels backup is full (${chars.toLocaleString('en')} of ${JOURNAL_MAX_CHARS.toLocaleString('en')} characters)`,
  );
}

/** The journal in `store`, its chunks ordered under `locks` (exported for tests). */
export function storageBackup(store: Storage, locks: LockManager): BackupFile {
  // The journal's last chunk as this page's last append left it, and the journal's size then: an
  // append finds both without reading every chunk (5,000 step files append 10,000 times, and each
  // append read the whole journal: quadratic). Trusted only while that chunk is still the last and
  // unchanged; another tab's append or rewrite adds a chunk after it, so the next append reads all.
  let tail: { seq: number; chars: number; size: number } | null = null;
  const write = (seq: number, text: string) => {
    const pieces = splitChunks(text);
    pieces.forEach((piece, i) => store.setItem(keyOf(seq + i), piece));
    return pieces;
  };
  const current = (): { seq: number; size: number } => {
    const t = tail;
    if (t && store.getItem(keyOf(t.seq))?.length === t.chars && store.getItem(keyOf(t.seq + 1)) === null)
      return { seq: t.seq + 1, size: t.size };
    const keys = chunkKeys(store);
    let size = 0;
    for (const k of keys) size += store.getItem(k)?.length ?? 0;
    return { seq: nextSeq(keys), size };
  };
  return {
    async append(text) {
      await locks.request(LOCK, { mode: 'exclusive' }, () => {
        const { seq, size } = current();
        if (size + text.length > JOURNAL_MAX_CHARS) throw tooBig(size + text.length);
        tail = null;
        const pieces = write(seq, text);
        const last = pieces[pieces.length - 1];
        if (last !== undefined)
          tail = { seq: seq + pieces.length - 1, chars: last.length, size: size + text.length };
      });
    },
    async rewrite(fn) {
      await locks.request(LOCK, { mode: 'exclusive' }, async () => {
        tail = null;
        const old = chunkKeys(store);
        const next = await fn(old.map((k) => store.getItem(k) ?? '').join(''), old.length);
        if (next === null) return;
        if (next.length > JOURNAL_MAX_CHARS) throw tooBig(next.length);
        const seq = nextSeq(old);
        try {
          write(seq, next);
        } catch {
          // No room for both copies: the old one goes first (the database holds what it held).
          for (const k of chunkKeys(store)) if (k >= keyOf(seq)) store.removeItem(k);
          for (const k of old) store.removeItem(k);
          write(seq, next);
          return;
        }
        for (const k of old) store.removeItem(k);
      });
    },
  };
}

function localStorageBackup(): BackupFile | null {
  let store: Storage | undefined;
  try {
    store = (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return null; // storage disabled for this site
  }
  // Web Locks need a secure context (https or localhost): without them, no backup.
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return store && locks ? storageBackup(store, locks) : null;
}

let file: BackupFile | null | undefined;

/** The journal's file here, or null where this runtime has none (workers, Node, plain http). */
export function backupFile(): BackupFile | null {
  if (file === undefined) file = localStorageBackup();
  return file;
}

/** For tests: a journal kept in memory (or none). */
export function setBackupFileForTests(f: BackupFile | null | undefined): void {
  file = f;
}
