// Following a training run's dump folder while it trains: the user picks the folder once (File
// System Access API); the folder is looked at every few seconds and each new or changed step file is
// imported as the run's rollouts. The handle and the files imported are kept (training-follow-store),
// so a reload resumes where it was without importing a file twice; a file that failed is kept with
// its size and time and tried again only once it changes (a config beside the dumps fails for
// good). A browser without the API has no way to look at a folder again: the page offers the file
// picker instead.
import './training-follow-fs';
import { stepFromFileName } from '../core/importers/formats/verl-path';
import { type FailedFiles, filesToImport, isFollowedStepFile, type SeenFile } from './training-follow-plan';
import { deleteFollow, type FollowRecord, listFollows, markFile, saveFollow } from './training-follow-store';

/** How often a followed folder is looked at. */
export const POLL_MS = 2_000;

/**
 * How deep below the followed folder step files are looked for: a run folder, a step folder
 * (`global_step_12/`) and one more (`a/val/global_step_12/`), not a checkpoint's inner folders.
 */
export const MAX_DEPTH = 3;

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
  /** The files that failed to import (each tried again once it changes), or a folder gone; null when fine. */
  error: string | null;
  /** Step files rewritten since imported (not only appended): their earlier samples may count twice. */
  warning: string | null;
  lastLook: number | null;
}

/**
 * Imports one step file as `run`'s rollouts, `path` being where it sits in the followed folder
 * (its step folders name its step); resolves once stored (rejects if nothing could be).
 */
export type StepFileImporter = (file: File, path: string, run: string) => Promise<void>;

interface Follower {
  record: FollowRecord;
  status: FollowStatus;
  before: Map<string, SeenFile> | null;
  /** Paths of step files seen rewritten since their import (this page load). */
  rewritten: string[];
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

/** The step files under `dir` by path (`global_step_12/0.jsonl`), down to MAX_DEPTH folders. */
async function listStepFiles(
  dir: FileSystemDirectoryHandle,
  out = new Map<string, File>(),
  prefix = '',
  depth = 0,
): Promise<Map<string, File>> {
  for await (const entry of dir.values()) {
    const path = prefix + entry.name;
    if (entry.kind === 'file' && isFollowedStepFile(path))
      out.set(path, await (entry as FileSystemFileHandle).getFile());
    else if (entry.kind === 'directory' && depth < MAX_DEPTH && !entry.name.startsWith('.'))
      await listStepFiles(entry as FileSystemDirectoryHandle, out, `${path}/`, depth + 1);
  }
  return out;
}

async function sha256(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether `file`, imported before as `was`, changed other than by lines appended: a trainer that
 * resumes from a checkpoint writes a step's file anew. A sample's id is its content salted with
 * its file and line, so appended lines join the earlier ones, but a rewritten line is a new sample
 * beside the one imported before.
 */
async function rewritten(file: File, was: FollowRecord['imported'][string] | undefined): Promise<boolean> {
  if (!was) return false;
  if (file.size < was.size) return true;
  return was.sha256 !== undefined && (await sha256(file.slice(0, was.size))) !== was.sha256;
}

function failureText(failed: FailedFiles): string | null {
  const names = Object.keys(failed);
  if (names.length === 0) return null;
  const first = `${names[0]}: ${failed[names[0]!]!.error}`;
  const more = names.length - 1;
  return `${first}${more ? ` (and ${more} other file${more === 1 ? '' : 's'} that failed)` : ''}; tried again once changed`;
}

function rewriteText(paths: readonly string[]): string | null {
  if (paths.length === 0) return null;
  const steps = paths.map((p) => stepFromFileName(p) ?? p).join(', ');
  const what = paths.length === 1 ? `${paths[0]} was` : `${paths.length} step files were`;
  return `${what} rewritten since imported, not only appended (a run resumed from a checkpoint?): the samples imported from it before stay beside the new ones, so step ${steps} may count samples twice`;
}

async function look(f: Follower): Promise<void> {
  const files = await listStepFiles(f.record.handle);
  const seen = [...files.entries()].map(([name, x]) => ({
    name,
    size: x.size,
    lastModified: x.lastModified,
  }));
  // A failed file gone from the folder is no problem any more.
  const failed: FailedFiles = {};
  for (const [name, v] of Object.entries(f.record.failed ?? {})) if (files.has(name)) failed[name] = v;
  f.record.failed = failed;
  const due = filesToImport(seen, f.record.imported, f.before, Date.now(), failed);
  f.before = new Map(seen.map((s) => [s.name, s]));
  for (const s of due) {
    if (f.stopped) return;
    const file = files.get(s.name)!;
    update(f, { importing: s.name });
    const run = f.record.run;
    try {
      const digest = await sha256(file);
      const again = await rewritten(file, f.record.imported[s.name]);
      const done = importing.then(() => importer!(file, s.name, run));
      importing = done.catch(() => undefined);
      await done;
      if (again && !f.rewritten.includes(s.name)) f.rewritten.push(s.name);
      f.record.imported[s.name] = { size: s.size, lastModified: s.lastModified, sha256: digest };
      delete failed[s.name];
      await markFile(run, s, { sha256: digest });
      f.status.importedNow++;
    } catch (e) {
      // Kept with its size and time: the next looks leave it until it changes (the trainer still
      // writing it), so a file that cannot import is not imported again every look.
      const error = e instanceof Error ? e.message : String(e);
      failed[s.name] = { size: s.size, lastModified: s.lastModified, error };
      await markFile(run, s, { error });
    }
  }
  update(f, {
    state: 'following',
    importing: null,
    error: failureText(failed),
    warning: rewriteText(f.rewritten),
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
    rewritten: [],
    timer: null,
    stopped: false,
    status: {
      run: record.run,
      folder: record.handle.name,
      state,
      files: Object.keys(record.imported).length,
      importedNow: 0,
      importing: null,
      error: failureText(record.failed ?? {}),
      warning: null,
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
  const same = old !== undefined && (await old.record.handle.isSameEntry(handle));
  if (old) stopTimer(old);
  const record: FollowRecord = {
    run,
    handle,
    imported: same ? old.record.imported : {},
    failed: same ? (old.record.failed ?? {}) : {},
    since: new Date().toISOString(),
  };
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
