// Shared e2e fixture: every test records all requests (pages and workers) and fails if any
// left this machine — the app must never reach a CDN or a model hub on its own.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { writeRepeatedR1Log } from '../app/testing/repeated-r1-log';

export const SHARED = resolve(import.meta.dirname, '..', '..', 'shared');
export const R1_LOG = resolve(SHARED, 'data/trajectories/r1searcher_bamboogle_qwen.jsonl');
export const FLASHRAG_LOG = resolve(
  SHARED,
  'data/trajectories/searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json',
);
export const DEMO_ROWS = 14;

// file: is a page opened from disk (the HTML report): it leaves nothing.
export const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|blob:|data:|about:|file:)/;

export const test = base.extend<{ remoteRequests: string[] }>({
  remoteRequests: [
    async ({ context }, use) => {
      const remote: string[] = [];
      context.on('request', (r) => {
        if (!LOCAL.test(r.url())) remote.push(r.url());
      });
      await use(remote);
      expect(remote, 'requests that left the machine').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * The real R1-Searcher log repeated to `mib` MiB at `path`, each copy with its own questions so
 * rows differ; returns the record count.
 */
export function repeatedR1Log(path: string, mib: number): number {
  return writeRepeatedR1Log(readFileSync(R1_LOG, 'utf8'), path, mib);
}

/** Opens the app on a fresh profile and waits for the bundled demo to be stored. */
export async function openApp(page: Page, hash = '#/'): Promise<void> {
  await page.goto(`/${hash}`);
  // Generous: the first page load builds the demo set, slow on a busy 2-core machine.
  await expect(page.getByTestId('row-count').or(page.getByTestId('question'))).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Loading demo set…')).toHaveCount(0, { timeout: 30_000 });
}

export async function importFiles(page: Page, files: Parameters<Page['setInputFiles']>[1]): Promise<void> {
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByTestId('import-file').setInputFiles(files);
}

export const MUSIQUE_DEV = resolve(SHARED, 'data/musique/dev_subset.jsonl');

export interface MusiqueRecord {
  question: string;
  answer: string;
  paragraphs: Array<{ title: string; paragraph_text: string; is_supporting: boolean }>;
  question_decomposition: Array<{ question: string }>;
}

/** Question `i` (0-based line) of the shared MuSiQue dev subset. */
export function musiqueRecord(i = 0): MusiqueRecord {
  return JSON.parse(readFileSync(MUSIQUE_DEV, 'utf8').split('\n')[i]!) as MusiqueRecord;
}

/** Loads the shared MuSiQue dev subset (181 questions) as a question set on the Corpus page. */
export async function loadMusiqueQuestions(page: Page): Promise<void> {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('load-dataset').click();
  await page.getByTestId('dataset-file').setInputFiles(MUSIQUE_DEV);
  await expect(page.getByTestId('dataset-format')).toContainText('MuSiQue');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  // A clean load closes the dialog and says what came in.
  await expect(page.getByRole('status')).toContainText('181 questions', { timeout: 60_000 });
}

/** Opens the table, imports a one-record log and opens that trajectory (found by its question). */
export async function importOneAndOpen(page: Page, log: string, question: string): Promise<void> {
  await page.goto('/#/');
  await openApp(page);
  await importAndClose(page, log, '1 of 1 record imported', 30_000);
  await page.keyboard.press('/');
  await page.keyboard.type(question.slice(0, 40));
  await page.getByTestId('trajectory-row').first().click();
}

/** A search of an R1-Searcher record: its query and the one passage it brought back. */
export type R1Hop = [query: string, title: string, text: string];

/** An R1-Searcher record (its `gen_text_store` format): each hop a query and its one passage, then the answer (`said`, the gold unless given). */
export function r1SearcherRecord(question: string, answer: string, hops: readonly R1Hop[], said = answer) {
  const body = hops
    .map(
      ([q, title, text]) =>
        `Next I search. <|begin_of_query|> ${q}<|end_of_query|>\n\n<|begin_of_documents|>\n(1)Title: ${title} Text: ${text}\n<|end_of_documents|>\n\n`,
    )
    .join('');
  return {
    question,
    answer,
    gen_text_store: `${body}So the answer is clear.</think>\n\n<answer> ${said} </answer>`,
  };
}

/** A JSONL file of `records`, one per line, for setInputFiles. */
export function jsonlFile(name: string, records: readonly unknown[]) {
  return {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(records.map((r) => JSON.stringify(r)).join('\n')),
  };
}

/**
 * Imports `files`, waits for the (last) import report to say `imported` — by default every record
 * of a shared 125-record log — and closes the dialog.
 */
export async function importAndClose(
  page: Page,
  files: Parameters<Page['setInputFiles']>[1],
  imported = '125 of 125 records imported',
  timeout = 60_000,
): Promise<void> {
  await importFiles(page, files);
  await expect(page.getByTestId('import-report').last()).toContainText(imported, { timeout });
  await page.keyboard.press('Escape');
}

/**
 * Points the model settings at an OpenAI-compatible server: the Run page's (scope: the page, on
 * #/run) or a fork panel's. `blur` moves focus on, as a user leaving the model field does.
 */
export async function chooseServer(
  scope: Page | Locator,
  url: string,
  model: string,
  { blur = false }: { blur?: boolean } = {},
): Promise<void> {
  await scope.getByTestId('backend-http').click();
  await scope.getByTestId('http-url').fill(url);
  await scope.getByTestId('http-model').fill(model);
  if (blur) await scope.getByTestId('http-model').press('Tab');
}

/** Searches the table for `text` (the '/' key) and opens the first trajectory that matches. */
export async function openFirstMatch(page: Page, text: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.getByTestId('trajectory-row').first().click();
}

/** Narrows the table to the one trajectory `search` finds (e.g. "file.jsonl:52") and opens its timeline. */
export async function openOnlyMatch(page: Page, search: string): Promise<void> {
  const box = page.getByLabel('Search trajectories');
  await box.fill(search);
  await box.press('Enter');
  await tableSettled(page);
  await expect(page.locator('.tbody .tr')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('timeline')).toBeVisible();
}

/**
 * Waits until the table shows the view of the current filters and sort (computed in the table
 * worker) with every row on screen fetched: read rows after this, not right after a change.
 */
export async function tableSettled(page: Page): Promise<void> {
  await expect(page.locator('.table[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.tbody .tr.placeholder')).toHaveCount(0);
}

export async function rowCount(page: Page): Promise<string> {
  await tableSettled(page);
  return (await page.getByTestId('row-count').textContent()) ?? '';
}

type LongTaskWindow = Window & { __long: number[] };

/** Starts recording the page's long main-thread tasks (PerformanceObserver 'longtask'), in ms. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as LongTaskWindow;
    w.__long = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push(e.duration))).observe({
      type: 'longtask',
    });
  });
}

/** Forgets the long tasks recorded so far (before the action to measure). */
export async function clearLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as LongTaskWindow).__long = []));
}

/** The durations of the long tasks recorded since the last watch or clear. */
export async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as LongTaskWindow).__long);
}

/** Exports the annotations (Export ▾ → Annotations (JSONL)) and reads the downloaded file's records. */
export async function exportedAnnotations<T = Record<string, unknown>>(page: Page): Promise<T[]> {
  await page.getByRole('button', { name: /Export/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Annotations (JSONL)', exact: true }).click();
  let text = '';
  for await (const chunk of await (await download).createReadStream()) text += chunk;
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as T);
}
