// A CPU profile of every thread of a page (main, its workers), read from a Chromium trace with V8's
// sampling profiler on (`disabled-by-default-v8.cpu_profiler`) and summed as it streams in, so a
// ten-minute import never holds its trace in memory. Each thread is named by the script most of its
// frames come from (`import.worker-….js`), as every worker thread is "DedicatedWorker thread".
// Used by `npm run bench -- training --profile FILE`; the app must be built unminified for names.
import type { CDPSession } from '@playwright/test';

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
interface TraceEvent {
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
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface Thread {
  nodes: Map<number, { key: string; parent?: number; script: string }>;
  self: Map<string, number>;
  total: Map<string, number>;
  scripts: Map<string, number>;
  ms: number;
  /** Main-thread tasks of 100 ms and more: start (µs), duration (ms). */
  long: Array<{ ts: number; ms: number }>;
  sampleTimes: Array<{ ts: number; key: string }>;
}

export interface ThreadProfile {
  thread: string;
  busy_ms: number;
  /** Functions by self time: name (file:line), ms, share of this thread's sampled time. */
  self: Array<{ fn: string; ms: number; share: number }>;
  /** Functions by total time (self + callees), for the app's own functions. */
  total: Array<{ fn: string; ms: number; share: number }>;
  /** For each anonymous function listed: the bundle's text where it starts (see `quoteAnonymous`). */
  anonymous?: Record<string, string>;
}

export interface LongTask {
  thread: string;
  at_ms: number;
  ms: number;
  /** The functions sampled during it, by self time. */
  top: Array<{ fn: string; ms: number }>;
}

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

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

export class CpuProfileSink {
  private threads = new Map<string, Thread>();
  /** Each anonymous frame's key → its script URL and 0-based position, to quote the bundle there. */
  private anonymousAt = new Map<string, { url: string; line: number; column: number }>();
  private names = new Map<string, string>();
  private t0 = Number.POSITIVE_INFINITY;
  skipped = 0;

  private thread(pid: number, tid: number): Thread {
    const k = `${pid}/${tid}`;
    let t = this.threads.get(k);
    if (!t) {
      t = {
        nodes: new Map(),
        self: new Map(),
        total: new Map(),
        scripts: new Map(),
        ms: 0,
        long: [],
        sampleTimes: [],
      };
      this.threads.set(k, t);
    }
    return t;
  }

  take(events: TraceEvent[]): void {
    for (const e of events) {
      try {
        if (e.ts > 0) this.t0 = Math.min(this.t0, e.ts);
        if (e.name === 'thread_name' && e.args?.name) this.names.set(`${e.pid}/${e.tid}`, e.args.name);
        else if (TASK.test(e.name) && e.ph === 'X' && (e.dur ?? 0) >= 100_000)
          this.thread(e.pid, e.tid).long.push({ ts: e.ts, ms: e.dur! / 1000 });
        else if (e.name === 'ProfileChunk') this.chunk(e);
      } catch {
        this.skipped++; // an event of another shape: counted, not fatal to a long run
      }
    }
  }

  private chunk(e: TraceEvent): void {
    const t = this.thread(e.pid, e.tid);
    const p = e.args?.data?.cpuProfile;
    for (const n of p?.nodes ?? []) {
      const script = (n.callFrame?.url ?? '').split('/').pop() ?? '';
      const key = frameKey(n.callFrame ?? {});
      if (!n.callFrame?.functionName && n.callFrame?.url)
        this.anonymousAt.set(key, {
          url: n.callFrame.url,
          line: n.callFrame.lineNumber ?? 0,
          column: n.callFrame.columnNumber ?? 0,
        });
      t.nodes.set(n.id, {
        key,
        ...(n.parent !== undefined ? { parent: n.parent } : {}),
        script,
      });
    }
    const samples = p?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    let ts = e.ts;
    for (const [i, id] of samples.entries()) {
      const ms = Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
      ts += deltas[i] ?? 0;
      const node = t.nodes.get(id);
      if (!node) continue;
      if (node.key.startsWith('(idle)') || node.key.startsWith('(program)')) continue;
      t.ms += ms;
      add(t.self, node.key, ms);
      if (t.sampleTimes.length < 3_000_000) t.sampleTimes.push({ ts, key: node.key });
      const seen = new Set<string>();
      for (
        let n: typeof node | undefined = node;
        n;
        n = n.parent !== undefined ? t.nodes.get(n.parent) : undefined
      ) {
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

  /** Each thread that ran script, busiest first, with its top functions. */
  summary(top = 25): { threads: ThreadProfile[]; long_tasks: LongTask[] } {
    const threads: ThreadProfile[] = [];
    const long: LongTask[] = [];
    for (const [k, t] of [...this.threads].sort((a, b) => b[1].ms - a[1].ms)) {
      if (t.ms < 1) continue;
      const label = this.label(k, t);
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
      });
      for (const task of t.long) {
        const inside = new Map<string, number>();
        const end = task.ts + task.ms * 1000;
        let prev = task.ts;
        for (const s of t.sampleTimes)
          if (s.ts >= task.ts && s.ts <= end) {
            add(inside, s.key, (s.ts - prev) / 1000);
            prev = s.ts;
          }
        long.push({
          thread: label,
          at_ms: Math.round((task.ts - this.t0) / 1000),
          ms: Math.round(task.ms),
          top: [...inside]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([fn, ms]) => ({ fn, ms: Math.round(ms) })),
        });
      }
    }
    return { threads, long_tasks: long.sort((a, b) => b.ms - a.ms).slice(0, 20) };
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
        const line = (await scripts.get(at.url)!)[at.line] ?? '';
        const before = (await scripts.get(at.url)!).slice(Math.max(0, at.line - 2), at.line).join(' ⏎ ');
        quotes[fn] = `${before.slice(-160)} ⏎ ${line.slice(Math.max(0, at.column - 40), at.column + 160)}`;
      }
      if (Object.keys(quotes).length) t.anonymous = quotes;
    }
  }
}

/** Starts tracing every thread's CPU profile (and tasks) through `cdp`; `stop` ends it and sums. */
export async function startCpuProfile(cdp: CDPSession): Promise<{ stop: () => Promise<CpuProfileSink> }> {
  const sink = new CpuProfileSink();
  cdp.on('Tracing.dataCollected', (e) => sink.take(e.value as unknown as TraceEvent[]));
  await cdp.send('Tracing.start', {
    categories: 'disabled-by-default-v8.cpu_profiler,toplevel,__metadata',
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
      await cdp.send('Tracing.end');
      await done;
      return sink;
    },
  };
}
