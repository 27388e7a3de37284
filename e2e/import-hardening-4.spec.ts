// What repro/hardening-4 found in the browser: a rename lost to a killed browser (the older name
// localStorage had flushed came back), good records after 1,500 noise lines never imported, and a
// step file whose samples name another step summarized without a word.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { expect, importFiles, openApp, SHARED, test } from './fixtures';

const REPRO = resolve(SHARED, 'repro/hardening-4');

/** The browser's main process for a profile (the one without a --type= of its own). */
function browserPid(dir: string): number {
  for (const pid of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (argv.includes(`--user-data-dir=${dir}`) && !argv.some((a) => a.startsWith('--type=')))
      return Number(pid);
  }
  throw new Error(`no chromium process runs on ${dir}`);
}

/** Whether localStorage's files on disk hold `text` (Chromium writes it to its LevelDB lazily). */
function localStorageOnDisk(dir: string, text: string): boolean {
  const db = join(dir, 'Default', 'Local Storage', 'leveldb');
  try {
    return readdirSync(db).some((f) => readFileSync(join(db, f)).includes(Buffer.from(text, 'latin1')));
  } catch {
    return false;
  }
}

async function launch(
  dir: string,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    ...(baseURL ? { baseURL } : {}),
    viewport: { width: 1440, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

async function rename(page: Page, name: string): Promise<void> {
  await page.locator('.annotator').click();
  await page.getByLabel('Annotator name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  // Confirmed only once IndexedDB has it on disk.
  await expect(page.locator('.annotator')).toHaveText(`✎ ${name}`);
}

test('a rename survives a browser killed right after it, and the next labels are signed with it', async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'hopscope-rename-kill-'));
  let { context, page } = await launch(dir, baseURL);
  try {
    await openApp(page, '#/t/demo-qagent');
    await rename(page, 'alice');
    // The old name must be on disk in localStorage, as after any pause of a few seconds.
    await expect.poll(() => localStorageOnDisk(dir, 'alice'), { timeout: 60_000 }).toBe(true);
    await rename(page, 'bob');
    process.kill(browserPid(dir), 'SIGKILL');
    await context.close().catch(() => undefined);

    ({ context, page } = await launch(dir, baseURL));
    await openApp(page, '#/t/demo-qagent');
    await expect(page.locator('.annotator')).toHaveText('✎ bob');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hopscope.annotator'))).toBe('bob');
    // A label made now is signed "bob".
    await expect(page.getByTestId('timeline')).toBeVisible();
    await page.keyboard.press('j');
    await page.keyboard.press('1');
    await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
    const signers = await page.evaluate(
      () =>
        new Promise<string[]>((done, fail) => {
          const open = indexedDB.open('hopscope');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('annotations').objectStore('annotations').getAll();
            all.onsuccess = () => {
              done((all.result as Array<{ annotator: string }>).map((a) => a.annotator));
              open.result.close();
            };
          };
        }),
    );
    expect(signers).toEqual(['bob']);
  } finally {
    await context.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a step file whose samples name another step: imported under their own step, with a warning', async ({
  page,
}) => {
  await page.goto('/#/training');
  await expect(page.getByTestId('training-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('training-run-name').fill('steps');
  await page
    .getByTestId('training-folder-input')
    .setInputFiles(resolve(REPRO, '04-step-field-contradicts-file-name'));
  const result = page.getByTestId('training-import-result');
  await expect(result).toContainText('2 samples imported', { timeout: 60_000 });
  const warnings = page.getByTestId('training-import-warnings');
  await warnings.locator('summary').click();
  await expect(warnings).toContainText(
    'steps/8.jsonl, line 1, field step: the sample says step 9 (field step), its file name steps/8.jsonl says step 8; read as step 9',
  );
  await expect(warnings).toContainText('2 records, the first at line 1, the last at line 2');
});

test('1,500 noise records before 10 good ones: the 10 import, the noise is counted in the report', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, resolve(REPRO, '01-1500-unrecognised-lines-then-10-good.jsonl'));
  const report = page.getByTestId('import-job').first().getByTestId('import-report');
  await expect(report).toContainText(/10 of 1,?510 records imported/, { timeout: 60_000 });
  await expect(report).toContainText(
    '500 records (lines 1–500) came before the first records a format recognises',
  );
});
