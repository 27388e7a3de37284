import { createReadStream, existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { reportTemplate } from './app/build/report-template.ts';

// COOP/COEP make the page cross-origin isolated, so onnxruntime-web can use WASM threads.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

// One policy for every way the page is served: the dev and preview servers send it as a header
// (the only place `frame-ancestors` counts), and the built index.html carries it as a meta tag for
// static hosts that cannot set headers. Workers get the header's policy too: onnxruntime-web
// imports its WASM glue from a blob: URL there, so script-src allows blob: (only scripts already
// running on this origin can mint one). WASM needs 'wasm-unsafe-eval'; connect-src stays open to
// http(s) because users point live runs at their own model and retrieval servers.
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' blob: 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self' http: https: ws:",
];
/** Headers for the preview server (and static hosts: see README). */
const headers = {
  ...isolation,
  'Content-Security-Policy': [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; '),
};
/** The dev server alone also allows inline scripts: React Fast Refresh injects an inline preamble. */
const devHeaders = {
  ...headers,
  'Content-Security-Policy': headers['Content-Security-Policy'].replace(
    "script-src 'self'",
    "script-src 'self' 'unsafe-inline'",
  ),
};

function cspMeta(): Plugin {
  return {
    name: 'hopscope-csp-meta',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_DIRECTIVES.join('; ') },
        injectTo: 'head',
      },
    ],
  };
}

// Serves /models/* from HOPSCOPE_MODELS_DIR (tests point it at ../shared/models), else ./models.
// The folder also holds the app's own source (models/registry.ts), which the dev server must
// keep serving as a module: source files and module requests pass through to Vite.
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|md)$/;

function serveModels(): Plugin {
  const root = resolve(process.env.HOPSCOPE_MODELS_DIR ?? 'models');
  const handler = (req: { url?: string }, res: import('node:http').ServerResponse, next: () => void) => {
    const [rawPath = '', query] = (req.url ?? '').split('?');
    if (!rawPath.startsWith('/models/')) return next();
    let url: string;
    try {
      url = decodeURIComponent(rawPath);
    } catch {
      res.statusCode = 400;
      res.end('malformed model path');
      return;
    }
    if (query !== undefined || SOURCE_FILE.test(url)) return next();
    const file = resolve(root, `.${url.slice('/models'.length)}`);
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.end(`model file not found: ${url}`);
      return;
    }
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Content-Length', statSync(file).size);
    createReadStream(file).pipe(res);
  };
  return {
    name: 'hopscope-models',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

// The HTML report's template (vite.report.config.ts: the read-only viewer as ONE file), shipped
// as report-template.html so Export → HTML report can fill it with data. Built with the app, so
// `vite build` alone yields both; the dev server serves the template for the sources as they are
// at each request. Either way app/build/report-template.ts builds it in production mode and
// caches it by content (the dev server's own mode once leaked into it: a blank report).
function reportTemplatePlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'hopscope-report-template',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'report-template.html', source: await reportTemplate(root) });
    },
    configureServer(server) {
      server.middlewares.use('/report-template.html', (_req, res, next) => {
        reportTemplate(root, (line) => server.config.logger.info(line)).then((html) => {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(html);
        }, next);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), serveModels(), cspMeta(), reportTemplatePlugin()],
  server: { headers: devHeaders },
  preview: { headers },
  // Per checkout, so several worktrees can run dev servers at once.
  cacheDir: '.vite',
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
});
