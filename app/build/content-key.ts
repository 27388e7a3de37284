// A cache key from what a build reads: a recipe string, then every input file's path and content
// in a fixed order (tests left out: nothing imports them). File times are not enough: a checkout or
// a copy keeps them. Shared by the report template's cache and the CLI's worker bundles.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST_FILE = /\.test\.tsx?$/;

function inputFiles(root: string, path: string, out: string[]): void {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) {
    if (!TEST_FILE.test(path)) out.push(relative(root, path).split('\\').join('/'));
    return;
  }
  for (const e of readdirSync(path, { withFileTypes: true }))
    if (!e.name.startsWith('.') && e.name !== 'node_modules') inputFiles(root, join(path, e.name), out);
}

/** 16 hex digits of a SHA-256 over `recipe` and each file under `inputs` (paths relative to `root`). */
export function contentKey(root: string, recipe: string, inputs: readonly string[]): string {
  const files: string[] = [];
  for (const p of inputs) inputFiles(root, join(root, p), files);
  const hash = createHash('sha256').update(recipe);
  for (const f of files.sort()) {
    const content = readFileSync(join(root, f));
    hash.update(`\0${f}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex').slice(0, 16);
}
