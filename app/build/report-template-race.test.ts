// Another process's cache cleanup can remove a template the moment it is renamed into place (two
// processes building from different sources, each removing "older" templates). The caller that
// built it must still get its page, not ENOENT.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const renameSync = (from: string, to: string) => {
    fs.renameSync(from, to);
    if (/report-[0-9a-f]{16}\.html$/.test(to)) fs.rmSync(to); // the other process's cleanup
  };
  return { ...fs, default: { ...fs, renameSync }, renameSync };
});

const { reportTemplate } = await import('./report-template');

describe('the report template under a concurrent cleanup', () => {
  it('returns the page it built even when its file is removed as soon as it lands', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hopscope-template-race-'));
    const put = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    put('report.html', '<div id="root"></div>\n');
    put(
      'node_modules/vite/bin/vite.js',
      `const { mkdirSync, writeFileSync } = require('node:fs');
const outDir = process.argv[process.argv.indexOf('--outDir') + 1];
mkdirSync(outDir, { recursive: true });
writeFileSync(require('node:path').join(outDir, 'report.html'), 'the built page');`,
    );
    expect(await reportTemplate(root)).toBe('the built page');
  });
});
