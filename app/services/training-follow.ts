// Following a training run's dump folder while it trains: the user picks the folder once (File
// System Access API); the folder is looked at every few seconds and each new or changed step file is
// imported as the run's rollouts. The handle and the files imported are kept (training-follow-store),
// so a reload resumes where it was without importing a file twice. A browser without the API has
// no way to look at a folder again: the page offers the file picker instead.
import './training-follow-fs';
import { filesToImport, isStepFile, type SeenFile } from './training-follow-plan';
import {
  deleteFollow,
  type FollowRecord,
  listFollows,
  markImported,
  saveFollow,
} from './training-follow-store';

/** How often a followed folder is looked at. */
export const POLL_MS = 2_000;

export interface FollowStatus {
  run: string;
  folder: string;
  /** `permission`: the browser asks the user again (after a reload) before the folder is read. */
  state: 'starting' | 'following' | 'permission' | 'error';
  /** Step files imported so far, and the one importing now. */
  files: number;
  /** Step files imported since this page loaded (a reload that resumes imports only new ones). */
  importedNow: number;
  importing: string | null;
  /** The last look's problem (a file that failed to import, a folder gone); null when fine. */
  error: string | null;
  lastLook: number | null;
}

/** Imports one step file as `run`'s rollouts; resolves once stored (rejects if nothing could be). */
export type StepFileImporter = (file: File, run: string) => Promise<void>;

interface Follower {
  record: FollowRecord;
  status: FollowStatus;
  before: Map<string, SeenFile> | null;
  timer: ReturnType<typeof setTimeout> | null;
  stopped: boolean;
}

const followers = new Map<string, Follower>();
const listeners = new Set<() => void>();
let snapshot: FollowStatus[] = [];
let importer: StepFileImporter | null = null;
/** One import at a time across followers: they share the import worker and the CPU. */
let importing: Promise<unknown> = Promise.resolve();

function publish(): void {
  snapshot = [...followers.values()].map((f) => ({ ...f.status }));
  for (const l of listeners) l();
}

function update(f: Follower, patch: Partial<FollowStatus>): void {
  f.status = { ...f.status, ...patch };
  publish();
}

export function subscribeFollows(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function followStatuses(): FollowStatus[] {
  return snapshot;
}

/** Where the browser can pick a folder and read it again later (Chromium-based browsers). */
export function folderFollowSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.showDirectoryPicker === 'function';
}

/** Sets what imports a step file (the training import); called once at start. */
export function setStepFileImporter(f: StepFileImporter): void {
  importer = f;
}

async function listStepFiles(dir: FileSystemDirectoryHandle): Promise<Map<string, File>> {
  const out = new Map<string, File>();
  for await (const entry of dir.values())
    if (entry.kind === 'file' && isStepFile(entry.name))
      out.set(entry.name, await (entry as FileSystemFileHandle).getFile());
  return out;
}

async function look(f: Follower): Promise<void> {
  const files = await listStepFiles(f.record.handle);
  const seen = [...files.values()].map((x) => ({ name: x.name, size: x.size, lastModified: x.lastModified }));
  const due = filesToImport(seen, f.record.imported, f.before, Date.now());
  f.before = new Map(seen.map((s) => [s.name, s]));
  let error: string | null = null;
  for (const s of due) {
    if (f.stopped) return;
    const file = files.get(s.name)!;
    update(f, { importing: s.name });
    const run = f.record.run;
    const done = importing.then(() => importer!(file, run));
    importing = done.catch(() => undefined);
    try {
      await done;
      f.record.imported[s.name] = { size: s.size, lastModified: s.lastModified };
      await markImported(run, s);
      f.status.importedNow++;
    } catch (e) {
      // Left unmarked: the next look tries it again (a file the trainer was still writing).
      error = `${s.name}: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  update(f, {
    state: 'following',
    importing: null,
    error,
    files: Object.keys(f.record.imported).length,
    lastLook: Date.now(),
  });
}

function schedule(f: Follower, delay: number): void {
  if (f.stopped) return;
  f.timer = setTimeout(() => {
    f.timer = null;
    look(f)
      .catch((e: unknown) =>
        update(f, {
          state: 'error',
          importing: null,
          error: `cannot read the folder ${f.record.handle.name}: ${e instanceof Error ? e.message : String(e)}`,
        }),
      )
      .finally(() => schedule(f, POLL_MS));
  }, delay);
}

function start(record: FollowRecord, state: FollowStatus['state']): Follower {
  const old = followers.get(record.run);
  if (old) stopTimer(old);
  const f: Follower = {
    record,
    before: null,
    timer: null,
    stopped: false,
    status: {
      run: record.run,
      folder: record.handle.name,
      state,
      files: Object.keys(record.imported).length,
      importedNow: 0,
      importing: null,
      error: null,
      lastLook: null,
    },
  };
  followers.set(record.run, f);
  publish();
  if (state !== 'permission') schedule(f, 0);
  return f;
}

/** Follows `handle` as run `run` (a folder the user just picked): imports its files, then new ones. */
export async function followFolder(handle: FileSystemDirectoryHandle, run: string): Promise<void> {
  const old = followers.get(run);
  // The same folder again keeps what was imported from it.
  const imported = old && (await old.record.handle.isSameEntry(handle)) ? old.record.imported : {};
  if (old) stopTimer(old);
  const record: FollowRecord = { run, handle, imported, since: new Date().toISOString() };
  await saveFollow(record);
  start(record, 'starting');
}

function stopTimer(f: Follower): void {
  f.stopped = true;
  if (f.timer) clearTimeout(f.timer);
}

/** Stops following `run`'s folder (what it imported stays). */
export async function unfollow(run: string): Promise<void> {
  const f = followers.get(run);
  if (f) stopTimer(f);
  followers.delete(run);
  publish();
  await deleteFollow(run);
}

/**
 * Resumes the folders followed before a reload: at once where the browser still grants reading,
 * else in state `permission` until the user asks (grantAndResume, from a click).
 */
export async function resumeFollows(): Promise<void> {
  for (const record of await listFollows()) {
    if (followers.has(record.run)) continue;
    const granted = (await record.handle.queryPermission?.({ mode: 'read' })) ?? 'granted';
    start(record, granted === 'granted' ? 'starting' : 'permission');
  }
}

/** Asks the browser to read `run`'s folder again (must run in a click) and resumes following it. */
export async function grantAndResume(run: string): Promise<void> {
  const f = followers.get(run);
  if (!f) return;
  const granted = (await f.record.handle.requestPermission?.({ mode: 'read' })) ?? 'granted';
  if (granted !== 'granted') {
    update(f, { error: 'the browser did not allow reading the folder' });
    return;
  }
  update(f, { state: 'starting', error: null });
  f.stopped = false;
  schedule(f, 0);
}
