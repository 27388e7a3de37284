// What the training bench keeps watching while a long import runs (issue 37's 1,000,000-sample
// target: hours on a shared machine): the renderer's memory every ~15 s, a progress line every ~50
// step files, timeouts that grow with the run, and a plain account of a crash. Pure logic here; the
// bench feeds it what it reads from /proc and the page.

/** One memory sample: seconds since the import began, samples plotted by then, the tab's MiB. */
export interface MemorySample {
  phase: string;
  t_s: number;
  samples: number;
  /** The largest renderer's resident memory now (VmRSS) and the largest peak so far (VmHWM). */
  rss_mib: number;
  peak_mib: number;
}

/** Milliseconds between memory samples. */
export const MEMORY_EVERY_MS = 15_000;

/** Step files between progress lines. */
export const PROGRESS_EVERY_FILES = 50;

/**
 * How long a phase may take for `total` samples: `msPerSample` each (well under the slowest rate
 * measured under load, ≈ 65 samples/s, so only a stall reaches it) and never less than `minMs`.
 */
export function scaledTimeoutMs(total: number, msPerSample: number, minMs: number): number {
  return Math.max(minMs, Math.ceil(total * msPerSample));
}

/** The import (picking the folder until the result shows): 50 ms a sample, at least 10 min. */
export const importTimeoutMs = (total: number) => scaledTimeoutMs(total, 50, 600_000);

/** The reopened page's start and plots: 2 ms a sample, at least 10 min (1M samples: 33 min). */
export const plotTimeoutMs = (total: number) => scaledTimeoutMs(total, 2, 600_000);

/** Whether the page has named a file `PROGRESS_EVERY_FILES` or more past the one last noted. */
export function progressDue(lastNoted: number, file: number, every = PROGRESS_EVERY_FILES): boolean {
  return file > 0 && file - lastNoted >= every;
}

/** "file 150 of 2000: 76,800 samples plotted in 812 s, 95 samples/s so far; tab 1,234 MiB". */
export function progressLine(
  file: number,
  files: number,
  samples: number,
  seconds: number,
  last: MemorySample | null,
): string {
  const rate = seconds > 0 ? Math.round(samples / seconds) : 0;
  const mem = last
    ? `; tab ${last.rss_mib.toLocaleString('en-US')} MiB (peak ${last.peak_mib.toLocaleString('en-US')})`
    : '';
  return (
    `file ${file} of ${files}: ${samples.toLocaleString('en-US')} samples plotted in ${Math.round(seconds)} s, ` +
    `${rate.toLocaleString('en-US')} samples/s so far${mem}`
  );
}

/** One line for stderr as each sample is taken, so a crash still leaves the timeline. */
export function memoryLine(s: MemorySample): string {
  return `memory ${s.phase} +${Math.round(s.t_s)} s: ${s.samples.toLocaleString('en-US')} samples, tab ${s.rss_mib} MiB (peak ${s.peak_mib})`;
}

/** The renderer to count: the one resident most now; the peak is the largest any reached. */
export function tabMemory(renderers: ReadonlyArray<{ rss_mib: number; peak_mib: number }>): {
  rss_mib: number;
  peak_mib: number;
} {
  return {
    rss_mib: Math.max(0, ...renderers.map((r) => r.rss_mib)),
    peak_mib: Math.max(0, ...renderers.map((r) => r.peak_mib)),
  };
}

/** Why the bench stopped: which phase, how far it got, the last memory it saw. */
export class BenchFailure extends Error {
  constructor(
    readonly phase: string,
    readonly reason: string,
    readonly samples: number,
    readonly total: number,
    readonly last: MemorySample | null,
  ) {
    super(failureMessage(phase, reason, samples, total, last));
    this.name = 'BenchFailure';
  }
}

export function failureMessage(
  phase: string,
  reason: string,
  samples: number,
  total: number,
  last: MemorySample | null,
): string {
  const mem = last
    ? `; last memory sample at +${Math.round(last.t_s)} s: tab ${last.rss_mib} MiB resident, peak ${last.peak_mib} MiB`
    : '; no memory sample taken';
  return (
    `${phase}: ${reason}, with ${samples.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ` +
    `samples plotted (stored: at least that)${mem}`
  );
}

/** The timeline in a few numbers: where the memory stood at each quarter of the samples. */
export function timelineSummary(
  timeline: readonly MemorySample[],
): Array<{ samples: number; rss_mib: number; t_s: number }> {
  const imp = timeline.filter((s) => s.phase === 'import');
  const total = imp.at(-1)?.samples ?? 0;
  if (total === 0) return [];
  const out: Array<{ samples: number; rss_mib: number; t_s: number }> = [];
  for (const q of [0.25, 0.5, 0.75, 1]) {
    const s = imp.find((x) => x.samples >= total * q);
    if (s && !out.some((o) => o.t_s === Math.round(s.t_s)))
      out.push({ samples: s.samples, rss_mib: s.rss_mib, t_s: Math.round(s.t_s) });
  }
  return out;
}

/**
 * Resident bytes the tab added per sample over the import (first to last sample with samples
 * stored), KiB: what a longer run would extrapolate from. Null without two such samples.
 */
export function kibPerSample(timeline: readonly MemorySample[]): number | null {
  const imp = timeline.filter((s) => s.phase === 'import' && s.samples > 0);
  const a = imp[0];
  const b = imp.at(-1);
  if (!a || !b || b.samples === a.samples) return null;
  return ((b.rss_mib - a.rss_mib) * 1024) / (b.samples - a.samples);
}

/** performance.measureUserAgentSpecificMemory's answer, as the page returns it. */
export interface UaMemory {
  bytes: number;
  breakdown: Array<{ bytes: number; attribution: Array<{ scope: string; url: string }> }>;
}

/**
 * MiB by thread: the page ("Window") and each worker by its script's name without the build's
 * hash (`table.worker-Bx9c1.js` → `table.worker`); bytes no thread is named for go to "shared".
 */
export function memoryByThread(m: UaMemory): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of m.breakdown) {
    const a = b.attribution[0];
    const name = !a
      ? 'shared'
      : a.scope === 'Window'
        ? 'page'
        : (a.url.split('/').pop() ?? a.url).replace(/-[\w-]{6,12}\.js$/, '').replace(/\.js$/, '') || a.scope;
    out[name] = (out[name] ?? 0) + b.bytes;
  }
  return Object.fromEntries(
    Object.entries(out)
      .filter(([, v]) => v > 0)
      .sort((x, y) => y[1] - x[1])
      .map(([k, v]) => [k, Math.round(v / 2 ** 20)]),
  );
}
