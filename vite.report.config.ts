// The HTML report's template: report.html + app/report/ built into ONE self-contained file
// (app/build/inline-html.ts) in .report-build/. The app build ships it as report-template.html
// (vite.config.ts) and `npm run cli -- report` builds it on demand (app/cli/report-template.ts).
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { inlineHtml } from './app/build/inline-html.ts';

export const REPORT_OUT_DIR = '.report-build';

/**
 * The report runs no model and no search: a worker chunk in its build means a view it renders
 * imports the app's runtime (as GoldPlanTable once did through the plan-rewrite hook). Fail the
 * build, naming the chunks, rather than ship dead files beside the report.
 */
function noWorkers(): Plugin {
  return {
    name: 'hopscope-report-no-workers',
    generateBundle(_, bundle) {
      const workers = Object.keys(bundle).filter((f) => /\.worker[-.]/.test(f));
      if (workers.length)
        this.error(
          `the report build pulled in worker chunks (${workers.join(', ')}): keep app/runtime out of app/report's imports`,
        );
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineHtml(), noWorkers()],
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
