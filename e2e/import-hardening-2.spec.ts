// The hardening-2 reproducers through the browser import (worker → IndexedDB): the same counts
// and the same report lines as the CLI reader (app/cli/repro-hardening-2.test.ts), each issue on
// its own line and the counts adding up to the file's records.
import { resolve } from 'node:path';
import { expect, importFiles, openApp, SHARED, test } from './fixtures';

const REPRO = resolve(SHARED, 'repro/hardening-2');

test('hardening-2 reproducers import every good record and report every bad line or element', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page);
  const cases: Array<[string, string, RegExp[]]> = [
    [
      '01-double-encoded-lines.jsonl',
      'search-r1: 3 of 3 records imported',
      [/^warning: .*, line 1: this record is a JSON string holding the record's JSON \(encoded twice\)/],
    ],
    [
      '02-broken-first-lines-swallow-good.jsonl',
      'search-r1: 2 of 7 records imported',
      [1, 2, 3, 5, 6].map((n) => new RegExp(`, line ${n}: invalid JSON`)),
    ],
    [
      '03-array-element-cut-swallows-rest.json',
      'flashrag: 3 of 4 records imported',
      [/, line 25: record cut off: the next record starts inside it; skipped, reading on at line 32$/],
    ],
    ['04-two-concatenated-arrays.json', 'flashrag: 4 of 4 records imported', []],
    [
      '05-bare-json-string-file.json',
      '0 of 1 record imported',
      [/, line 1: expected a JSON object, got a string \("<search>x<\/search>"\)/],
    ],
    [
      '06-nul-only-line.jsonl',
      'search-r1: 2 of 2 records imported',
      [/^warning: .*, line 2: the line holds only NUL/],
    ],
  ];
  for (const [file, imported, issues] of cases) {
    await importFiles(page, resolve(REPRO, file));
    const job = page.getByTestId('import-job').first();
    await expect(job).toContainText(file);
    const report = job.getByTestId('import-report');
    await expect(report).toContainText(imported, { timeout: 60_000 });
    await expect(report.locator('.errors li')).toHaveText(issues);
    await page.keyboard.press('Escape');
  }
  await page.screenshot({ path: '/tmp/imports-hardening-2.png' });
});
