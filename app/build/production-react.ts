// The report viewer must be built for production: Vite compiles JSX for React's development
// runtime whenever its process has NODE_ENV other than production, and a bundle that also carries
// the production runtime then calls a `jsxDEV` that is undefined (a blank page). Fail such a
// build, naming the cause, rather than cache or ship it.
import type { Plugin } from 'vite';

export const NOT_PRODUCTION =
  'the report viewer must be built with NODE_ENV=production (app/build/report-template.ts runs the build that way)';

export function productionReact(): Plugin {
  return {
    name: 'hopscope-production-react',
    apply: 'build',
    configResolved(config) {
      if (!config.isProduction)
        throw new Error(`${NOT_PRODUCTION}; this process has NODE_ENV=${process.env.NODE_ENV}`);
    },
    generateBundle(_, bundle) {
      const dev = Object.values(bundle).filter((c) => c.type === 'chunk' && c.code.includes('jsxDEV'));
      if (dev.length)
        this.error(
          `${NOT_PRODUCTION}: ${dev.map((c) => c.fileName).join(', ')} calls React's development JSX runtime`,
        );
    },
  };
}
