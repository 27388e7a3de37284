// `npm run bench -- flashrag-import [--json] [--records 20000] [--profile FILE]`: issue 37's large
// FlashRAG figure, in headless Chromium (production build, on-disk profiles). A FlashRAG
// `intermediate_data.json` of `--records` elements (20,000 ≈ 119 MB: app/testing/flashrag-array.ts
// repeats the shared Search-R1-through-FlashRAG log's 125 records) imported through the Import
// dialog, against the storage floor measured in the same run on the same records. Recorded:
//  - floor_per_s: the array's parsed records put into IndexedDB, 1,000 a transaction, in a page
//    running no app (bench/put-floor.ts; parsing not timed);
//  - import_per_s: records a second from picking the file until its report shows and the table
//    lists every record; import_over_floor = import_per_s ÷ floor_per_s (target ≥ 0.5);
//  - tenths_s: the time each tenth of the records took to be read (the import's "N records" count),
//    and last_tenth_over_first: a cost per record that grows with what is stored makes it > 1;
//    tail_s: from the count reaching every record to the table listing them all;
//  - import_max_task_ms: the longest main-thread task during the import (longtask, ≥ 50 ms only).
// `--profile FILE` builds unminified and writes a CPU profile of every thread during the import
// (bench/cpu-profile.ts). Progress goes to stderr; with --json the last line is one JSON object.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { flashragArrayChunks, flashragElements, writeFlashragArray } from '../app/testing/flashrag-array';
import { withBenchBrowser } from './browser';
import { startCpuProfile } from './cpu-profile';
import { putFloor } from './put-floor';
import { flag, note, round } from './util';

const SOURCE = resolve(
  '..',
  'shared',
  'data',
  'trajectories',
  'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json',
);

type BenchWindow = Window & { __long: number[]; __counts: Array<{ n: number; at: number }> };

/** Records the longest tasks and each change of the import job's "N records" count, with its time. */
async function watch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.__long = [];
    w.__counts = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push(e.duration))).observe({
      type: 'longtask',
    });
    let last = -1;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="import-job"] .muted')?.textContent ?? '';
      const n = Number((text.match(/([\d,]+) records?\b/)?.[1] ?? '-1').replace(/,/g, ''));
      if (n > last) w.__counts.push({ n, at: performance.now() });
      last = Math.max(last, n);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * Seconds each tenth of `total` records took, from the count the page showed, and the tail: from
 * the count reaching `total` to `end` (the report and the table catching up).
 */
async function tenthTimes(
  page: Page,
  total: number,
  t0: number,
  end: number,
): Promise<{ tenths: number[]; tail: number }> {
  return page.evaluate(
    ({ total, t0, end }) => {
      const w = window as unknown as BenchWindow;
      const at = [t0];
      for (let t = 1; t <= 10; t++) at.push(w.__counts.find((c) => c.n >= (total * t) / 10)?.at ?? end);
      const tenths = at.slice(1).map((x, i) => (x - (at[i] ?? x)) / 1000);
      return { tenths, tail: (end - (at[10] ?? end)) / 1000 };
    },
    { total, t0, end },
  );
}

async function rowCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('row-count').textContent()) ?? '';
  return Number((text.match(/([\d,]+) trajector/)?.[1] ?? '0').replace(/,/g, ''));
}

