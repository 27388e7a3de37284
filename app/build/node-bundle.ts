// A Node entry (a worker thread's module) bundled into one JavaScript file with esbuild, cached by
// content in .node-build/<name>-<key>.mjs. The CLI runs from TypeScript through tsx, which a
// worker thread does not inherit: each thread registering tsx itself transpiled the app's modules
// again (seconds per thread, which made two index threads slower than one on two cores). A bundle
// is built once per source change (well under a second) and every thread loads plain JavaScript.
// Built when first asked for rather than at `npm run build`: that build is the page's, the CLI
// runs from source without it, and a bundle made there would go stale at the next edit unnoticed;
// the content key makes a stale bundle impossible instead.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';
import { contentKey } from './content-key.ts';

export const NODE_BUNDLE_DIR = '.node-build';

export interface NodeBundleSpec {
  /** The bundle's file name stem, e.g. `index-worker`. */
  name: string;
  /** The entry, relative to the checkout. */
  entry: string;
  /**
   * Every file or folder the entry can reach (relative to the checkout), packages by the lock
   * file. The key hashes them; a build that reads a file outside them fails, so the key never
   * misses a source.
   */
  inputs: readonly string[];
}

/** How a bundle is built; part of the key, so a change here retires every cached bundle. */
const recipe = (spec: NodeBundleSpec) =>
  `esbuild ${esbuildVersion} bundle ${spec.entry}, platform node, esm, node20, createRequire banner, v1`;

export const nodeBundlePath = (root: string, name: string, key: string) =>
  join(root, NODE_BUNDLE_DIR, `${name}-${key}.mjs`);

// Bundled CommonJS packages call require(); an ES module has none unless it makes one.
const BANNER =
  "import { createRequire as __hopscopeRequire } from 'node:module';\nconst require = __hopscopeRequire(import.meta.url);";

const building = new Map<string, Promise<string>>();

function outsideInputs(root: string, spec: NodeBundleSpec, read: readonly string[]): string[] {
  const allowed = spec.inputs.map((p) => resolve(root, p));
  return read.filter((f) => {
    const abs = resolve(root, f);
    if (abs.split(/[\\/]/).includes('node_modules')) return false; // packages: keyed by the lock file
    return !allowed.some((a) => abs === a || !relative(a, abs).startsWith('..'));
  });
}

async function buildBundle(root: string, spec: NodeBundleSpec, key: string, path: string): Promise<string> {
  const cache = join(root, NODE_BUNDLE_DIR);
  mkdirSync(cache, { recursive: true });
  const tmp = join(cache, `tmp-${process.pid}-${spec.name}-${key}.mjs`);
  try {
    const r = await build({
      absWorkingDir: root,
      entryPoints: [spec.entry],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      banner: { js: BANNER },
      metafile: true,
      logLevel: 'silent',
    });
    const missed = outsideInputs(root, spec, Object.keys(r.metafile.inputs));
    if (missed.length)
      throw new Error(
        `${spec.entry} reads ${missed.join(', ')}, outside the inputs its bundle is keyed by (${spec.inputs.join(', ')})`,
      );
    // Another process may have built the same key meanwhile: the rename replaces it with equal bytes.
    renameSync(tmp, path);
  } finally {
    rmSync(tmp, { force: true });
  }
  // Older bundles of this entry are dead weight: their sources are gone.
  const mine = new RegExp(`^${spec.name}-[0-9a-f]{16}\\.mjs$`);
  for (const f of readdirSync(cache))
    if (mine.test(f) && resolve(cache, f) !== path) rmSync(join(cache, f), { force: true });
  return path;
}

/**
 * The path of `spec.entry` bundled from the sources as they are now: cached, or built first when
 * no bundle was built from them. Concurrent callers in one process share one build.
 */
export async function nodeBundle(root: string, spec: NodeBundleSpec): Promise<string> {
  if (isAbsolute(spec.entry)) throw new Error(`a bundle entry is relative to the checkout: ${spec.entry}`);
  const key = contentKey(root, recipe(spec), spec.inputs);
  const path = nodeBundlePath(root, spec.name, key);
  if (statSync(path, { throwIfNoEntry: false })?.isFile()) return path;
  let pending = building.get(path);
  if (!pending) {
    pending = buildBundle(root, spec, key, path).finally(() => building.delete(path));
    building.set(path, pending);
  }
  return pending;
}
