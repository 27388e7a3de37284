// A CPU profile of every thread of a page (main, its workers), read from a Chromium trace with V8's
// sampling profiler on (`disabled-by-default-v8.cpu_profiler`) and summed as it streams in, so a
// ten-minute import never holds its trace in memory. Each thread is named by the script most of its
// frames come from (`import.worker-….js`), as every worker thread is "DedicatedWorker thread".
// Used by `npm run bench -- training --profile FILE`; the app must be built unminified for names.
//
// How Chromium writes it (checked on Chromium 156): each profiled thread emits one `Profile` event
// (its pid/tid, an `id`, `args.data.startTime`); the samples come in `ProfileChunk` events with the
// same pid and `id` but emitted from the profiler's own thread (`v8:ProfEvntProc`), each sample's
// time a delta from the one before, continuing across chunks from the profile's start. So chunks
// are joined to their thread by pid + id, never by their own tid, and sample times are the
// profile's running clock, not a chunk's `ts`. Tasks are `ThreadControllerImpl::RunTask` (older
// builds: `RunTask`) in category `toplevel`, complete (`X`) events, or a `B`/`E` pair.
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';
import { note } from './util';

interface CallFrame {
  functionName?: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  cat?: string;
  args?: {
    name?: string;
    data?: {
      type?: string;
      functionName?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface Node {
  key: string;
  parent?: Node;
  script: string;
}

interface Thread {
  self: Map<string, number>;
  total: Map<string, number>;
  scripts: Map<string, number>;
  ms: number;
  /** Tasks of `LONG_US` and more: start and end (µs). */
  long: Array<{ ts: number; end: number }>;
  /** Open `B` events (any name), so an `E` closes the right one. */
  open: Array<{ name: string; ts: number }>;
  /** Samples in time order: time (µs), its interval (ms), its leaf frame (`(program)` included). */
  samples: Array<{ ts: number; ms: number; node: Node }>;
  /** Complete events of a millisecond and more (layout, style, paint, event dispatch, GC…). */
  events: Array<{ label: string; ts: number; end: number }>;
}

interface Profile {
  thread: string;
  /** The running sample clock (µs): the profile's start plus every delta so far. */
  clock: number;
  nodes: Map<number, Node>;
}

export interface ThreadProfile {
  thread: string;
  busy_ms: number;
  /** Functions by self time: name (file:line), ms, share of this thread's sampled time. */
  self: Array<{ fn: string; ms: number; share: number }>;
  /** Functions by total time (self + callees), for the app's own functions. */
  total: Array<{ fn: string; ms: number; share: number }>;
  /**
   * Functions by self time in the first and the last tenth of the profiled span (all threads'
   * samples, first to last): a cost that grows with what the run stored takes more of the last.
   */
  first_tenth: Array<{ fn: string; ms: number }>;
  last_tenth: Array<{ fn: string; ms: number }>;
  /** For each anonymous function listed: the bundle's text where it starts (see `quoteAnonymous`). */
  anonymous?: Record<string, string>;
}

export interface LongTask {
  thread: string;
  at_ms: number;
  ms: number;
  /** Sampled time inside the task (the rest: native work the profiler does not sample, or idle). */
  sampled_ms: number;
  /**
   * The functions sampled during it, by self time (GC is `(garbage collector)`; `(program)` is
   * native work outside script: style, layout, paint, decoding a worker's message).
   */
  self: Array<{ fn: string; ms: number }>;
  /** The named functions on the stack during it, by total time: the app's code that ran it. */
  total: Array<{ fn: string; ms: number }>;
  /** The trace's own events inside it (`Layout`, `FunctionCall f file:line`, …), outermost of each. */
  parts: Array<{ name: string; ms: number }>;
}

/** Main-thread tasks this long and longer are listed with their contents (the bound). */
export const LONG_MS = 100;
const LONG_US = LONG_MS * 1000;

const frameKey = (f: CallFrame): string => {
  const file =
    (f.url ?? '')
      .split('/')
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, '.js') ?? '';
  // Line and column: an unminified bundle's anonymous functions are told apart only by where they start.
  const at = file ? ` ${file}:${(f.lineNumber ?? 0) + 1}:${(f.columnNumber ?? 0) + 1}` : '';
  return `${f.functionName || '(anonymous)'}${at}`;
};

/** A task's top-level event (its name differs between Chromium versions). */
const TASK = /^(RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask)$/;
/** Samples of no work; `(program)` is native work, counted in a task but not as script. */
const IDLE = /^\(idle\)/;
const NATIVE = /^\(program\)/;
/** Events kept per thread for the long tasks' parts (1 ms and more only). */
const MAX_EVENTS = 1_000_000;

/** An event's name, with the function or event type it ran when the trace says. */
function eventLabel(e: TraceEvent): string {
  const d = e.args?.data;
  if (e.name === 'FunctionCall' && d?.functionName) return `FunctionCall ${d.functionName}`;
  if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`;
  return e.name;
}

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

/** The first index in `xs` (sorted by ts) whose ts ≥ `ts`. */
function firstAt(xs: Array<{ ts: number }>, ts: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]!.ts < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class CpuProfileSink {
  private threads = new Map<string, Thread>();
  private names = new Map<string, string>();
  /** Each anonymous frame's key → its script URL and 0-based position, to quote the bundle there. */
  private anonymousAt = new Map<string, { url: string; line: number; column: number }>();
  private profiles = new Map<string, Profile>();
  /** Chunks that arrived before their `Profile` event, by pid + id. */
  private pending = new Map<string, TraceEvent[]>();
  private t0 = Number.POSITIVE_INFINITY;
  skipped = 0;
  /** Chromium's word at the end of tracing that its buffer dropped events (the sums then miss some). */
  dataLoss = false;
  /** Samples kept per thread for the long tasks' contents (times and leaves only). */
  constructor(private readonly maxSamples = 3_000_000) {}

  private thread(k: string): Thread {
    let t = this.threads.get(k);
    if (!t) {
      t = {
        self: new Map(),
        total: new Map(),
        scripts: new Map(),
        ms: 0,
        long: [],
        open: [],
        samples: [],
        events: [],
      };
      this.threads.set(k, t);
    }
    return t;
  }

  take(events: TraceEvent[]): void {
    for (const e of events) {
      try {
        if (e.ts > 0) this.t0 = Math.min(this.t0, e.ts);
        const k = `${e.pid}/${e.tid}`;
        if (e.name === 'thread_name' && e.args?.name) this.names.set(k, e.args.name);
        else if (e.name === 'Profile') this.profile(e);
        else if (e.name === 'ProfileChunk') this.chunk(e);
        else if (e.ph === 'X' && TASK.test(e.name)) {
          if ((e.dur ?? 0) >= LONG_US) this.thread(k).long.push({ ts: e.ts, end: e.ts + e.dur! });
        } else if (e.ph === 'X' && (e.dur ?? 0) >= 1000) {
          const t = this.thread(k);
          if (t.events.length < MAX_EVENTS)
            t.events.push({ label: eventLabel(e), ts: e.ts, end: e.ts + e.dur! });
        } else if (e.ph === 'B') this.thread(k).open.push({ name: e.name, ts: e.ts });
        else if (e.ph === 'E') {
          const b = this.threads.get(k)?.open.pop();
          if (b && TASK.test(b.name) && e.ts - b.ts >= LONG_US)
            this.thread(k).long.push({ ts: b.ts, end: e.ts });
        }
      } catch {
        this.skipped++; // an event of another shape: counted, not fatal to a long run
      }
    }
  }

  private profile(e: TraceEvent): void {
    const key = `${e.pid}:${e.id}`;
    this.profiles.set(key, {
      thread: `${e.pid}/${e.tid}`,
      clock: e.args?.data?.startTime ?? e.ts,
      nodes: new Map(),
    });
    const waiting = this.pending.get(key);
    this.pending.delete(key);
    for (const c of waiting ?? []) this.chunk(c);
  }

  private chunk(e: TraceEvent): void {
    const key = `${e.pid}:${e.id}`;
    const p = this.profiles.get(key);
    if (!p) {
      const waiting = this.pending.get(key) ?? [];
      waiting.push(e);
      this.pending.set(key, waiting);
      return;
    }
    const t = this.thread(p.thread);
    const cpu = e.args?.data?.cpuProfile;
    for (const n of cpu?.nodes ?? []) {
      const parent = n.parent !== undefined ? p.nodes.get(n.parent) : undefined;
      const key = frameKey(n.callFrame ?? {});
      if (!n.callFrame?.functionName && n.callFrame?.url)
        this.anonymousAt.set(key, {
          url: n.callFrame.url,
          line: n.callFrame.lineNumber ?? 0,
          column: n.callFrame.columnNumber ?? 0,
        });
      p.nodes.set(n.id, {
        key,
        ...(parent ? { parent } : {}),
        script: (n.callFrame?.url ?? '').split('/').pop() ?? '',
      });
    }
    const samples = cpu?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    for (const [i, id] of samples.entries()) {
      p.clock += deltas[i] ?? 0;
      // A sample stands for the time until the next one (the chunk's last: its own delta).
      const ms = Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
      const node = p.nodes.get(id);
      if (!node || IDLE.test(node.key)) continue;
      if (t.samples.length < this.maxSamples) t.samples.push({ ts: p.clock, ms, node });
      if (NATIVE.test(node.key)) continue;
      t.ms += ms;
      add(t.self, node.key, ms);
      const seen = new Set<string>();
      for (let n: Node | undefined = node; n; n = n.parent) {
        if (n.script) add(t.scripts, n.script, ms);
        if (seen.has(n.key)) continue;
        seen.add(n.key);
        add(t.total, n.key, ms);
      }
    }
  }

  private label(k: string, t: Thread): string {
    const base = this.names.get(k) ?? k;
    const script = [...t.scripts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    return base === 'CrRendererMain' ? 'main' : `${base} (${script.replace(/-[\w-]{8}\.js$/, '.js')})`;
  }

  /** What ran in one task: its samples' leaves by self time, the named frames by total time. */
  private inside(t: Thread, task: { ts: number; end: number }, top: number) {
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    let sampled = 0;
    for (let i = firstAt(t.samples, task.ts); i < t.samples.length && t.samples[i]!.ts <= task.end; i++) {
      const s = t.samples[i]!;
      sampled += s.ms;
      add(self, s.node.key, s.ms);
      const seen = new Set<string>();
      for (let n: Node | undefined = s.node; n; n = n.parent)
        if (!n.key.startsWith('(') && !seen.has(n.key)) {
          seen.add(n.key);
          add(total, n.key, s.ms);
        }
    }
    const list = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([fn, ms]) => ({ fn, ms: Math.round(ms) }));
    // The trace's events inside the task, each label counted once where its events nest.
    const parts = new Map<string, number>();
    const open = new Map<string, number>();
    const events = t.events.filter((e) => e.ts >= task.ts && e.end <= task.end).sort((a, b) => a.ts - b.ts);
    for (const e of events) {
      if ((open.get(e.label) ?? -1) >= e.end) continue;
      open.set(e.label, e.end);
      add(parts, e.label, (e.end - e.ts) / 1000);
    }
    return {
      sampled_ms: Math.round(sampled),
      self: list(self),
      total: list(total),
      parts: [...parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, ms]) => ({ name, ms: Math.round(ms) })),
    };
  }

  /**
   * Each thread that ran script, busiest first, with its top functions; and every renderer main
   * thread's task of 100 ms and more, in time order, with what ran in it.
   */
  summary(top = 25): { data_loss: boolean; threads: ThreadProfile[]; long_tasks: LongTask[] } {
    const threads: ThreadProfile[] = [];
    const long: LongTask[] = [];
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    for (const t of this.threads.values())
      for (const s of t.samples) {
        from = Math.min(from, s.ts);
        to = Math.max(to, s.ts);
      }
    const tenth = (to - from) / 10;
    for (const [k, t] of [...this.threads].sort((a, b) => b[1].ms - a[1].ms)) {
      const label = this.label(k, t);
      if (t.ms >= 1) {
        const list = (m: Map<string, number>) =>
          [...m]
            .sort((a, b) => b[1] - a[1])
            .slice(0, top)
            .map(([fn, ms]) => ({ fn, ms: Math.round(ms), share: Math.round((ms / t.ms) * 1000) / 1000 }));
        threads.push({
          thread: label,
          busy_ms: Math.round(t.ms),
          self: list(t.self),
          total: list(new Map([...t.total].filter(([fn]) => !fn.startsWith('(')))),
          first_tenth: windowSelf(t, from, from + tenth),
          last_tenth: windowSelf(t, to - tenth, to),
        });
      }
      // Workers' tasks are long by design (that is why the work is there); only a renderer main
      // thread's task blocks input. A renderer main thread that ran no script is not the page.
      if (this.names.get(k) !== 'CrRendererMain' || t.ms < 1) continue;
      // With devtools.timeline on, one task comes as both `RunTask` and
      // `ThreadControllerImpl::RunTask`: a task inside one already listed is the same task.
      let last = { ts: -1, end: -1 };
      for (const task of [...t.long].sort((a, b) => a.ts - b.ts || b.end - a.end)) {
        if (task.ts >= last.ts && task.end <= last.end) continue;
        last = task;
        long.push({
          thread: label,
          at_ms: Math.round((task.ts - this.t0) / 1000),
          ms: Math.round((task.end - task.ts) / 1000),
          ...this.inside(t, task, 10),
        });
      }
    }
    return { data_loss: this.dataLoss, threads, long_tasks: long.sort((a, b) => a.at_ms - b.at_ms) };
  }
  /**
   * Names the summary's anonymous functions by quoting the (unminified) bundle where each starts,
   * fetched from `fetchText(url)` while the server still runs: the quote is enough to find the
   * function in the source.
   */
  async quoteAnonymous(
    summary: { threads: ThreadProfile[] },
    fetchText: (url: string) => Promise<string>,
  ): Promise<void> {
    const scripts = new Map<string, Promise<string[]>>();
    for (const t of summary.threads) {
      const quotes: Record<string, string> = {};
      for (const { fn } of [...t.self, ...t.total]) {
        const at = this.anonymousAt.get(fn);
        if (!at || quotes[fn]) continue;
        if (!scripts.has(at.url))
          scripts.set(
            at.url,
            fetchText(at.url)
              .then((s) => s.split('\n'))
              .catch(() => []),
          );
        const lines = await scripts.get(at.url)!;
        const before = lines.slice(Math.max(0, at.line - 2), at.line).join(' ⏎ ');
        quotes[fn] =
          `${before.slice(-160)} ⏎ ${(lines[at.line] ?? '').slice(Math.max(0, at.column - 40), at.column + 160)}`;
      }
      if (Object.keys(quotes).length) t.anonymous = quotes;
    }
  }
}

/** Self time per function of the samples between `from` and `to` (trace µs), top 15. */
function windowSelf(t: Thread, from: number, to: number): Array<{ fn: string; ms: number }> {
  const inside = new Map<string, number>();
  for (const s of t.samples)
    if (s.ts >= from && s.ts <= to && !NATIVE.test(s.node.key)) add(inside, s.node.key, s.ms);
  return [...inside]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([fn, ms]) => ({ fn, ms: Math.round(ms) }));
}

/** Starts tracing every thread's CPU profile (and tasks) through `cdp`; `stop` ends it and sums. */
export async function startCpuProfile(cdp: CDPSession): Promise<{ stop: () => Promise<CpuProfileSink> }> {
  const sink = new CpuProfileSink();
  cdp.on('Tracing.dataCollected', (e) => sink.take(e.value as unknown as TraceEvent[]));
  await cdp.send('Tracing.start', {
    // devtools.timeline: what a task did besides script (style, layout, paint, event dispatch).
    categories:
      'disabled-by-default-v8.cpu_profiler,toplevel,disabled-by-default-devtools.timeline,devtools.timeline,__metadata',
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      const done = new Promise<{ dataLossOccurred?: boolean }>((ok) =>
        cdp.once('Tracing.tracingComplete', ok),
      );
      await cdp.send('Tracing.end');
      sink.dataLoss = (await done).dataLossOccurred === true;
      return sink;
    },
  };
}

/** Ends `profile`, writes its summary to `file` and notes each thread's top and each long task. */
export async function writeProfile(
  profile: { stop: () => Promise<CpuProfileSink> },
  file: string,
): Promise<void> {
  const sink = await profile.stop();
  const summary = sink.summary(40);
  await sink.quoteAnonymous(summary, async (url) => (await fetch(url)).text());
  writeFileSync(file, JSON.stringify(summary, null, 1));
  for (const t of summary.threads) {
    note(`profile: ${t.thread}: ${(t.busy_ms / 1000).toFixed(1)} s busy; by self time:`);
    for (const f of t.self.slice(0, 12)) note(`  ${(f.share * 100).toFixed(1)} %  ${f.ms} ms  ${f.fn}`);
    for (const [fn, quote] of Object.entries(t.anonymous ?? {})) note(`  ${fn} is: ${quote}`);
  }
  const lost = summary.data_loss ? ' (the trace dropped events: sums are short)' : '';
  note(`profile: ${summary.long_tasks.length} main-thread tasks of 100 ms and more${lost}:`);
  const fns = (xs: Array<{ fn: string; ms: number }>, n: number) =>
    xs
      .slice(0, n)
      .map((f) => `${f.fn} ${f.ms}`)
      .join(', ');
  for (const t of summary.long_tasks)
    note(
      `  +${(t.at_ms / 1000).toFixed(1)} s ${t.ms} ms: ${fns(t.total, 5)} | self: ${fns(t.self, 4)} | ` +
        t.parts
          .slice(0, 4)
          .map((p) => `${p.name} ${p.ms}`)
          .join(', '),
    );
  note(`profile written to ${file}`);
}
