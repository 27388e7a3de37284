import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followFolder, followStatuses, POLL_MS, setStepFileImporter, unfollow } from './training-follow';
import { SETTLED_AFTER_MS } from './training-follow-plan';
import { listFollows } from './training-follow-store';

/**
 * A folder as the File System Access API shows it, files kept in a private field (IndexedDB
 * stores the handle by structured clone; the real handle is cloned by the browser).
 */
class FakeDir {
  readonly kind = 'directory';
  readonly name: string;
  #files = new Map<string, File>();
  constructor(name: string) {
    this.name = name;
  }
  write(name: string, text: string, lastModified: number): void {
    this.#files.set(name, new File([text], name, { lastModified }));
  }
  async *values() {
    for (const file of this.#files.values())
      yield { kind: 'file' as const, name: file.name, getFile: async () => file };
  }
  async isSameEntry(other: unknown) {
    return other === this;
  }
}

/** Lets IndexedDB's writes (scheduled with the real setImmediate) finish. */
async function idle(): Promise<void> {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
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

  beforeEach(() => {
    // Not setImmediate: fake-indexeddb schedules its work with it.
    vi.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    imported = [];
    fail = new Set();
    setStepFileImporter(async (file, run) => {
      if (fail.has(file.name)) throw new Error(`line 3: field "output" is missing`);
      imported.push(`${run}/${file.name}:${await file.text()}`);
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
    await wait(10);
    expect(imported).toEqual(['grpo-a/2.jsonl:two', 'grpo-a/10.jsonl:ten']);
    expect(followStatuses()[0]).toMatchObject({ run: 'grpo-a', state: 'following', files: 2, error: null });

    // Written during training: seen at one look, imported at the next if it did not change.
    dir.write('11.jsonl', 'elev', Date.now());
    await wait(POLL_MS);
    expect(imported).toHaveLength(2);
    dir.write('11.jsonl', 'eleven', Date.now());
    await wait(POLL_MS);
    expect(imported).toHaveLength(2);
    await wait(POLL_MS);
    expect(imported.at(-1)).toBe('grpo-a/11.jsonl:eleven');
    expect(imported).toHaveLength(3);
    // Nothing is imported twice.
    await wait(POLL_MS * 3);
    expect(imported).toHaveLength(3);
    const [stored] = await listFollows();
    expect(Object.keys(stored!.imported).sort()).toEqual(['10.jsonl', '11.jsonl', '2.jsonl']);
  });

  it('reports a file that fails, tries it again at the next look, and stops when unfollowed', async () => {
    const dir = new FakeDir('grpo-b');
    const old = Date.now() - SETTLED_AFTER_MS - 1;
    dir.write('1.jsonl', 'one', old);
    fail.add('1.jsonl');
    await followFolder(asHandle(dir), 'grpo-b');
    await wait(10);
    expect(followStatuses()[0]!.error).toBe('1.jsonl: line 3: field "output" is missing');
    fail.clear();
    await wait(POLL_MS);
    expect(imported).toEqual(['grpo-b/1.jsonl:one']);
    expect(followStatuses()[0]!.error).toBeNull();
    await unfollow('grpo-b');
    dir.write('2.jsonl', 'two', old);
    await wait(POLL_MS * 2);
    expect(imported).toHaveLength(1);
    expect(await listFollows()).toEqual([]);
  });
});
