// Where and what the training bench's long main-thread tasks are (issue 37: "longest main-thread
// task during import, plotting, hover ≤ 100 ms"). The page records each PerformanceObserver
// 'longtask' entry with the samples plotted when it was seen, and, where Chromium has it, each
// 'long-animation-frame' entry with its scripts (sourceURL, sourceFunctionName, invoker, duration):
// the only attribution a long task has without a profiler. Pure logic here; the bench feeds it.

/** A long task as the page saw it: start and duration in page time (ms). */
export interface LongTask {
  start: number;
  duration: number;
  /** Samples the Training page counted plotted when the observer saw the task. */
  samples: number;
}

/** One script of a long animation frame, as Chromium reports it. */
export interface FrameScript {
  sourceURL: string;
  sourceFunctionName: string;
  invoker: string;
  duration: number;
}

/** A long animation frame: start and duration in page time (ms), and the scripts that ran in it. */
export interface LongFrame {
  start: number;
  duration: number;
  scripts: FrameScript[];
}

/** The script that ran longest in the frames overlapping [start, start + duration), if any. */
export function topScript(
  start: number,
  duration: number,
  frames: readonly LongFrame[],
): { name: string; ms: number; script_ms: number } | null {
  let best: FrameScript | null = null;
  let scriptMs = 0;
  for (const f of frames) {
    if (f.start >= start + duration || f.start + f.duration <= start) continue;
    for (const s of f.scripts) {
      scriptMs += s.duration;
      if (!best || s.duration > best.duration) best = s;
    }
  }
  return best
    ? { name: scriptName(best), ms: Math.round(best.duration), script_ms: Math.round(scriptMs) }
    : null;
}

/** "invoker → function (file:line)" with the build's hash and origin dropped from the file. */
export function scriptName(s: FrameScript): string {
  const file = (s.sourceURL.split('/').pop() ?? '').replace(/-[\w-]{6,12}\.js/, '.js');
  const fn = s.sourceFunctionName || '(anonymous)';
  return `${s.invoker || '?'} → ${fn}${file ? ` (${file})` : ''}`;
}

export interface LongTaskSummary {
  count: number;
  over_100ms: number;
  /** Tasks over 100 ms in each tenth of the import's wall time. */
  over_100ms_by_tenth: number[];
  /** Sum of those tasks' ms per tenth: a cost growing with what is stored rises to the right. */
  ms_over_100_by_tenth: number[];
  /** The `top` longest: seconds after the import's start, samples plotted, the longest script. */
  longest: Array<{
    t_s: number;
    ms: number;
    samples: number;
    /** Script time in the long animation frames overlapping the task (ms); null without LoAF. */
    script_ms: number | null;
    script: string | null;
  }>;
}

/**
 * The import's long tasks in a few numbers. `t0` and `t1` are the import's start and end in page
 * time; a task is placed in a tenth by its start.
 */
export function summarizeLongTasks(
  tasks: readonly LongTask[],
  frames: readonly LongFrame[],
  t0: number,
  t1: number,
  top = 10,
): LongTaskSummary {
  const span = Math.max(1, t1 - t0);
  const counts = Array.from({ length: 10 }, () => 0);
  const ms = Array.from({ length: 10 }, () => 0);
  for (const t of tasks) {
    if (t.duration <= 100) continue;
    const i = Math.min(9, Math.max(0, Math.floor(((t.start - t0) / span) * 10)));
    counts[i] = (counts[i] ?? 0) + 1;
    ms[i] = (ms[i] ?? 0) + t.duration;
  }
  const longest = [...tasks]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, top)
    .map((t) => {
      const s = topScript(t.start, t.duration, frames);
      return {
        t_s: Math.round((t.start - t0) / 100) / 10,
        ms: Math.round(t.duration),
        samples: t.samples,
        script_ms: s?.script_ms ?? (frames.length ? 0 : null),
        script: s?.name ?? null,
      };
    });
  return {
    count: tasks.length,
    over_100ms: tasks.filter((t) => t.duration > 100).length,
    over_100ms_by_tenth: counts,
    ms_over_100_by_tenth: ms.map((x) => Math.round(x)),
    longest,
  };
}

/** The stderr line for a task over 500 ms, as it is seen. */
export function longTaskLine(t: LongTask, t0: number, frames: readonly LongFrame[]): string {
  const s = topScript(t.start, t.duration, frames);
  const who = s ? `; longest script ${s.ms} ms of ${s.script_ms}: ${s.name}` : '; no script attributed';
  return `long task ${Math.round(t.duration)} ms at +${((t.start - t0) / 1000).toFixed(1)} s, ${t.samples.toLocaleString('en-US')} samples plotted${who}`;
}
