// `npm run bench -- training [--json] [--steps 200] [--per-step 512] [--floor-files 20]
//  [--small-files 5000] [--no-plot] [--unminified] [--cpu-throttle N]`: issue 37's figures for a training run, in headless Chromium
// (production build, on-disk profiles) on runs from app/testing's generator (`--steps` step files of
// `--per-step` samples; `--samples` is the old name of `--per-step`). Recorded, in one run:
//  - floor_per_s: a bare IndexedDB put of the parsed records of the first `--floor-files` files,
//    1,000 a transaction, in a page of the same browser (parsing not timed): the storage floor;
//  - import_per_s: samples a second from picking the folder on the Training page until every sample
//    is plotted and the import's result shows; import_over_floor = import_per_s ÷ floor_per_s;
//  - stored_over_source: the origin's storage use the import added (navigator.storage.estimate)
//    ÷ the step files' bytes (the issue's target: ≤ 1.5);
//  - last20_over_first20: the time of the last 20 step files ÷ the first 20 (each file's time runs
//    from the page naming it "Importing … (k of n)" to naming the next, or to the result);
//  - import_max_task_ms / plot_max_task_ms: the longest main-thread task (PerformanceObserver
//    longtask, 50 ms and more only, so 0 means none over 50 ms) during the import, and while the
//    reopened page plots every step and every plot is hovered and walked with the keyboard;
//  - import_long_tasks / plot_long_tasks: where and what those tasks are (bench/long-tasks.ts): the
//    10 longest with their seconds into the phase, the samples plotted when seen and the longest
//    script of the Long Animation Frames overlapping them, and the count over 100 ms per tenth of
//    the phase; each over 500 ms is noted to stderr as it is seen (`--unminified` keeps names;
//    `--cpu-throttle N` slows the import page's main thread N times, to find what grows long);
//  - small_files: `--small-files` one-sample step files from ../shared/repro/hardening-4's
//    make-large.mjs (its first N of 5,000) imported through the page, ÷ `npm run cli --
//    run-summary` on the same folder (page_over_cli), with each tenth of the files' time
//    (small_tenths_s; a cost per file growing with the steps stored makes the last tenth slower).
//  - renderer_peak_mib / memory_timeline: the tab's renderer memory from /proc every ~15 s (also to
//    stderr as taken, so a run that dies leaves its evidence; bench/training-watch.ts), with a
//    progress line every ~50 step files; a crashed renderer or closed page stops the bench with
//    the phase, the samples plotted by then and the last memory sample.
// `--small-files 0` skips that case; `--no-plot` skips the reopen and hover. `--profile FILE`
// builds the app unminified and writes a CPU profile of every thread during the run's import
// (bench/cpu-profile.ts: functions by self and total time, each main-thread task of 100 ms and more
// with the functions that ran in it) to FILE, and of the reload, plotting and hover to FILE-plot.json.
// Progress goes to stderr; with --json the last line of stdout is one JSON object.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { writeTrainingRun } from '../app/testing/training-run-generator';
import { type BenchBrowser, withBenchBrowser } from './browser';
import { startCpuProfile, writeProfile } from './cpu-profile';
import { putFloor } from './put-floor';
import { rendererMemory } from './renderer-memory';
import { cpuBetween, perFile, type ThreadCpu, threadCpu } from './thread-cpu';
import {
  BenchFailure,
  importTimeoutMs,
  kibPerSample,
  MEMORY_EVERY_MS,
  type MemorySample,
  memoryByThread,
  memoryLine,
  plotTimeoutMs,
  progressDue,
  progressLine,
  tabMemory,
  timelineSummary,
  type UaMemory,
} from './training-watch';
import {
  type LongFrame,
  type LongTask,
  longTaskLine,
  type LongTaskSummary,
  summarizeLongTasks,
} from './long-tasks';
import { flag, note, round } from './util';

type BenchWindow = Window & {
  __long: LongTask[];
  __frames: LongFrame[];
  __files: Array<{ text: string; k: number; at: number }>;
};

