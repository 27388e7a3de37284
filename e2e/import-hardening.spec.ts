// A sample of the hardening reproducers and generated hostile files through the browser import
// (worker → IndexedDB): every good record is stored, every bad one is reported on its line, the
// same as the CLI reader (app/cli/repro.test.ts, app/core/importers/fuzz.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, importFiles, openApp, SHARED, test } from './fixtures';

const REPRO = resolve(SHARED, 'repro/hardening');

/** UTF-16 LE with its BOM, CR-only line endings: the encodings the reader must recognise. */
function utf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

test('reproducers import every good record and report each bad one on its line', async ({ page }, info) => {
  test.setTimeout(180_000);
  await openApp(page);
  const cases: Array<[string, string, RegExp?]> = [
    ['01-text-preamble-swallows-jsonl.jsonl', '10 of 11 records imported', /line 1: invalid JSON/],
    [
      '03-hopscope-duplicate-id-overwrites.jsonl',
      '9 of 10 records imported',
      /line 7, field id: 1 duplicate of id/,
    ],
    [
      '04b-json-array-truncated-loses-all-line1.json',
      '9 of 10 records imported',
      /line 209: the file ends inside/,
    ],
    [
      '05-deep-params-fails-whole-import.jsonl',
      '9 of 10 records imported',
      /line 1, field agent\.params.*nested deeper/,
    ],
    ['12-cr-only-line-endings.jsonl', '10 of 10 records imported'],
    [
      '09-export-with-annotations-reimport-drops-them.jsonl',
      '34 of 34 records imported, 3 annotations restored',
    ],
  ];
  for (const [file, imported, issue] of cases) {
    await importFiles(page, resolve(REPRO, file));
    const job = page.getByTestId('import-job').first();
    await expect(job).toContainText(file);
    const report = job.getByTestId('import-report');
    await expect(report).toContainText(imported, { timeout: 60_000 });
    if (issue) await expect(report.locator('.errors')).toContainText(issue);
    await page.keyboard.press('Escape');
  }
  // Generated: UTF-16 LE with a BOM and CR-only endings, with a prose line and a bare string.
  const lines = readFileSync(resolve(REPRO, '08-r1_10.jsonl'), 'utf8').trim().split('\n');
  const hostile = info.outputPath('hostile-utf16.jsonl');
  writeFileSync(hostile, utf16(['# run 7', lines[0], '"just a string"', lines[1], lines[2]].join('\r')));
  await importFiles(page, hostile);
  const report = page.getByTestId('import-job').first().getByTestId('import-report');
  await expect(report).toContainText('3 of 5 records imported');
  await expect(report.locator('.errors li')).toHaveText([
    /line 1: invalid JSON/,
    /line 3: expected a JSON object, got a string/,
  ]);
  await page.screenshot({ path: '/tmp/imports-report.png' });
});

test('a cancelled import keeps its report in Earlier imports', async ({ page }, info) => {
  test.setTimeout(180_000);
  await openApp(page);
  // Big enough that Cancel lands mid-way: the R1 reproducer repeated with distinct questions.
  const lines = readFileSync(resolve(REPRO, '08-r1_10.jsonl'), 'utf8').trim().split('\n');
  const out: string[] = [];
  for (let copy = 0; copy < 1000; copy++)
    for (const l of lines) {
      const r = JSON.parse(l) as { question: string };
      r.question = `${r.question} [copy ${copy}]`;
      out.push(JSON.stringify(r));
    }
  const path = info.outputPath('cancel-me.jsonl');
  writeFileSync(path, `${out.join('\n')}\n`);
  await importFiles(page, path);
  const job = page.getByTestId('import-job').first();
  await expect(job).not.toContainText('· 0 records', { timeout: 60_000 });
  await job.getByRole('button', { name: 'Cancel' }).click();
  await expect(job).toContainText('Cancelled', { timeout: 30_000 });
  const history = page.getByTestId('import-history');
  await expect(history).toBeVisible();
  await expect(history.locator('li').first()).toContainText(
    /cancel-me\.jsonl — search-r1, \d+\/\d+ imported \(cancelled: by the user after \d+ imported\)/,
  );
  await page.screenshot({ path: '/tmp/imports-cancelled.png' });
});
