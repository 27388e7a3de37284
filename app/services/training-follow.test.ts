import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followFolder, followStatuses, POLL_MS, setStepFileImporter, unfollow } from './training-follow';
import { SETTLED_AFTER_MS } from './training-follow-plan';
import { listFollows } from './training-follow-store';

/**
 * A folder as the File System Access API shows it, files and subfolders kept in private fields
 * (IndexedDB stores the handle by structured clone; the real handle is cloned by the browser).
 */
class FakeDir {
  readonly kind = 'directory';
  readonly name: string;
  #files = new Map<string, File>();
  #dirs = new Map<string, FakeDir>();
  constructor(name: string) {
    this.name = name;
  }
  /** Writes `path` (`global_step_3/0.jsonl` makes the folder). */
  write(path: string, text: string, lastModified: number): void {
    const [head, ...rest] = path.split('/');
    if (rest.length === 0) {
      this.#files.set(head!, new File([text], head!, { lastModified }));
      return;
    }
    let sub = this.#dirs.get(head!);
    if (!sub) this.#dirs.set(head!, (sub = new FakeDir(head!)));
    sub.write(rest.join('/'), text, lastModified);
  }
  async *values(): AsyncGenerator<{ kind: 'file'; name: string; getFile: () => Promise<File> } | FakeDir> {
    for (const file of this.#files.values())
      yield { kind: 'file' as const, name: file.name, getFile: async () => file };
    yield* this.#dirs.values();
  }
  async isSameEntry(other: unknown) {
    return other === this;
  }
}

/**
 * Lets what the follower started finish: IndexedDB's writes (scheduled with the real setImmediate)
 * and SHA-256 digests (Node's thread pool, so no count of turns is enough on a loaded machine). The
 * follower's own timers are fake, so spinning on real time starts nothing new.
 */
async function idle(): Promise<void> {
  const until = performance.now() + 150;
  for (let i = 0; i < 50 || performance.now() < until; i++) await new Promise((r) => setImmediate(r));
}

/**
 * Until `done` holds (what a look started has finished), at most 20 s of real time: a loaded
 * machine can take longer than idle()'s 150 ms to run fake-indexeddb's work.
 */
async function settled(done: () => boolean): Promise<void> {
  const until = performance.now() + 20_000;
  while (!done() && performance.now() < until) await new Promise((r) => setImmediate(r));
}

/**
 * One look of the follower: `ms` of its time (its timer fires), then until that look has finished
 * (its status's lastLook moves) and the next is scheduled. A fixed wait was not enough on a loaded
 * machine: a look that ended after the clock moved scheduled the next one past it, never to fire.
 */
async function nextLook(ms = POLL_MS): Promise<void> {
  const looks = () =>
    followStatuses()
      .map((st) => st.lastLook)
      .join();
  const before = looks();
  await wait(ms);
  await settled(() => looks() !== before);
  await idle();
}

/** `ms` of the follower's time, then what it started finishes. */
async function wait(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await idle();
}

const asHandle = (d: FakeDir) => d as unknown as FileSystemDirectoryHandle;

describe('following a dump folder', () => {
  let imported: string[];
  let fail: Set<string>;
  let tries: string[];

  beforeEach(() => {
    // Not setImmediate: fake-indexeddb schedules its work with it.
    vi.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    imported = [];
    fail = new Set();
    tries = [];
    setStepFileImporter(async (file, path, run) => {
      tries.push(path);
      if (fail.has(path)) throw new Error(`line 3: field "output" is missing`);
      imported.push(`${run}/${path}:${await file.text()}`);
    });
  });
  afterEach(async () => {
    for (const s of followStatuses()) await unfollow(s.run);
    vi.useRealTimers();
  });

  it('imports the step files there in step order, then each new one once it stops changing', async () => {
    const dir = new FakeDir('grpo-a');
    const old = Date.now() - SETTLED_AFTER_MS - 1;
    dir.write('10.jsonl', 'ten', old);
    dir.write('2.jsonl', 'two', old);
    dir.write('readme.txt', 'not a step', old);
    await followFolder(asHandle(dir), 'grpo-a');
    await nextLook(10);
    expect(imported).toEqual(['grpo-a/2.jsonl:two', 'grpo-a/10.jsonl:ten']);
    expect(followStatuses()[0]).toMatchObject({ run: 'grpo-a', state: 'following', files: 2, error: null });

    // Written during training: seen at one look, imported at the next if it did not change.
    dir.write('11.jsonl', 'elev', Date.now());
    await nextLook();
    expect(imported).toHaveLength(2);
    dir.write('11.jsonl', 'eleven', Date.now());
    await nextLook();
    expect(imported).toHaveLength(2);
    await nextLook();
    expect(imported.at(-1)).toBe('grpo-a/11.jsonl:eleven');
    expect(imported).toHaveLength(3);
    // Nothing is imported twice.
    for (let i = 0; i < 3; i++) await nextLook();
    expect(imported).toHaveLength(3);
    const [stored] = await listFollows();
    expect(Object.keys(stored!.imported).sort()).toEqual(['10.jsonl', '11.jsonl', '2.jsonl']);
  });

  it('reports a file that fails, tries it again only once it changes, and stops when unfollowed', async () => {
    const dir = new FakeDir('grpo-b');
    const old = Date.now() - SETTLED_AFTER_MS - 1;
    dir.write('1.jsonl', 'one', old);
    // No step in its name and no JSON Lines: not a step file, never imported.
    dir.write('config.json', '{"lr": 1e-6}', old);
    fail.add('1.jsonl');
    await followFolder(asHandle(dir), 'grpo-b');
    await nextLook(10);
    expect(followStatuses()[0]!.error).toBe(
      '1.jsonl: line 3: field "output" is missing; tried again once changed',
    );
    expect(tries).toEqual(['1.jsonl']);
    // Unchanged: not tried again, however many looks (each try journals an import).
    fail.clear();
    for (let i = 0; i < 5; i++) await nextLook();
    expect(tries).toEqual(['1.jsonl']);
    expect(followStatuses()[0]!.error).toContain('1.jsonl');
    expect((await listFollows())[0]!.failed).toMatchObject({ '1.jsonl': { size: 3 } });
    // The trainer writes it again: tried again, and imported.
    dir.write('1.jsonl', 'one!', old + 1);
    await nextLook();
    expect(imported).toEqual(['grpo-b/1.jsonl:one!']);
    expect(followStatuses()[0]!.error).toBeNull();
    expect((await listFollows())[0]!.failed).toEqual({});
    await unfollow('grpo-b');
    dir.write('2.jsonl', 'two', old);
    await wait(POLL_MS * 2);
    expect(imported).toHaveLength(1);
    expect(await listFollows()).toEqual([]);
  });

  it('follows step files in subfolders (global_step_N/), under their path, not too deep', async () => {
    const dir = new FakeDir('grpo-c');
    const old = Date.now() - SETTLED_AFTER_MS - 1;
    dir.write('global_step_10/rollout.jsonl', 'ten', old);
    dir.write('global_step_2/rollout.jsonl', 'two', old);
    dir.write('global_step_2/actor/huggingface/config.json', '{}', old);
    dir.write('.cache/3.jsonl', 'hidden', old);
    dir.write('a/b/c/d/4.jsonl', 'too deep', old);
    await followFolder(asHandle(dir), 'grpo-c');
    await nextLook(10);
    expect(imported).toEqual([
      'grpo-c/global_step_2/rollout.jsonl:two',
      'grpo-c/global_step_10/rollout.jsonl:ten',
    ]);
    expect(followStatuses()[0]).toMatchObject({ files: 2, error: null });
  });

  it('warns when a step file is rewritten since imported, not when lines are appended', async () => {
    const dir = new FakeDir('grpo-d');
    const old = Date.now() - SETTLED_AFTER_MS - 1;
    dir.write('5.jsonl', 'a\nb\n', old);
    await followFolder(asHandle(dir), 'grpo-d');
    await nextLook(10);
    dir.write('5.jsonl', 'a\nb\nc\n', old + 1);
    await nextLook();
    expect(imported).toHaveLength(2);
    expect(followStatuses()[0]!.warning).toBeNull();
    // Resumed from a checkpoint: step 5 written anew.
    dir.write('5.jsonl', 'x\ny\n', old + 2);
    await nextLook();
    expect(imported).toHaveLength(3);
    expect(followStatuses()[0]!.warning).toMatch(/^5\.jsonl was rewritten since imported.*step 5 may count/);
  });
});
