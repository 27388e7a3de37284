// The HTML report's template (the viewer built into one file by vite.report.config.ts). Built on
// demand: a fresh clone, or sources newer than the last build, builds it once (seconds) before
// the first report; later reports reuse it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const TEMPLATE_PATH = join(ROOT, '.report-build', 'report.html');
/** What the template is built from: newer files here mean the built one is stale. */
const INPUTS = ['app', 'report.html', 'vite.report.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of readdirSync(path, { withFileTypes: true }))
    if (!e.name.startsWith('.') && e.name !== 'node_modules')
      newest = Math.max(newest, newestMtime(join(path, e.name)));
  return newest;
}

export function templateIsFresh(): boolean {
  if (!existsSync(TEMPLATE_PATH)) return false;
  const built = statSync(TEMPLATE_PATH).mtimeMs;
  return INPUTS.every((p) => newestMtime(join(ROOT, p)) <= built);
}

/** The template's HTML, building it first when it is missing or older than its sources. */
export async function reportTemplate(log: (line: string) => void = () => undefined): Promise<string> {
  if (!templateIsFresh()) {
    log('building the report viewer (once per source change)…');
    const { build } = await import('vite');
    await build({ configFile: join(ROOT, 'vite.report.config.ts'), root: ROOT, logLevel: 'warn' });
  }
  return readFileSync(TEMPLATE_PATH, 'utf8');
}
