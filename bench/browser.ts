// Runs a benchmark page in headless Chromium (/usr/bin/chromium). The page is served with the app's
// own Vite config (COOP/COEP, /models/ from ../shared/models): by a dev server (modules transformed
// on request), or — `prod` — as a production build previewed from a temp folder, which is what
// users get. The callback drives the page; any request that leaves the machine fails the run.
import { mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { build, createServer, preview } from 'vite';
import { note } from './util';

const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|blob:|data:|about:)/;

export const MODELS_DIR = resolve('..', 'shared', 'models');

interface Served {
  resolvedUrls: { local: string[] } | null;
  close(): Promise<void>;
  /** Serves this build or the baseline's from now on (production with a baseline only). */
  serve?(which: 'this' | 'baseline'): void;
}

async function serveDev(html: string, entries: string[]): Promise<Served> {
  const server = await createServer({
    configFile: resolve('vite.config.ts'),
    // Its own dependency cache, so a dev server someone else runs is not disturbed.
    cacheDir: resolve('node_modules/.vite-bench'),
    optimizeDeps: { entries: [html, ...entries] },
    server: { host: '127.0.0.1', port: 4391, strictPort: false, hmr: false },
    logLevel: 'warn',
    clearScreen: false,
  });
  await server.listen();
  return server;
}

async function servePreview(
  html: string,
  unminified = false,
  also: readonly string[] = [],
  root = process.cwd(),
  baseline?: string,
): Promise<Served> {
  const served = resolve(tmpdir(), `hopscope-bench-${html.replace(/\W+/g, '-')}-${process.pid}`);
  // With a baseline, the server's folder is a link turned to one build or the other: the preview
  // server reads files at each request, so both are served from one origin (one IndexedDB).
  const outDir = baseline ? `${served}-this` : served;
  note(`building ${html} of ${root} into ${outDir}`);
  await build({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      // A profile names functions only when the build keeps their names.
      ...(unminified ? { minify: false } : {}),
      rollupOptions: {
        input: also.length ? [html, ...also].map((h) => resolve(root, h)) : resolve(root, html),
      },
    },
  });
  const turn = (which: 'this' | 'baseline') => {
    rmSync(`${served}.next`, { force: true });
    symlinkSync(which === 'this' ? outDir : resolve(baseline!), `${served}.next`);
    renameSync(`${served}.next`, served);
  };
  if (baseline) turn('this');
  const server = await preview({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: served },
    preview: { host: '127.0.0.1', port: 4392, strictPort: false },
  });
  // Per process, so two benches at once (before and after a change) never serve each other's build.
  return {
    resolvedUrls: server.resolvedUrls,
    async close() {
      await server.close();
      rmSync(served, { recursive: true, force: true });
      rmSync(outDir, { recursive: true, force: true });
    },
    ...(baseline ? { serve: turn } : {}),
  };
}

export interface BenchPageOptions {
  /** Modules Vite should pre-bundle for the dev server (workers the page starts). */
  entries?: string[];
  /** Serve the production build instead of the dev server. */
  prod?: boolean;
  /** Console lines starting with this are progress notes. */
  logPrefix?: string;
  /**
   * Give each page an on-disk profile, as a user's browser has. A plain new context is
   * off-the-record: Chromium keeps its IndexedDB in memory, where writes are several times slower
   * (66 MB of trajectory-shaped records: 14 s in memory, 2.1 s on disk, on this machine), so a
   * storage-bound measurement would not be what users see.
   */
  diskProfile?: boolean;
  /** Build the production app without minifying, so a CPU profile names its functions. */
  unminified?: boolean;
  /** Other pages built with it (production only), served from the same origin (one IndexedDB). */
  also?: string[];
  /** More Chromium flags (e.g. Blink features a bench needs). */
  args?: string[];
  /** Build the production app of another checkout (a bench's baseline); this one by default. */
  root?: string;
  /**
   * Another production build's folder (`vite build --outDir DIR` in a checkout of the revision
   * compared), served in turns with this one from the same origin (production only).
   */
  baseline?: string;
}

