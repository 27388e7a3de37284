import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// HOPSCOPE_E2E_PORT lets two checkouts run their suites side by side.
const port = Number(process.env.HOPSCOPE_E2E_PORT ?? 4317);
const devPort = port + 1;
const outDir = port === 4317 ? 'dist' : `dist-e2e-${port}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['./e2e/reporters/playwright-summary.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--enable-unsafe-webgpu',
      ],
    },
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  },
  projects: [
    // The production bundle is what users of a static host get; most tests run against it.
    { name: 'build', testIgnore: /dev-server\.spec\.ts$/ },
    // `npm start` is what a newcomer runs first: the dev server, as the README starts it.
    { name: 'dev', testMatch: /dev-server\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${devPort}` } },
  ],
  webServer: [
    {
      // The default port builds into dist/; another port (a second checkout or a parallel session)
      // builds into its own folder, so two suites never serve each other's half-written bundle.
      command: `npx vite build --outDir ${outDir} && npx vite preview --outDir ${outDir} --port ${port} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: { HOPSCOPE_MODELS_DIR: resolve('..', 'shared', 'models') },
    },
    {
      // No HOPSCOPE_MODELS_DIR: exactly what `npm start` serves.
      command: `npx vite --port ${devPort} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${devPort}`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
});