/**
 * Records each long task (start, duration, the samples plotted when it was seen) and, where
 * Chromium has the Long Animation Frames API, each long frame (50 ms and more) with its scripts, for
 * attribution (bench/long-tasks.ts).
 */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.__long = [];
    w.__frames = [];
    const samples = () =>
      Number(
        (
          document
            .querySelector('[data-testid="training-total"]')
            ?.textContent?.match(/([\d,]+) samples/)?.[1] ?? '0'
        ).replace(/,/g, ''),
      );
    new PerformanceObserver((l) => {
      const n = samples();
      l.getEntries().forEach((e) => w.__long.push({ start: e.startTime, duration: e.duration, samples: n }));
    }).observe({ type: 'longtask' });
    if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return;
    type Frame = PerformanceEntry & { scripts: Array<Record<string, unknown>> };
    new PerformanceObserver((l) =>
      l.getEntries().forEach((e) => {
        w.__frames.push({
          start: e.startTime,
          duration: e.duration,
          scripts: (e as Frame).scripts.map((s) => ({
            sourceURL: String(s.sourceURL ?? ''),
            sourceFunctionName: String(s.sourceFunctionName ?? ''),
            invoker: String(s.invoker ?? ''),
            duration: Number(s.duration ?? 0),
          })),
        });
      }),
    ).observe({ type: 'long-animation-frame' });
  });
}

/** The page's long tasks and long frames so far, and its clock now; clears them. */
async function takeLongTasks(page: Page): Promise<{ tasks: LongTask[]; frames: LongFrame[] }> {
  return page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    const out = { tasks: w.__long, frames: w.__frames };
    w.__long = [];
    w.__frames = [];
    return out;
  });
}

/**
 * Notes to stderr each task over 500 ms from the `from`th on that ended a second or more ago (so
 * its long animation frame has been reported too); returns the index to go on from.
 */
async function noteLongTasks(page: Page, from: number, t0: number): Promise<number> {
  const r = await page
    .evaluate((from) => {
      const w = window as unknown as BenchWindow;
      const now = performance.now();
      const ended = w.__long.slice(from).findIndex((t) => t.start + t.duration > now - 1000);
      const upto = ended < 0 ? w.__long.length : from + ended;
      const tasks = w.__long.slice(from, upto).filter((t) => t.duration > 500);
      const frames = w.__frames.filter((f) =>
        tasks.some((t) => f.start < t.start + t.duration && f.start + f.duration > t.start),
      );
      return { upto, tasks, frames };
    }, from)
    .catch(() => null);
  if (!r) return from;
  for (const t of r.tasks) note(longTaskLine(t, t0, r.frames));
  return r.upto;
}

