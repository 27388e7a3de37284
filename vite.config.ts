import { createReadStream, existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// COOP/COEP make the page cross-origin isolated, so onnxruntime-web can use WASM threads.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

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
    for (const [k, v] of Object.entries(isolation)) res.setHeader(k, v);
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

export default defineConfig({
  plugins: [react(), serveModels()],
  server: { headers: isolation },
  preview: { headers: isolation },
  // Per checkout, so several worktrees can run dev servers at once.
  cacheDir: '.vite',
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
});
