import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_CACHE_DIR, reportTemplate, reportTemplateKey, templatePath } from './report-template';

/** A checkout in miniature: a report source and a stand-in for Vite's CLI. */
function checkout(fakeVite: string): string {
  const root = mkdtempSync(join(tmpdir(), 'hopscope-template-'));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  put('app/report/main.tsx', 'export const v = 1;\n');
  put('report.html', '<div id="root"></div>\n');
  put('node_modules/vite/bin/vite.js', fakeVite);
  return root;
}

// Writes the page the real build would, recording the mode it ran under and how often it ran.
const RECORDING_VITE = `
const { appendFileSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const outDir = process.argv[process.argv.indexOf('--outDir') + 1];
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'report.html'), 'built with NODE_ENV=' + process.env.NODE_ENV);
appendFileSync('builds.log', 'x');
`;

describe('the report template cache', () => {
  const saved = process.env.NODE_ENV;
  beforeEach(() => void (process.env.NODE_ENV = 'development')); // as inside the dev server
  afterEach(() => void (process.env.NODE_ENV = saved));

  it('builds in production mode whatever the asking process runs as', async () => {
    const root = checkout(RECORDING_VITE);
    expect(await reportTemplate(root)).toBe('built with NODE_ENV=production');
    expect(existsSync(templatePath(root, reportTemplateKey(root)))).toBe(true);
  });

  it('reuses a build from the same sources, and rebuilds when a source changes though its time does not', async () => {
    const root = checkout(RECORDING_VITE);
    const log = () => readFileSync(join(root, 'builds.log'), 'utf8');
    await Promise.all([reportTemplate(root), reportTemplate(root)]);
    await reportTemplate(root);
    expect(log()).toBe('x');
    const src = join(root, 'app/report/main.tsx');
    writeFileSync(src, 'export const v = 2;\n');
    utimesSync(src, new Date(0), new Date(0)); // as a checkout or a copy may leave it
    await reportTemplate(root);
    expect(log()).toBe('xx');
    // One template kept: the one for the sources as they are.
    expect(readdirSync(join(root, REPORT_CACHE_DIR)).filter((f) => f.endsWith('.html'))).toEqual([
      `report-${reportTemplateKey(root)}.html`,
    ]);
  });

  it('never serves a template it did not build for these sources (the old .report-build/report.html)', async () => {
    const root = checkout(RECORDING_VITE);
    mkdirSync(join(root, REPORT_CACHE_DIR));
    writeFileSync(join(root, REPORT_CACHE_DIR, 'report.html'), 'a dev-mode template from an older Hopscope');
    expect(await reportTemplate(root)).toBe('built with NODE_ENV=production');
  });

  it('ignores tests in the key, and names a failed build with its output', async () => {
    const root = checkout('process.stderr.write("boom: report.html"); process.exit(1);');
    const key = reportTemplateKey(root);
    writeFileSync(join(root, 'app/report/main.test.ts'), 'it();\n');
    expect(reportTemplateKey(root)).toBe(key);
    await expect(reportTemplate(root)).rejects.toThrow(
      /building the report viewer failed[\s\S]*boom: report\.html/,
    );
    expect(readdirSync(join(root, REPORT_CACHE_DIR))).toEqual([]); // no half-built template left
  });
});