/** Records when the page names each file it imports (its "Importing … (k of n)" line). */
async function watchFiles(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.__files = [];
    let last = '';
    const look = () => {
      const text = document.querySelector('[data-testid="training-import-busy"]')?.textContent ?? '';
      const m = text.match(/Importing (.*?) \((\d[\d,]*) of/);
      const name = m?.[1] ?? '';
      const k = Number((m?.[2] ?? '0').replace(/,/g, ''));
      if (name && name !== last) w.__files.push({ text: name, k, at: performance.now() });
      last = name || last;
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

/** Each file's seconds: from its name shown to the next one's, the last to `end` (page time, ms). */
async function fileTimes(page: Page, end: number): Promise<number[]> {
  return page.evaluate((end) => {
    const w = window as unknown as BenchWindow;
    return w.__files.map((f, i) => ((w.__files[i + 1]?.at ?? end) - f.at) / 1000);
  }, end);
}

/**
 * Seconds each tenth of `n` files took: from the page naming the tenth's first file (its "k of n")
 * to naming the next tenth's, the last to `end`. Read from the file numbers the page showed, not
 * from consecutive names, since a render that coalesces several one-sample files skips names.
 */
async function tenthTimes(page: Page, n: number, end: number): Promise<number[]> {
  return page.evaluate(
    ({ n, end }) => {
      const w = window as unknown as BenchWindow;
      const starts: number[] = [];
      for (let t = 0; t <= 10; t++) {
        const k = Math.floor((n * t) / 10) + 1;
        starts.push(t === 10 ? end : (w.__files.find((f) => f.k >= k)?.at ?? end));
      }
      return starts.slice(1).map((at, t) => (at - (starts[t] ?? at)) / 1000);
    },
    { n, end },
  );
}

/**
 * The number of samples the Training page's summary counts: the plots' data. Read with one plain
 * querySelector: each poll is a task on the page's thread, and a locator's (Playwright's selector
 * engine) were 100-600 ms long tasks of their own in a profile under load, counted as the app's.
 */
async function plottedSamples(page: Page): Promise<number> {
  return (await pageProgress(page)).plotted;
}

/** The samples plotted and the number of the last step file the page named (0 before any). */
async function pageProgress(page: Page): Promise<{ plotted: number; file: number }> {
  const r = await page
    .evaluate(() => {
      const w = window as unknown as BenchWindow;
      return {
        text: document.querySelector('[data-testid="training-total"]')?.textContent ?? '',
        file: w.__files?.at(-1)?.k ?? 0,
      };
    })
    .catch(() => ({ text: '', file: 0 }));
  return { plotted: Number((r.text.match(/([\d,]+) samples/)?.[1] ?? '0').replace(/,/g, '')), file: r.file };
}

/**
 * Watches the bench's pages for the end a long run can meet: the renderer crashing (out of memory)
 * or the page or its browser closing. `phase` and `samples` say where the run was; the memory
 * timeline (every MEMORY_EVERY_MS, also to stderr) is the evidence left if it dies.
 */
class Watch {
  phase = 'start';
  samples = 0;
  dead: string | null = null;
  readonly timeline: MemorySample[] = [];
  /** Every 4th sample of the import: MiB by thread (measureUserAgentSpecificMemory). */
  readonly threads: Array<{ t_s: number; samples: number; mib: Record<string, number> }> = [];
  private current: Page | null = null;
  private measuring = false;
  private t0 = Date.now();
  private timer: ReturnType<typeof setInterval> | null = null;
  private peak = 0;

  constructor(readonly total: number) {}

  page(page: Page): void {
    this.current = page;
    page.on('crash', () => (this.dead ??= 'the renderer crashed (the tab died: out of memory or killed)'));
    page.on('close', () => (this.dead ??= 'the page closed'));
    page.context().on('close', () => (this.dead ??= 'the browser closed'));
  }

  /** Starts the memory timeline; its times count from now. */
  start(): void {
    this.t0 = Date.now();
    this.sample();
    this.timer = setInterval(() => this.sample(), MEMORY_EVERY_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  seconds(): number {
    return (Date.now() - this.t0) / 1000;
  }

  sample(): MemorySample {
    const m = tabMemory(rendererMemory());
    this.peak = Math.max(this.peak, m.peak_mib);
    const s = {
      phase: this.phase,
      t_s: this.seconds(),
      samples: this.samples,
      rss_mib: m.rss_mib,
      peak_mib: this.peak,
    };
    this.timeline.push(s);
    note(memoryLine(s));
    if (this.phase === 'import' && this.timeline.length % 4 === 1) void this.byThread(s);
    return s;
  }

  /**
   * The page's and each worker's memory as Chromium attributes it (JS heaps and what they hold;
   * the bench's browser runs with ForceEagerMeasureMemory, so it answers at once, not at the next
   * GC). One at a time; a busy page that takes over 60 s is skipped.
   */
  private async byThread(s: MemorySample): Promise<void> {
    const page = this.current;
    if (!page || this.measuring || this.dead) return;
    this.measuring = true;
    try {
      const m = await page.evaluate(async () => {
        const p = performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<unknown> };
        if (!crossOriginIsolated || !p.measureUserAgentSpecificMemory) return null;
        return Promise.race([
          p.measureUserAgentSpecificMemory(),
          new Promise<null>((ok) => setTimeout(() => ok(null), 60_000)),
        ]);
      });
      if (!m) return;
      const mib = memoryByThread(m as UaMemory);
      this.threads.push({ t_s: Math.round(s.t_s), samples: s.samples, mib });
      note(
        `memory by thread +${Math.round(s.t_s)} s: ${Object.entries(mib)
          .map(([k, v]) => `${k} ${v} MiB`)
          .join(', ')}`,
      );
    } catch {
      // The page closed or crashed: the watch reports that.
    } finally {
      this.measuring = false;
    }
  }

  peakMib(): number {
    return this.peak;
  }

  fail(reason: string): BenchFailure {
    return new BenchFailure(this.phase, reason, this.samples, this.total, this.timeline.at(-1) ?? null);
  }
}

async function until(what: string, ok: () => Promise<boolean>, ms: number, watch: Watch): Promise<void> {
  const t0 = Date.now();
  while (!(await ok())) {
    if (watch.dead) throw watch.fail(watch.dead);
    if (Date.now() - t0 > ms)
      throw watch.fail(`timed out after ${Math.round(ms / 1000)} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** `p`, or the watch's failure if the page dies first (a waitFor on a crashed page can hang). */
async function orDeath<T>(p: Promise<T>, watch: Watch): Promise<T> {
  let timer: ReturnType<typeof setInterval> | undefined;
  const death = new Promise<never>((_, no) => {
    timer = setInterval(() => {
      if (watch.dead) no(watch.fail(watch.dead));
    }, 1000);
  });
  try {
    return await Promise.race([p, death]);
  } catch (e) {
    throw watch.dead && !(e instanceof BenchFailure) ? watch.fail(watch.dead) : e;
  } finally {
    clearInterval(timer);
  }
}

/** Moves the mouse across every plot, then walks the searches plot with the arrow keys. */
async function hoverPlots(page: Page): Promise<void> {
  const hits = page.getByTestId('step-chart-hit');
  const n = await hits.count();
  for (let i = 0; i < n; i++) {
    const box = await hits.nth(i).boundingBox();
    if (!box) continue;
    for (let k = 0; k <= 10; k++)
      await page.mouse.move(box.x + (box.width * k) / 10, box.y + box.height / 2, { steps: 2 });
  }
  await page.getByTestId('training-chart-searches').locator('svg').first().focus();
  for (let k = 0; k < 40; k++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('End');
}

/** Imports `dir` through a fresh Training page's folder input; resolves once the result shows. */
async function importFolder(
  b: BenchBrowser,
  dir: string,
  total: number,
  fileCount: number,
  watch: Watch,
  profileFile?: string,
  cpuThrottle = 1,
): Promise<{
  page: Page;
  seconds: number;
  tasks: number[];
  longTasks: LongTaskSummary;
  files: number[];
  tenths: number[];
  storedBytes: number;
  cpu: TenthsCpu;
}> {
  watch.phase = 'opening the Training page';
  const page = await b.newPage('/#/training');
  watch.page(page);
  await page.getByTestId('training-page').waitFor({ timeout: 120_000 });
  await page.getByText('Loading demo set…').waitFor({ state: 'detached', timeout: 120_000 });
  await watchLongTasks(page);
  await watchFiles(page);
  const before = await plottedSamples(page);
  const usedBefore = await usage(page);
  const profile = profileFile ? await startCpuProfile(await page.context().newCDPSession(page)) : null;
  // Slows the page's main thread `cpuThrottle` times (Chromium suspends it in slices, as a loaded
  // machine does): its tasks of 25-50 ms become long ones, with their frames' scripts named.
  if (cpuThrottle > 1)
    await (
      await page.context().newCDPSession(page)
    ).send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  const i0 = Date.now();
  watch.phase = 'import';
  watch.samples = 0;
  watch.start();
  const timeout = importTimeoutMs(total);
  const cpu = new CpuTenths(fileCount);
  // The import's start in page time: long tasks are placed from it.
  const pageT0 = await page.evaluate(() => performance.now());
  await page.getByTestId('training-folder-input').setInputFiles(dir);
  let last = 0;
  let lastFile = 0;
  let noted = 0;
  await until(
    `${total} samples plotted`,
    async () => {
      const p = await pageProgress(page);
      cpu.at(p.file);
      noted = await noteLongTasks(page, noted, pageT0);
      const n = Math.max(0, p.plotted - before);
      watch.samples = Math.max(watch.samples, n);
      if (n - last >= total / 10 || n === total) note(`${n} of ${total} samples plotted`);
      if (n - last >= total / 10) last = n;
      if (progressDue(lastFile, p.file)) {
        note(progressLine(p.file, fileCount, n, (Date.now() - i0) / 1000, watch.timeline.at(-1) ?? null));
        lastFile = p.file;
      }
      return n >= total;
    },
    timeout,
    watch,
  );
  await orDeath(
    page.getByTestId('training-import-result').waitFor({ timeout: Math.max(0, timeout - (Date.now() - i0)) }),
    watch,
  );
  const seconds = (Date.now() - i0) / 1000;
  cpu.at(fileCount + 1);
  watch.sample();
  // The last file ends with the result shown, not after the profile is summed.
  const end = await page.evaluate(() => performance.now());
  if (profile && profileFile) await writeProfile(profile, profileFile);
  const files = await fileTimes(page, end);
  const tenths = await tenthTimes(page, fileCount, end);
  const storedBytes = (await usage(page)) - usedBefore;
  await noteLongTasks(page, noted, pageT0);
  const long = await takeLongTasks(page);
  return {
    page,
    seconds,
    tasks: long.tasks.map((t) => t.duration),
    longTasks: summarizeLongTasks(long.tasks, long.frames, pageT0, end),
    files,
    tenths,
    storedBytes,
    cpu: cpu.result(),
  };
}

/** CPU by thread per file (ms) over spans of a run's files (thread-cpu.ts). */
interface SpanCpu {
  files: number;
  wall_ms_per_file: number;
  by_thread: Record<string, number>;
}
interface TenthsCpu {
  /** Files 1 to n/10. */
  first: SpanCpu | null;
  /** The last tenth of the files but the last one: the import's steady cost late in the run. */
  last: SpanCpu | null;
  /**
   * The last file, to the result: with what the import does once at its end (the table's read of
   * every row; the SQL engine's start). Threads ended by then (the import and row workers) are
   * missing from it: /proc no longer lists them.
   */
  last_file: SpanCpu | null;
}

/**
 * Snapshots of the bench's Chromium threads' CPU as the page names files: at the pick (file 1
 * begins), when the first tenth is done, when the last tenth begins, when the last file begins
 * and at the result (file n + 1), each at the first poll (1 s) the page names a file at or past
 * the mark.
 */
class CpuTenths {
  private marks: Array<{ file: number; at: number; snap: ThreadCpu[] }>;
  private readonly want: number[];

  constructor(private readonly n: number) {
    const tenth = Math.max(1, Math.floor(n / 10));
    this.want = [tenth + 1, n - tenth + 1, n].filter((f, i, all) => f > 1 && f > (all[i - 1] ?? 0));
    this.marks = [{ file: 1, at: Date.now(), snap: threadCpu() }];
  }

  /** The page now names file `file` (n + 1: the result shows). */
  at(file: number): void {
    const next = this.want[0];
    if (file > this.n || (next !== undefined && file >= next)) {
      this.marks.push({ file: Math.min(file, this.n + 1), at: Date.now(), snap: threadCpu() });
      while (this.want[0] !== undefined && file >= this.want[0]) this.want.shift();
    }
  }

  result(): TenthsCpu {
    const tenth = Math.max(1, Math.floor(this.n / 10));
    // The first mark at or past `file`.
    const mark = (file: number) => this.marks.find((m) => m.file >= file);
    const span = (a: (typeof this.marks)[number] | undefined, b: (typeof this.marks)[number] | undefined) => {
      if (!a || !b || b.file <= a.file) return null;
      const files = b.file - a.file;
      return {
        files,
        wall_ms_per_file: Math.round((b.at - a.at) / files),
        by_thread: perFile(cpuBetween(a.snap, b.snap), files),
      };
    };
    return {
      first: span(this.marks[0], mark(tenth + 1)),
      last: span(mark(this.n - tenth + 1), mark(this.n)),
      last_file: span(mark(this.n), mark(this.n + 1)),
    };
  }
}

/**
 * The origin's storage use as the browser reports it to the page (`navigator.storage.estimate()`:
 * on disk, IndexedDB's values as LevelDB stores them, compressed, with its log not yet compacted).
 */
async function usage(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
}

/** A timeline sample as the JSON keeps it: whole seconds and MiB. */
const timelinePoint = (s: MemorySample) => ({
  phase: s.phase,
  t_s: Math.round(s.t_s),
  samples: s.samples,
  rss_mib: s.rss_mib,
  peak_mib: s.peak_mib,
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const longest = (xs: number[]) => round(Math.max(0, ...xs), 0);

/** The first `n` of make-large.mjs's 5,000 one-sample step files, in a folder of their own. */
function smallFiles(into: string, n: number): string {
  const made = join(into, 'made');
  spawnSync(process.execPath, [resolve('..', 'shared', 'repro', 'hardening-4', 'make-large.mjs'), made], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const from = join(made, '02-5000-step-files');
  const dir = join(into, 'one-sample-steps');
  mkdirSync(dir);
  const names = readdirSync(from)
    .filter((f) => f.endsWith('.jsonl'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
    .slice(0, n);
  for (const f of names) copyFileSync(join(from, f), join(dir, f));
  return dir;
}

/** Wall seconds of `npm run cli -- run-summary DIR --json` (its output discarded). */
function cliRunSummary(dir: string): number {
  const t0 = Date.now();
  const r = spawnSync('npm', ['run', '--silent', 'cli', '--', 'run-summary', dir, '--json'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`run-summary exited ${r.status}`);
  return (Date.now() - t0) / 1000;
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const steps = Number(flag(args, 'steps') ?? 200);
  const perStep = Number(flag(args, 'per-step') ?? flag(args, 'samples') ?? 512);
  const floorFiles = Math.min(steps, Number(flag(args, 'floor-files') ?? 20));
  const small = Number(flag(args, 'small-files') ?? 5000);
  const plot = !args.includes('--no-plot');
  const profileFile = flag(args, 'profile');
  // Readable function names in the long tasks' attribution, at the cost of a larger bundle.
  const unminified = profileFile !== undefined || args.includes('--unminified');
  const cpuThrottle = Number(flag(args, 'cpu-throttle') ?? 1);
  const dir = mkdtempSync(join(tmpdir(), 'hopscope-training-bench-'));
  try {
    const runDir = join(dir, 'grpo-bench');
    note(`generating ${steps} steps × ${perStep} samples in ${runDir}…`);
    // No malformed lines: this measures speed, and every sample must reach the plots.
    const made = await writeTrainingRun(runDir, {
      steps,
      samplesPerStep: perStep,
      seed: 7,
      malformedRate: 0,
    });
    const smallDir = small > 0 ? smallFiles(dir, small) : null;
    const total = steps * perStep;
    const stepFiles = made.map((s) => join(runDir, s.file));
    const sourceBytes = stepFiles.reduce((n, f) => n + statSync(f).size, 0);
    const watch = new Watch(total);
    const loadStart = loadavg();
    let out;
    try {
      out = await withBenchBrowser(
        'index.html',
        async (b) => {
          watch.phase = 'storage floor';
          note(`storage floor: bare puts of ${floorFiles} files' records…`);
          const floor = await putFloor(b, stepFiles.slice(0, floorFiles));
          note(`floor ${round(floor.records / floor.seconds, 0)} records/s`);
          note('importing through the Training page…');
          const imp = await importFolder(b, runDir, total, steps, watch, profileFile, cpuThrottle);
          note(`imported in ${imp.seconds.toFixed(1)} s; longest task ${longest(imp.tasks)} ms`);
          note(`CPU ms per file, first tenth: ${JSON.stringify(imp.cpu.first)}`);
          note(`CPU ms per file, last tenth: ${JSON.stringify(imp.cpu.last)}`);
          note(`CPU ms, the last file to the result: ${JSON.stringify(imp.cpu.last_file)}`);
          let plotted: { readyMs: number; tasks: number[]; longTasks: LongTaskSummary } | null = null;
          if (plot) {
            // Plotting from a fresh page: the app starts, then the plots of every sample come up.
            const page = imp.page;
            const plotProfile = profileFile
              ? await startCpuProfile(await page.context().newCDPSession(page))
              : null;
            watch.phase = 'reload and plots';
            const ms = plotTimeoutMs(total);
            page.setDefaultTimeout(ms);
            page.setDefaultNavigationTimeout(ms);
            await orDeath(page.reload(), watch);
            await orDeath(page.getByTestId('training-page').waitFor(), watch);
            await watchLongTasks(page);
            const p0 = Date.now();
            const pageP0 = await page.evaluate(() => performance.now());
            await until('the plots', async () => (await plottedSamples(page)) >= total, ms, watch);
            await orDeath(page.getByTestId('training-chart-searches').waitFor(), watch);
            const readyMs = Date.now() - p0;
            watch.phase = 'hover';
            await orDeath(hoverPlots(page), watch);
            await page.waitForTimeout(500);
            const long = await takeLongTasks(page);
            const pageP1 = await page.evaluate(() => performance.now());
            plotted = {
              readyMs,
              tasks: long.tasks.map((t) => t.duration),
              longTasks: summarizeLongTasks(long.tasks, long.frames, pageP0, pageP1),
            };
            if (plotProfile && profileFile)
              await writeProfile(plotProfile, profileFile.replace(/(\.json)?$/, '-plot.json'));
            note(`plots ready ${readyMs} ms after the page; longest task ${longest(plotted.tasks)} ms`);
          }
          // The tab's last sample and peak, read before its browser closes.
          watch.phase = 'done';
          watch.sample();
          watch.stop();
          await imp.page.context().close();
          let smallPage: { seconds: number; tasks: number[]; tenths: number[] } | null = null;
          if (smallDir) {
            note(`importing ${small} one-sample step files through the Training page…`);
            const s = await importFolder(
              b,
              smallDir,
              small,
              small,
              watch,
              profileFile && `${profileFile}.small`,
            );
            watch.stop();
            smallPage = { seconds: s.seconds, tasks: s.tasks, tenths: s.tenths };
            note(
              `${small} one-sample files in ${s.seconds.toFixed(1)} s; each tenth: ${s.tenths.map((t) => t.toFixed(1)).join(', ')} s`,
            );
            await s.page.context().close();
          }
          return { floor, imp, plotted, smallPage };
        },
        {
          prod: true,
          diskProfile: true,
          unminified,
          // measureUserAgentSpecificMemory answers at once rather than at the next GC (up to 20 s).
          args: ['--enable-blink-features=ForceEagerMeasureMemory'],
        },
      );
    } catch (e) {
      watch.stop();
      if (e instanceof BenchFailure) {
        note(`FAILED — ${e.message}`);
        if (json)
          console.log(
            JSON.stringify({
              steps,
              samples_per_step: perStep,
              trajectories: total,
              failed: e.message,
              failed_phase: e.phase,
              samples_plotted: e.samples,
              load_average: {
                start: loadStart.map((x) => round(x, 1)),
                end: loadavg().map((x) => round(x, 1)),
              },
              renderer_peak_mib: watch.peakMib(),
              memory_timeline: watch.timeline.map(timelinePoint),
              memory_by_thread: watch.threads,
            }),
          );
      }
      throw e;
    }
    const cliS = smallDir ? cliRunSummary(smallDir) : null;
    const k = Math.min(20, out.imp.files.length);
    const first = sum(out.imp.files.slice(0, k));
    const last = sum(out.imp.files.slice(-k));
    const floorRate = out.floor.records / out.floor.seconds;
    const importRate = total / out.imp.seconds;
    const result = {
      steps,
      samples_per_step: perStep,
      trajectories: total,
      floor_records: out.floor.records,
      floor_per_s: round(floorRate, 0),
      import_s: round(out.imp.seconds, 1),
      import_per_s: round(importRate, 0),
      import_over_floor: round(importRate / floorRate, 3),
      // Issue 37's target: stored bytes ≤ 1.5 × the step files' bytes.
      source_mib: round(sourceBytes / 2 ** 20, 1),
      stored_mib: round(out.imp.storedBytes / 2 ** 20, 1),
      stored_over_source: round(out.imp.storedBytes / sourceBytes, 2),
      first20_s: round(first, 2),
      last20_s: round(last, 2),
      last20_over_first20: round(last / first, 2),
      // The last file's time includes what the import does once at its end (the table's reads).
      last_file_s: round(out.imp.files.at(-1) ?? 0, 2),
      import_max_task_ms: longest(out.imp.tasks),
      import_tasks_over_100ms: out.imp.tasks.filter((t) => t > 100).length,
      // When and what they are: the 10 longest (seconds into the import, samples plotted, the
      // longest script in the long animation frames overlapping it) and those over 100 ms a tenth.
      import_long_tasks: out.imp.longTasks,
      plot_ready_ms: out.plotted?.readyMs ?? null,
      plot_max_task_ms: out.plotted ? longest(out.plotted.tasks) : null,
      plot_tasks_over_50ms: out.plotted?.tasks.length ?? null,
      plot_long_tasks: out.plotted?.longTasks ?? null,
      // CPU by thread (ms per file) over the first and the last tenth of the files, from /proc: a
      // thread whose cost per file grows with what is stored takes more in the last tenth.
      thread_cpu: out.imp.cpu,
      small_files: small > 0 ? small : null,
      small_page_s: out.smallPage ? round(out.smallPage.seconds, 1) : null,
      small_max_task_ms: out.smallPage ? longest(out.smallPage.tasks) : null,
      small_tenths_s: out.smallPage ? out.smallPage.tenths.map((t) => round(t, 1)) : null,
      small_last_tenth_over_first: out.smallPage
        ? round((out.smallPage.tenths.at(-1) ?? 0) / (out.smallPage.tenths[0] ?? 1), 2)
        : null,
      small_cli_s: cliS === null ? null : round(cliS, 1),
      small_page_over_cli: out.smallPage && cliS ? round(out.smallPage.seconds / cliS, 2) : null,
      target_max_task_ms: 100,
      unminified,
      cpu_throttle: cpuThrottle,
      load_average: { start: loadStart.map((x) => round(x, 1)), end: loadavg().map((x) => round(x, 1)) },
      // The tab's renderer (page and workers in one process), from /proc: its peak resident memory
      // over the run (issue 37's target: ≤ 4 GB at 1M) and every ~15 s sample of the import.
      renderer_peak_mib: watch.peakMib(),
      renderer_kib_per_sample: round(kibPerSample(watch.timeline) ?? NaN, 2),
      memory_quarters: timelineSummary(watch.timeline),
      memory_timeline: watch.timeline.map(timelinePoint),
      memory_by_thread: watch.threads,
    };
    console.log(
      `${total} samples: import ${result.import_per_s}/s ÷ floor ${result.floor_per_s}/s = ${result.import_over_floor}; ` +
        `stored ÷ source ${result.stored_over_source}; last 20 files ÷ first 20 = ${result.last20_over_first20}; longest task import ${result.import_max_task_ms} ms, ` +
        `plotting ${result.plot_max_task_ms} ms; ${small} one-sample files: page ÷ CLI = ${result.small_page_over_cli}`,
    );
    if (json) console.log(JSON.stringify(result));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
