// The labels' backup journal (docs/storage.md). Chromium resets a site's whole IndexedDB when a
// write meets a full disk (electron/electron#41877, google/leveldb#1180), so every label change
// is also appended here, kept outside IndexedDB (db/backup-file), and replayed into a database
// found reset. Lines are JSON; replay keeps the last word per id and skips a torn line.
import { type Annotation, AnnotationSchema, annotationId } from './annotation';

/** An imported file, so a reset can say what to import again. */
export interface BackedUpImport {
  id: string;
  file: string;
  imported: number;
  at: string;
}

export type BackupEntry =
  | { op: 'put'; a: Annotation }
  | { op: 'del'; id: string }
  | { op: 'import'; r: BackedUpImport }
  /** The database this journal belongs to (its `meta` stamp, services/storage-recovery). */
  | { op: 'stamp'; stamp: string };

export interface ReplayedBackup {
  stamp: string | null;
  annotations: Annotation[];
  imports: BackedUpImport[];
  /** Lines that were not entries (a torn append, a hand edit): skipped, counted. */
  skipped: number;
  lines: number;
}

export function encodeEntries(entries: readonly BackupEntry[]): string {
  return entries.map((e) => JSON.stringify(e) + '\n').join('');
}

function isImport(r: unknown): r is BackedUpImport {
  if (!r || typeof r !== 'object') return false;
  const x = r as Record<string, unknown>;
  return (
    typeof x.id === 'string' &&
    typeof x.file === 'string' &&
    typeof x.imported === 'number' &&
    typeof x.at === 'string'
  );
}

/** Applies one parsed line; false when it is not an entry. */
function apply(
  e: unknown,
  out: { stamp: string | null; annotations: Map<string, Annotation>; imports: Map<string, BackedUpImport> },
): boolean {
  if (!e || typeof e !== 'object') return false;
  const x = e as Record<string, unknown>;
  if (x.op === 'put') {
    const r = AnnotationSchema.safeParse(x.a);
    if (!r.success) return false;
    const a = { ...r.data, id: annotationId(r.data) };
    out.annotations.delete(a.id); // re-inserted last, so replay order is write order
    out.annotations.set(a.id, a);
    return true;
  }
  if (x.op === 'del' && typeof x.id === 'string') {
    out.annotations.delete(x.id);
    return true;
  }
  if (x.op === 'import' && isImport(x.r)) {
    out.imports.set(x.r.id, { id: x.r.id, file: x.r.file, imported: x.r.imported, at: x.r.at });
    return true;
  }
  if (x.op === 'stamp' && typeof x.stamp === 'string' && x.stamp) {
    out.stamp = x.stamp;
    return true;
  }
  return false;
}

export function replayJournal(text: string): ReplayedBackup {
  const state = {
    stamp: null as string | null,
    annotations: new Map<string, Annotation>(),
    imports: new Map<string, BackedUpImport>(),
  };
  let skipped = 0;
  let lines = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    lines++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    if (!apply(value, state)) skipped++;
  }
  return {
    stamp: state.stamp,
    annotations: [...state.annotations.values()],
    imports: [...state.imports.values()],
    skipped,
    lines,
  };
}

/**
 * The stamp replay would find, without replaying: every start asks, and a full replay validates
 * every label (thousands of them). Entries are written `{"op":…` first, so only stamp lines parse.
 */
export function journalStamp(text: string): string | null {
  let stamp: string | null = null;
  let from = 0;
  for (;;) {
    const at = text.indexOf('{"op":"stamp"', from);
    if (at < 0) return stamp;
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end);
    from = end < 0 ? text.length : end;
    if (at > 0 && text[at - 1] !== '\n') continue; // inside another line (a note quoting it)
    try {
      const e = JSON.parse(line) as { stamp?: unknown };
      if (typeof e.stamp === 'string' && e.stamp) stamp = e.stamp;
    } catch {
      // a torn line: replay skips it too
    }
  }
}

/** The shortest journal that replays to the same state (written when the journal is compacted). */
export function snapshotJournal(
  stamp: string,
  annotations: readonly Annotation[],
  imports: readonly BackedUpImport[],
): string {
  return encodeEntries([
    { op: 'stamp', stamp },
    ...imports.map((r): BackupEntry => ({ op: 'import', r })),
    ...annotations.map((a): BackupEntry => ({ op: 'put', a })),
  ]);
}

/**
 * Files whose trajectories a reset took: one per file name, the latest import first. An import
 * the reset cut short (still at 0 stored) counts: the user brought that file.
 */
export function filesToReimport(imports: readonly BackedUpImport[]): string[] {
  const latest = new Map<string, string>();
  for (const r of imports) {
    const at = latest.get(r.file);
    if (at === undefined || r.at > at) latest.set(r.file, r.at);
  }
  return [...latest].sort((a, b) => b[1].localeCompare(a[1])).map(([file]) => file);
}
