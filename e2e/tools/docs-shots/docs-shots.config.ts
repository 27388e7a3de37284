// `npm run docs:shots`: regenerates the docs' screenshots (docs/*.png) from the app as it is now,
// with the suite's servers and Chromium. Its scenes end in `.shots.ts`, which `npm test` does not
// run (they assert little and write into docs/).
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /\.shots\.ts$/,
  reporter: [['list']],
  projects: [{ name: 'build' }],
  // The servers run from the repository root, as the suite's do.
  webServer: [base.webServer ?? []]
    .flat()
    .map((w) => ({ ...w, cwd: resolve(import.meta.dirname, '../../..') })),
});