export interface BenchBrowser {
  /** The served page's origin URL (ends with '/'). */
  base: string;
  /** A fresh browser context (its own IndexedDB) with a page open on `path`; requests leaving the machine are recorded. */
  newPage(path?: string): Promise<Page>;
  /** Serves this build or the baseline's from now on (with `baseline` only; else throws). */
  serve(which: 'this' | 'baseline'): void;
}

/** Serves `html` (dev or production build) and runs `fn` with a headless Chromium on it. */
export async function withBenchBrowser<T>(
  html: string,
  fn: (b: BenchBrowser) => Promise<T>,
  options: BenchPageOptions = {},
): Promise<T> {
  process.env.HOPSCOPE_MODELS_DIR = MODELS_DIR;
  const server = options.prod
    ? await servePreview(html, options.unminified, options.also, options.root, options.baseline)
    : await serveDev(html, options.entries ?? []);
  const base = server.resolvedUrls?.local[0];
  const launch = {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--enable-unsafe-webgpu',
      '--enable-precise-memory-info',
      ...(options.args ?? []),
    ],
  };
  const browser = await chromium.launch(launch);
  const profiles: Array<{ dir: string; context: BrowserContext }> = [];
  const remote: string[] = [];
  try {
    if (!base) throw new Error('the Vite server did not report a URL');
    const prefix = options.logPrefix;
    const out = await fn({
      base,
      serve(which) {
        if (!server.serve) throw new Error('no baseline build to serve: pass one to withBenchBrowser');
        server.serve(which);
      },
      async newPage(path = html) {
        const viewport = { width: 1400, height: 900 };
        let context;
        if (options.diskProfile) {
          const dir = mkdtempSync(resolve(tmpdir(), 'hopscope-bench-profile-'));
          context = await chromium.launchPersistentContext(dir, { ...launch, viewport });
          profiles.push({ dir, context });
        } else context = await browser.newContext({ viewport });
        context.on('request', (r) => {
          if (!LOCAL.test(r.url())) remote.push(r.url());
        });
        // tsx compiles the Node side with esbuild's keepNames, so functions passed to page.evaluate
        // call its `__name` helper: give the page a no-op one.
        await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
        const page = await context.newPage();
        page.on('console', (m) => {
          const text = m.text();
          if (prefix && text.startsWith(prefix)) note(`browser: ${text.slice(prefix.length).trimStart()}`);
          else if (m.type() === 'error' || m.type() === 'warning') note(`browser ${m.type()}: ${text}`);
        });
        page.on('pageerror', (e) => note(`browser page error: ${e.message}`));
        await page.goto(new URL(path, base).href);
        return page;
      },
    });
    if (remote.length > 0) throw new Error(`requests left the machine: ${remote.join(', ')}`);
    return out;
  } finally {
    await browser.close();
    await server.close();
    for (const { dir, context } of profiles) {
      await context.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

export async function withBenchPage<T>(
  html: string,
  fn: (page: Page) => Promise<T>,
  options: BenchPageOptions = {},
): Promise<T> {
  return withBenchBrowser(html, async (b) => fn(await b.newPage()), options);
}

/**
 * The SQL benches' driver: the production build of `html` (what users get) on one page with an
 * on-disk profile (IndexedDB as users have it), `fn` once the page has defined its entry
 * `window[entry]` (the page loads the app's workers first: allow two minutes).
 */
export async function withProdBenchPage<T>(
  html: string,
  entry: keyof Window,
  fn: (page: Page) => Promise<T>,
  args: string[] = [],
): Promise<T> {
  return withBenchPage(
    html,
    async (page) => {
      await page.waitForFunction(
        (name) => typeof (window as unknown as Record<string, unknown>)[name] === 'function',
        entry,
        { timeout: 120_000 },
      );
      return fn(page);
    },
    { prod: true, diskProfile: true, args },
  );
}
