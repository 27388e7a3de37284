import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = 4317;

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
  webServer: {
    // Built once and served by vite preview: the production bundle is what users get.
    command: `npx vite build && npx vite preview --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    env: { HOPSCOPE_MODELS_DIR: resolve('..', 'shared', 'models') },
  },
});
