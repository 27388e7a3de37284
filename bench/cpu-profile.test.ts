import { describe, expect, it } from 'vitest';
import { CpuProfileSink, type TraceEvent } from './cpu-profile';

// A renderer (pid 1): its main thread (tid 10), one worker (tid 20), and the profiler's own thread
// (tid 99) that emits every ProfileChunk, as Chromium 156 writes them.
const meta = (tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid: 1,
  tid,
  args: { name },
});
const task = (tid: number, ts: number, ms: number): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  cat: 'toplevel',
  ph: 'X',
  ts,
  dur: ms * 1000,
  pid: 1,
  tid,
});
const frame = (id: number, functionName: string, parent?: number) => ({
  id,
  ...(parent !== undefined ? { parent } : {}),
  // V8's own frames ((root), (garbage collector), (idle)) have no script.
  callFrame: functionName.startsWith('(')
    ? { functionName }
    : { functionName, url: 'http://127.0.0.1/assets/index-AbCd1234.js', lineNumber: id },
});
/** One sample every 10 ms from `from` (µs, after the previous sample), each of `ids` in turn. */
const chunk = (id: string, ids: number[], first: number, nodes: ReturnType<typeof frame>[] = []) => ({
  name: 'ProfileChunk',
  ph: 'P',
  ts: 9_000_000, // when the profiler flushed it: not when its samples ran
  pid: 1,
  tid: 99,
  id,
  args: {
    data: {
      cpuProfile: { nodes, samples: ids },
      timeDeltas: ids.map((_, i) => (i === 0 ? first : 10_000)),
    },
  },
});
const profile = (tid: number, id: string, startTime: number): TraceEvent => ({
  name: 'Profile',
  ph: 'P',
  ts: startTime,
  pid: 1,
  tid,
  id,
  args: { data: { startTime } },
});

describe('the CPU profile sink', () => {
  it('names what ran in each main-thread task of 100 ms and more, by the profile’s own clock', () => {
    const sink = new CpuProfileSink();
    const nodes = [
      frame(1, '(root)'),
      frame(2, 'render', 1),
      frame(3, 'drawPlot', 2),
      frame(4, '(garbage collector)', 1),
      frame(5, '(idle)', 1),
    ];
    sink.take([
      meta(10, 'CrRendererMain'),
      meta(20, 'DedicatedWorker thread'),
      meta(99, 'v8:ProfEvntProc'),
      // The worker's chunk arrives before its Profile event: held until it comes.
      chunk('0x2', [2, 2, 2], 10_000, nodes) as TraceEvent,
      profile(10, '0x1', 1_000_000),
      profile(20, '0x2', 1_000_000),
      // Main: samples at 1.01 s … 1.15 s: drawPlot ×10, GC ×3, idle ×2.
      chunk('0x1', [3, 3, 3, 3, 3, 3], 10_000, nodes) as TraceEvent,
      chunk('0x1', [3, 3, 3, 3, 4, 4, 4, 5, 5], 10_000) as TraceEvent,
      task(10, 1_005_000, 130), // 1.005 … 1.135 s
      { ...task(10, 1_005_000, 130), name: 'RunTask', cat: 'disabled-by-default-devtools.timeline' }, // the same task
      task(10, 1_140_000, 40), // short: not listed
      { name: 'ThreadControllerImpl::RunTask', ph: 'B', ts: 2_000_000, pid: 1, tid: 10 },
      { name: 'Nested', ph: 'B', ts: 2_010_000, pid: 1, tid: 10 },
      { name: '', ph: 'E', ts: 2_020_000, pid: 1, tid: 10 },
      { name: '', ph: 'E', ts: 2_120_000, pid: 1, tid: 10 },
      task(20, 1_000_000, 500), // a worker's long task: workers may block, the page may not
    ]);
    const { long_tasks, threads } = sink.summary();
    expect(long_tasks.map((t) => [t.thread, t.ms])).toEqual([
      ['main', 130],
      ['main', 120],
    ]);
    const [first, second] = long_tasks;
    // Samples at 1.01 … 1.13 s fall in the first task: 10 of drawPlot, 3 of GC (idle not counted).
    expect(first!.self).toEqual([
      { fn: 'drawPlot index.js:4:1', ms: 100 },
      { fn: '(garbage collector)', ms: 30 },
    ]);
    expect(first!.total).toEqual([
      { fn: 'drawPlot index.js:4:1', ms: 100 },
      { fn: 'render index.js:3:1', ms: 100 },
    ]);
    expect(first!.sampled_ms).toBe(130);
    expect(second!.self).toEqual([]);
    expect(threads.map((t) => [t.thread, t.busy_ms])).toEqual([
      ['main', 130],
      ['DedicatedWorker thread (index.js)', 30],
    ]);
  });

  it('names a task’s native work: (program) samples and the trace’s own events inside it', () => {
    const sink = new CpuProfileSink();
    const ev = (name: string, ts: number, ms: number, data?: { type?: string }): TraceEvent => ({
      name,
      ph: 'X',
      ts,
      dur: ms * 1000,
      pid: 1,
      tid: 10,
      ...(data ? { args: { data } } : {}),
    });
    sink.take([
      meta(10, 'CrRendererMain'),
      profile(10, '0x1', 0),
      // 1 sample of script, then 11 of native work, 10 ms apart from 10 ms on.
      chunk('0x1', [2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6], 10_000, [
        frame(1, '(root)'),
        frame(2, 'onMessage', 1),
        frame(6, '(program)', 1),
      ]) as TraceEvent,
      task(10, 0, 125),
      ev('EventDispatch', 5_000, 20, { type: 'message' }),
      ev('Layout', 30_000, 40),
      ev('Layout', 35_000, 10), // nested in the one before: not counted twice
      ev('UpdateLayoutTree', 80_000, 30),
      ev('Paint', 110_000, 0.5), // under a millisecond: not kept
      ev('Layout', 200_000, 50), // after the task
    ]);
    const [t] = sink.summary().long_tasks;
    expect(t!.parts).toEqual([
      { name: 'Layout', ms: 40 },
      { name: 'UpdateLayoutTree', ms: 30 },
      { name: 'EventDispatch message', ms: 20 },
    ]);
    expect(t!.self).toEqual([
      { fn: '(program)', ms: 110 },
      { fn: 'onMessage index.js:3:1', ms: 10 },
    ]);
    // Native work is a task's, not the thread's script time.
    expect(sink.summary().threads[0]!.busy_ms).toBe(10);
  });

  it('counts an event of another shape and goes on', () => {
    const sink = new CpuProfileSink();
    sink.take([
      meta(10, 'CrRendererMain'),
      profile(10, '0x1', 0),
      {
        name: 'ProfileChunk',
        ph: 'P',
        ts: 1,
        pid: 1,
        tid: 99,
        id: '0x1',
        args: { data: { cpuProfile: { nodes: 5 } } },
      },
      task(10, 0, 200),
    ] as unknown as TraceEvent[]);
    expect(sink.skipped).toBe(1);
    expect(sink.summary().long_tasks).toEqual([]);
  });
});
