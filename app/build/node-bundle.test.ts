// The CLI's worker bundles: built once per content (reused, even by a fresh process, while no input
// changes), rebuilt when an input's content changes though its file time does not, and refused
// when the entry reads a file outside the inputs its key covers.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_BUNDLE_DIR, type NodeBundleSpec, nodeBundle } from './node-bundle';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function checkout(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'hopscope-bundle-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const SPEC: NodeBundleSpec = { name: 'probe', entry: 'src/entry.ts', inputs: ['src'] };
const SOURCES = {
  'src/entry.ts': "import { value } from './lib';\nexport const answer: number = value * 2;\n",
  'src/lib.ts': 'export const value: number = 21;\n',
};
const load = async (path: string) =>
  ((await import(`${pathToFileURL(path).href}?t=${Date.now()}`)) as { answer: number }).answer;

describe('the worker bundle cache', () => {
  it('bundles the entry with what it imports into plain JavaScript', async () => {
    const root = checkout(SOURCES);
    const path = await nodeBundle(root, SPEC);
    expect(path).toMatch(/probe-[0-9a-f]{16}\.mjs$/);
    expect(await load(path)).toBe(42);
  });

  it('reuses the bundle while the sources are the same, and rebuilds when one changes', async () => {
    const root = checkout(SOURCES);
    const first = await nodeBundle(root, SPEC);
    const built = statSync(first).mtimeMs;
    // A second ask (as a new process makes: the key is read from the files) returns the same file
    // without writing it again.
    await new Promise((r) => setTimeout(r, 20));
    expect(await nodeBundle(root, SPEC)).toBe(first);
    expect(statSync(first).mtimeMs).toBe(built);
    // Same length, same file time, other content: a new key, a new bundle, the old one removed.
    const lib = join(root, 'src/lib.ts');
    const { atime, mtime } = statSync(lib);
    writeFileSync(lib, 'export const value: number = 50;\n');
    utimesSync(lib, atime, mtime);
    const second = await nodeBundle(root, SPEC);
    expect(second).not.toBe(first);
    expect(await load(second)).toBe(100);
    expect(readdirSync(join(root, NODE_BUNDLE_DIR))).toEqual([second.split(/[\\/]/).pop()]);
  });

  it('shares one build between concurrent callers', async () => {
    const root = checkout(SOURCES);
    const [a, b] = await Promise.all([nodeBundle(root, SPEC), nodeBundle(root, SPEC)]);
    expect(a).toBe(b);
    expect(readdirSync(join(root, NODE_BUNDLE_DIR))).toHaveLength(1);
  });

  it('refuses an entry that reads a file its key does not cover', async () => {
    const root = checkout({
      ...SOURCES,
      'src/lib.ts': "export { value } from '../elsewhere/value';\n",
      'elsewhere/value.ts': 'export const value = 1;\n',
    });
    await expect(nodeBundle(root, SPEC)).rejects.toThrow(
      /src\/entry\.ts reads elsewhere\/value\.ts, outside the inputs its bundle is keyed by \(src\)/,
    );
    expect(readdirSync(join(root, NODE_BUNDLE_DIR))).toEqual([]);
  });
});
