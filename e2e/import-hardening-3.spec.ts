// Nothing lost in the browser (repro/hardening-3): a file with 150,000 bad lines keeps its good
// records and its report; an id already stored never replaces a different trajectory or moves a
// label; OTLP spans in parent cycles or an 8,000-deep chain import; annotations for records that
// are not here are reported, not stored; a 100,000-character id opens from a short link; the
// annotator's name is written to IndexedDB the moment it is set.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { chainTrace, otlpRequestText } from '../app/testing/otlp-traces';
import { expect, importFiles, openApp, SHARED, tableSettled, test } from './fixtures';

const REPRO = resolve(SHARED, 'repro/hardening-3');

/** Imports one file and returns its job's report, once it says `imported`. */
async function imported(page: Page, file: string, text: string | RegExp) {
  await importFiles(page, file);
  const report = page.getByTestId('import-job').first().getByTestId('import-report');
  await expect(report).toContainText(text, { timeout: 120_000 });
  return report;
}

async function setAnnotator(page: Page, name: string): Promise<void> {
  await page.locator('#annotator-name').fill(name);
  await page.locator('#annotator-name').press('Enter');
  await expect(page.locator('#annotator-name')).toHaveCount(0);
}

test('150,000 bad lines: the good records import and the report is kept, capped with a count', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openApp(page);
  const report = await imported(
    page,
    resolve(REPRO, '10-150k-bad-lines-browser-import-fails.jsonl'),
    /10 of [\d,]+ records imported/,
  );
  await expect(page.getByTestId('import-job').first()).not.toContainText('Import failed');
  await expect(report.locator('.errors li').last()).toContainText(
    /and 149950 more \(the report keeps the first 1000; 149000 more were counted\)/,
  );
  await page.locator('.history summary').click();
  await expect(page.getByTestId('import-history')).toContainText('report (150000)');
});

test('ids already stored: the newcomer is stored beside, reported, and the label stays on its step', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page, '#/t/demo-qagent/2');
  const question = await page.getByTestId('question').textContent();
  await setAnnotator(page, 'ada');
  await page.keyboard.press('1');
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);

  await page.goto('/#/');
  const report = await imported(
    page,
    resolve(REPRO, '11-demo-id-collision-silently-replaces.jsonl'),
    '3 of 3 records imported',
  );
  await expect(report.locator('.errors')).toContainText(
    'warning: 11-demo-id-collision-silently-replaces.jsonl, line 3, field id: id "demo-qagent" already holds a different stored trajectory',
  );
  await expect(report.locator('.errors')).toContainText('stored as "demo-qagent~2"');
  await page.keyboard.press('Escape');

  await page.goto('/#/t/demo-qagent/2');
  await expect(page.getByTestId('question')).toHaveText(question ?? '');
  await expect(page.getByTestId('step').filter({ has: page.getByTestId('step-label') })).toHaveCount(1);
  await page.goto('/#/t/demo-qagent~2');
  await expect(page.getByTestId('question')).not.toHaveText(question ?? '');
  await expect(page.getByTestId('step-label')).toHaveCount(0);
});

test('OTLP spans in a parent cycle, their own parent, or an 8,000-deep chain import', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await openApp(page);
  let report = await imported(
    page,
    resolve(REPRO, '02-otlp-span-parent-cycle.json'),
    '1 of 1 record imported',
  );
  await expect(report.locator('.errors')).toContainText(
    "are each other's parents; it is imported under the root span",
  );
  await page.keyboard.press('Escape');
  report = await imported(page, resolve(REPRO, '02b-otlp-span-self-parent.json'), '1 of 1 record imported');
  await expect(report.locator('.errors')).toContainText(
    'is its own parent; it is imported under the root span',
  );
  await page.keyboard.press('Escape');
  const deep = info.outputPath('deep-chain.otlp.json');
  writeFileSync(deep, otlpRequestText(chainTrace(8000)));
  report = await imported(page, deep, '1 of 1 record imported');
  await expect(report.locator('.errors')).toHaveCount(0);
});

test('annotations for a trajectory or step that is not stored are reported, not stored', async ({ page }) => {
  await openApp(page);
  await page
    .getByTestId('annotation-file')
    .setInputFiles(resolve(REPRO, '12-annotations-for-missing-trajectories-stored.jsonl'));
  const toast = page.locator('.toast');
  await expect(toast).toContainText('Imported 1 annotations');
  await expect(toast).toContainText('2 not imported');
  await expect(toast).toContainText(
    'line 1 (trajectoryId): no stored trajectory has id "no-such-trajectory"',
  );
});

test('a 100,000-character id opens from a short link that survives a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await openApp(page);
  await imported(page, resolve(REPRO, '13-100k-char-id-cannot-be-opened.jsonl'), '1 of 1 record imported');
  await page.keyboard.press('Escape');
  const box = page.getByLabel('Search trajectories');
  await box.fill('third letter of the top level domain of the military');
  await box.press('Enter');
  await tableSettled(page);
  await expect(page.locator('.tbody .tr')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('question')).toContainText('third letter of the top level domain');
  expect(page.url()).toMatch(/#\/t\/~link-[0-9a-z]+/);
  expect(page.url().length).toBeLessThan(200);
  await page.reload();
  await expect(page.getByTestId('question')).toContainText('third letter of the top level domain');
});

test("the annotator's name is written to IndexedDB as it is set, and comes back without any label", async ({
  page,
}) => {
  await openApp(page, '#/t/demo-qagent/2');
  await setAnnotator(page, 'grace');
  // Written to IndexedDB as it was set (read by another connection, after the write began).
  const stored = await page.evaluate(
    () =>
      new Promise<unknown>((done, fail) => {
        const open = indexedDB.open('hopscope');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get('annotator');
          get.onsuccess = () => {
            done(get.result);
            open.result.close();
          };
        };
      }),
  );
  expect(stored).toBe('grace');
  // localStorage lost (a browser killed before it flushed): the name comes back, no label needed.
  await page.evaluate(() => localStorage.removeItem('hopscope.annotator'));
  await page.reload();
  await expect(page.getByTestId('question')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('hopscope.annotator'))).toBe('grace');
  await expect(page.locator('#annotator-name')).toHaveCount(0);
});
