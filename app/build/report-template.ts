// The HTML report's template: the read-only viewer (report.html + app/report/) built by
// vite.report.config.ts into ONE file. Every process that needs it comes here: the dev server
// (Export → HTML report), the app's production build (shipped as report-template.html) and
// `npm run cli -- report`.
//
// The build always runs in a child Node process with NODE_ENV=production. Vite takes its mode from
// the process's NODE_ENV, so the same build started inside the dev server once compiled JSX for
// React's development runtime while bundling the production one: a report stuck on "Opening the
// report…" with `jsxDEV is not a function`.
//
// Cached by content: .report-build/report-<key>.html, the key a hash of how it is built and of
// every file it is built from, so a template is reused by whichever process asks next and never
// outlives a change to its sources (file times are not enough: a checkout or a copy keeps them).
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentKey } from './content-key.ts'; // the extension: vite.config.ts loads this file

export const REPORT_CACHE_DIR = '.report-build';
/** How the template is built; part of the key, so a change here retires every cached template. */
const RECIPE = 'vite build --config vite.report.config.ts, NODE_ENV=production, v2';
/** What the template is built from (relative to the checkout). */
export const REPORT_INPUTS = [
  'app',
  'models/registry.ts',
  'report.html',
  'vite.report.config.ts',
  'tsconfig.json',
  'package-lock.json',
];
/** The cache key: the recipe, then each input file's path and content, in a fixed order. */
export function reportTemplateKey(root: string, inputs: readonly string[] = REPORT_INPUTS): string {
  return contentKey(root, RECIPE, inputs);
}

export const templatePath = (root: string, key: string) => join(root, REPORT_CACHE_DIR, `report-${key}.html`);

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Builds the viewer in a production-mode child process; resolves to the built page's path. */
function buildInChild(root: string, outDir: string): Promise<string> {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--config', 'vite.report.config.ts', '--outDir', outDir, '--logLevel', 'warn'];
  return new Promise((done, fail) =>
    execFile(
      process.execPath,
      args,
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 2 ** 20 },
      (err, _stdout, stderr) => {
        if (err)
          fail(new Error(`building the report viewer failed (${err.message.split('\n')[0]}):\n${stderr}`));
        else done(join(outDir, 'report.html'));
      },
    ),
  );
}

const building = new Map<string, Promise<string>>();

/**
 * The template's HTML for the sources as they are now: from the cache, or built first (seconds)
 * when no template was built from them. Concurrent callers in one process share one build; a
 * build in another process writes under its own name and renames into place.
 */
export async function reportTemplate(
  root: string,
  log: (line: string) => void = () => undefined,
): Promise<string> {
  const key = reportTemplateKey(root);
  const path = templatePath(root, key);
  const cached = readIfPresent(path);
  if (cached !== null) return cached;
  let pending = building.get(key);
  if (!pending) {
    pending = (async () => {
      log('building the report viewer (once per source change)…');
      const cache = join(root, REPORT_CACHE_DIR);
      const tmp = join(cache, `tmp-${process.pid}-${key}`);
      mkdirSync(cache, { recursive: true });
      let html: string;
      try {
        const built = await buildInChild(root, tmp);
        // Read before the rename: another process cleaning the cache (below) may remove the
        // template the moment it is in place, and this caller must not then fail with ENOENT.
        html = readFileSync(built, 'utf8');
        renameSync(built, path);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
      // Older templates are dead weight: their sources are gone. A process still building from
      // them holds its page in memory (above), so removing its file costs it nothing.
      for (const f of readdirSync(cache))
        if (/^report-[0-9a-f]{16}\.html$/.test(f) && resolve(cache, f) !== path)
          rmSync(join(cache, f), { force: true });
      return html;
    })().finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}