/** The array's records as JSONL files of 1,000 each, for the put floor (which reads JSONL). */
function floorParts(dir: string, source: string[], n: number): string[] {
  const records = JSON.parse([...flashragArrayChunks(source, n)].join('')) as unknown[];
  mkdirSync(dir);
  const files: string[] = [];
  for (let i = 0; i < records.length; i += 1000) {
    const f = join(dir, `${i / 1000}.jsonl`);
    writeFileSync(
      f,
      `${records
        .slice(i, i + 1000)
        .map((r) => JSON.stringify(r))
        .join('\n')}\n`,
    );
    files.push(f);
  }
  return files;
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const n = Number(flag(args, 'records') ?? 20_000);
  const profileFile = flag(args, 'profile');
  const dir = mkdtempSync(join(tmpdir(), 'hopscope-flashrag-bench-'));
  try {
    const sourceText = readFileSync(SOURCE, 'utf8');
    const file = join(dir, 'intermediate_data.json');
    const bytes = await writeFlashragArray(sourceText, n, file);
    note(`wrote ${n} FlashRAG records, ${(bytes / 1e6).toFixed(1)} MB, to ${file}`);
    const parts = floorParts(join(dir, 'floor'), flashragElements(sourceText), n);
    const out = await withBenchBrowser(
      'index.html',
      async (b) => {
        note(`storage floor: bare puts of the ${n} records…`);
        const floor = await putFloor(b, parts);
        note(`floor ${round(floor.records / floor.seconds, 0)} records/s`);
        const page = await b.newPage('/#/');
        await page.getByTestId('row-count').waitFor({ timeout: 120_000 });
        await page.getByText('Loading demo set…').waitFor({ state: 'detached', timeout: 120_000 });
        const before = await rowCount(page);
        const box = await page.getByRole('button', { name: 'Import…' }).boundingBox();
        if (!box) throw new Error('no Import… button on the page');
        await watch(page);
        const profile = profileFile ? await startCpuProfile(await page.context().newCDPSession(page)) : null;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        const t0 = await page.evaluate(() => performance.now());
        const w0 = Date.now();
        await page.getByTestId('import-file').setInputFiles(file);
        note('importing through the Import dialog…');
        await page.getByTestId('import-report').waitFor({ timeout: 3 * 3_600_000 });
        const reportS = (Date.now() - w0) / 1000;
        const report = (await page.getByTestId('import-report').textContent()) ?? '';
        const imported = Number((report.match(/: ([\d,]+) of/)?.[1] ?? '0').replace(/,/g, ''));
        if (imported !== n) throw new Error(`${imported} of ${n} imported: ${report.slice(0, 300)}`);
        note(`report after ${reportS.toFixed(1)} s; waiting for the table to list every record…`);
        while ((await rowCount(page)) < before + n) {
          if (Date.now() - w0 > 3 * 3_600_000) throw new Error('the table never listed every record');
          await page.waitForTimeout(100);
        }
        const seconds = (Date.now() - w0) / 1000;
        const end = await page.evaluate(() => performance.now());
        if (profile && profileFile) {
          const summary = (await profile.stop()).summary();
          writeFileSync(profileFile, JSON.stringify(summary, null, 1));
          for (const t of summary.threads) {
            note(`profile: ${t.thread}: ${(t.busy_ms / 1000).toFixed(1)} s busy; by self time:`);
            for (const f of t.self.slice(0, 12))
              note(`  ${(f.share * 100).toFixed(1)} %  ${f.ms} ms  ${f.fn}`);
          }
          note(`profile written to ${profileFile}`);
        }
        const { tenths, tail } = await tenthTimes(page, n, t0, end);
        const tasks = await page.evaluate(() => (window as unknown as BenchWindow).__long);
        await page.context().close();
        return { floor, reportS, seconds, tenths, tail, tasks };
      },
      { prod: true, diskProfile: true, unminified: profileFile !== undefined },
    );
    const floorRate = out.floor.records / out.floor.seconds;
    const importRate = n / out.seconds;
    const result = {
      records: n,
      mb: round(bytes / 1e6, 1),
      floor_per_s: round(floorRate, 0),
      report_s: round(out.reportS, 1),
      import_s: round(out.seconds, 1),
      import_per_s: round(importRate, 0),
      import_over_floor: round(importRate / floorRate, 3),
      tenths_s: out.tenths.map((t) => round(t, 1)),
      tail_s: round(out.tail, 1),
      last_tenth_over_first: round((out.tenths.at(-1) ?? 0) / (out.tenths[0] ?? 1), 2),
      import_max_task_ms: round(Math.max(0, ...out.tasks), 0),
      import_tasks_over_100ms: out.tasks.filter((t) => t > 100).length,
      target_import_over_floor: 0.5,
    };
    console.log(
      `${n} FlashRAG records (${result.mb} MB): import ${result.import_per_s}/s (${result.import_s} s) ÷ floor ` +
        `${result.floor_per_s}/s = ${result.import_over_floor} (target ≥ 0.5); last tenth ÷ first = ` +
        `${result.last_tenth_over_first}; longest task ${result.import_max_task_ms} ms`,
    );
    if (json) console.log(JSON.stringify(result));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
