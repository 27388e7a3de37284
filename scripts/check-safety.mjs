// Project lint: fails on patterns that would render untrusted model/document text as HTML,
// run code from strings, or reach a CDN for runtime assets. Type errors are tsc's job.
// (Biome's lockfile entries can't be installed from this workplace's registry, and
// typescript-eslint needs TypeScript's JS API, which TS 7 no longer ships.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOTS = ['app', 'workers', 'e2e', 'bench', 'scripts'];
const SKIP = new Set(['node_modules', 'fixtures']);
const RULES = [
  { re: /dangerouslySetInnerHTML/, why: 'renders a string as HTML' },
  { re: /\.(innerHTML|outerHTML)\s*=/, why: 'assigns HTML from a string' },
  { re: /insertAdjacentHTML|document\.write\(/, why: 'parses a string as HTML' },
  { re: /\beval\(|new Function\(/, why: 'runs a string as code' },
  { re: /cdn\.jsdelivr|unpkg\.com|cdnjs\./, why: 'loads runtime assets from a CDN' },
];
const SELF = 'scripts/check-safety.mjs';

function* files(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) yield p;
  }
}

let problems = 0;
let checked = 0;
for (const root of ROOTS) {
  for (const file of files(root)) {
    const rel = relative('.', file);
    if (rel === SELF) continue;
    checked++;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.includes('safety-ok:')) return; // explicit, reviewed exception with a reason
      for (const rule of RULES) {
        if (rule.re.test(line)) {
          problems++;
          console.error(`${rel}:${i + 1}: ${rule.why}: ${line.trim()}`);
        }
      }
    });
  }
}
if (problems) {
  console.error(`lint: ${problems} problem(s) in ${checked} files`);
  process.exit(1);
}
console.log(`lint: ${checked} files clean`);
