// The HTML report's template: report.html + app/report/ built into ONE self-contained file
// (app/build/inline-html.ts) in .report-build/. The app build ships it as report-template.html
// (vite.config.ts) and `npm run cli -- report` builds it on demand (app/cli/report-template.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineHtml } from './app/build/inline-html.ts';

export const REPORT_OUT_DIR = '.report-build';

export default defineConfig({
  plugins: [react(), inlineHtml()],
  base: './',
  cacheDir: '.vite-report',
  publicDir: false,
  logLevel: 'warn',
  // Production React even when the dev server builds this (its process has NODE_ENV=development).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: REPORT_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: false,
    // Everything inline: no file next to the report to fetch (file:// forbids it anyway).
    assetsInlineLimit: () => true,
    modulePreload: false,
    rolldownOptions: {
      input: 'report.html',
      output: { codeSplitting: false },
    },
  },
});
