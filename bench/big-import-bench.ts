// `npm run bench -- big-import [--json] [--mb 100] [--profile FILE]`: issue 37's "hover and click
// stay responsive during big imports" for one big log, in headless Chromium (production build,
// on-disk profile). The real R1-Searcher log repeated to `--mb` MiB (app/testing/repeated-r1-log,
// the file e2e/large-import.spec.ts imports) goes through the Trajectories table's Import dialog.
// Recorded, from picking the file until the table lists every record:
//  - report_s: until the import's report shows; import_s: until the table's count has every record;
//  - max_frame_gap_ms: the longest gap between animation frames (the e2e bounds it at 1 s);
//  - max_task_ms, tasks_over_100ms: the longest main-thread task (PerformanceObserver longtask,
//    50 ms and more only, so 0 means none over 50 ms) and how many passed the 100 ms;
//  - busy_over_50ms_s: the summed time of those long tasks (the page's thread unavailable to input).
// `--profile FILE` builds the app unminified and writes a CPU profile of every thread during the
// import (bench/cpu-profile.ts), each main-thread task of 100 ms and more with what ran in it.
// Progress goes to stderr; with --json the last line of stdout is one JSON object.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { writeRepeatedR1Log } from '../app/testing/repeated-r1-log';
import { withBenchBrowser } from './browser';
import { startCpuProfile, writeProfile } from './cpu-profile';
import { R1_LOG } from './ui-data';
import { flag, note, round } from './util';

type BenchWindow = Window & { __long: number[]; __maxGap: number };

/** Records every long task and the longest gap between animation frames from now on. */
async function watch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow & { __last: number };
    w.__long = [];
    w.__maxGap = 0;
    w.__last = performance.now();
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push(e.duration))).observe({
      type: 'longtask',
    });
    const tick = (t: number) => {
      w.__maxGap = Math.max(w.__maxGap, t - w.__last);
      w.__last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The table's count, read with one querySelector (a locator's own work is a long task under load). */
async function rowCount(page: Page): Promise<number> {
  const text = await page.evaluate(
    () => document.querySelector('[data-testid="row-count"]')?.textContent ?? '',
  );
  return Number((text.match(/([\d,]+) trajector/)?.[1] ?? '0').replace(/,/g, ''));
}

async function reportText(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('[data-testid="import-report"]')?.textContent ?? null);
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const mb = Number(flag(args, 'mb') ?? 100);
  const profileFile = flag(args, 'profile');
  const dir = mkdtempSync(join(tmpdir(), 'hopscope-big-import-'));
  const load = loadavg()[0]!;
  try {
    const file = join(dir, 'big.jsonl');
    const records = writeRepeatedR1Log(readFileSync(R1_LOG, 'utf8'), file, mb);
    note(`wrote ${records} R1-Searcher records (${mb} MiB) to ${file}; load ${load.toFixed(1)}`);
    const out = await withBenchBrowser(
      'index.html',
      async (b) => {
        const page = await b.newPage('/#/');
        await page.getByTestId('row-count').waitFor({ timeout: 120_000 });
        await page.getByText('Loading demo set…').waitFor({ state: 'detached', timeout: 120_000 });
        const before = await rowCount(page);
        await page.getByRole('button', { name: 'Import…' }).click();
        await watch(page);
        const profile = profileFile ? await startCpuProfile(await page.context().newCDPSession(page)) : null;
        const w0 = Date.now();
        await page.getByTestId('import-file').setInputFiles(file);
        note('importing through the Import dialog…');
        let report = await reportText(page);
        while (report === null) {
          if (Date.now() - w0 > 3_600_000) throw new Error('no import report after an hour');
          await page.waitForTimeout(250);
          report = await reportText(page);
        }
        const reportS = (Date.now() - w0) / 1000;
        if (!report.includes(`${records.toLocaleString('en-US')} of`) && !report.includes(`${records} of`))
          throw new Error(`not every record imported: ${report.slice(0, 300)}`);
        note(`report after ${reportS.toFixed(1)} s; waiting for the table to list every record…`);
        await page.keyboard.press('Escape');
        let told = Date.now();
        for (let n = await rowCount(page); n < before + records; n = await rowCount(page)) {
          if (Date.now() - w0 > 3_600_000) throw new Error('the table never listed every record');
          if (Date.now() - told > 10_000) {
            note(`the table lists ${n} of ${before + records} rows`);
            told = Date.now();
          }
          await page.waitForTimeout(100);
        }
        const seconds = (Date.now() - w0) / 1000;
        note(`the table lists every record after ${seconds.toFixed(1)} s`);
        if (profile && profileFile) {
          note('ending the trace (Chromium sends the whole of it now: minutes for a long import)…');
          await writeProfile(profile, profileFile);
        }
        const seen = await page.evaluate(() => {
          const w = window as unknown as BenchWindow;
          return { tasks: w.__long, gap: w.__maxGap };
        });
        await page.context().close();
        return { reportS, seconds, ...seen };
      },
      { prod: true, diskProfile: true, unminified: profileFile !== undefined },
    );
    const result = {
      mb,
      records,
      load_1min: round(load, 1),
      report_s: round(out.reportS, 1),
      import_s: round(out.seconds, 1),
      max_frame_gap_ms: round(out.gap, 0),
      max_task_ms: round(Math.max(0, ...out.tasks), 0),
      tasks_over_100ms: out.tasks.filter((t) => t > 100).length,
      busy_over_50ms_s: round(out.tasks.reduce((s, t) => s + t, 0) / 1000, 1),
      target_max_task_ms: 100,
    };
    console.log(
      `${records} records (${mb} MiB): report ${result.report_s} s, table ${result.import_s} s; longest ` +
        `frame gap ${result.max_frame_gap_ms} ms, longest task ${result.max_task_ms} ms (target ≤ 100), ` +
        `${result.tasks_over_100ms} tasks over 100 ms (load ${result.load_1min})`,
    );
    if (json) console.log(JSON.stringify(result));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
