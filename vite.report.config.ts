// The HTML report's template: report.html + app/report/ built into ONE self-contained file
// (app/build/inline-html.ts). Run it through app/build/report-template.ts, which builds in
// production mode whatever process asks (the dev server, the app build, the CLI) and caches the
// result in .report-build/ by content; it passes its own --outDir.
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { inlineHtml } from './app/build/inline-html.ts';
import { productionReact } from './app/build/production-react.ts';

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
  plugins: [react(), inlineHtml(), noWorkers(), productionReact()],
  base: './',
  cacheDir: '.vite-report',
  publicDir: false,
  logLevel: 'warn',
  build: {
    // A bare `vite build --config vite.report.config.ts` lands here, apart from the cache.
    outDir: '.report-build/manual',
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
