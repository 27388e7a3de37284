// `npx tsx bench/trace-tasks.ts TRACE.json [--over MS]`: the long main-thread tasks in a Chromium
// trace (as `npm run bench -- huge-views --trace TRACE.json` writes), each with the time spent
// in what it did (scripts by function and URL, message events, GC, style, layout, paint), so a
// long task is named by its parts rather than guessed at.
import { readFileSync } from 'node:fs';

interface Ev {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { type?: string; functionName?: string; url?: string; lineNumber?: number };
  };
}

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-tasks.ts TRACE.json [--over MS]');
const over = Number(rest[rest.indexOf('--over') + 1] ?? 50) || 50;
const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Ev[] }).traceEvents;
// The page's renderer: of the renderer main threads (a blank page has its own), the busiest.
const count = new Map<string, number>();
for (const e of events)
  if (e.ph === 'X') count.set(`${e.pid}/${e.tid}`, (count.get(`${e.pid}/${e.tid}`) ?? 0) + 1);
const main = events
  .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  .sort((a, b) => (count.get(`${b.pid}/${b.tid}`) ?? 0) - (count.get(`${a.pid}/${a.tid}`) ?? 0))[0];
if (!main) throw new Error(`${file}: no renderer main thread in the trace`);
const onMain = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts);
const marks = events.filter((e) => e.pid === main.pid && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n'));
const t0 = onMain[0]?.ts ?? 0;
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! / 1000 > over);

const label = (e: Ev): string => {
  const d = e.args?.data;
  if (e.name === 'FunctionCall' && d)
    return `FunctionCall ${d.functionName || '(anonymous)'} ${d.url?.split('/').pop() ?? ''}:${d.lineNumber ?? ''}`;
  if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`;
  return e.name;
};

for (const task of tasks) {
  const end = task.ts + task.dur!;
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
  // Self-inclusive totals per label, counting only outermost events of each label.
  const totals = new Map<string, number>();
  const open: Ev[] = [];
  for (const e of inside) {
    const l = label(e);
    if (open.some((o) => label(o) === l && o.ts + o.dur! >= e.ts + e.dur!)) continue;
    open.push(e);
    totals.set(l, (totals.get(l) ?? 0) + e.dur! / 1000);
  }
  const near = marks.filter((m) => m.ts >= task.ts - 2e6 && m.ts <= end).map((m) => m.name);
  console.log(
    `task at +${((task.ts - t0) / 1e6).toFixed(2)} s: ${(task.dur! / 1000).toFixed(0)} ms${near.length ? ` (marks: ${near.slice(-3).join(', ')})` : ''}`,
  );
  for (const [l, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${l}`);
}
console.log(`${tasks.length} tasks over ${over} ms`);
