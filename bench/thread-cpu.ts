// CPU time by thread of the Chromium processes this bench started, read from /proc (utime + stime
// of every task): the page's threads and its workers, and also the browser process, where
// IndexedDB's backend (LevelDB: puts, reads, compactions) runs, which V8's profiler never sees.
// A snapshot is cumulative; the difference of two says where the CPU went between them. Linux
// only; an empty snapshot elsewhere. Pure helpers (`cpuBetween`, `perFile`) are unit-tested.
import { readdirSync, readFileSync } from 'node:fs';
import { descendantPids } from './proc-tree';

/** Clock ticks a second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS = 100;

export interface ThreadCpu {
  /** `renderer`, `browser`, `gpu`, `utility` (with its sub-type), … */
  process: string;
  pid: number;
  tid: number;
  /** The thread's name (`comm`): `DedicatedWorker`, `ThreadPoolForeg`, `chromium`, … */
  name: string;
  /** CPU seconds used so far. */
  s: number;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** What kind of Chromium process a command line starts. */
export function processKind(cmdline: string): string {
  const arg = (name: string) => cmdline.match(new RegExp(`--${name}=([^\\0 ]+)`))?.[1];
  const type = arg('type');
  if (!type) return 'browser';
  if (type === 'gpu-process') return 'gpu';
  if (type === 'utility') return `utility:${(arg('utility-sub-type') ?? '').split('.').pop()}`;
  return type;
}

/** utime + stime of a /proc stat line, in seconds (the name in parentheses may hold spaces). */
export function statSeconds(stat: string): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so utime (14) and stime (15) are rest[11] and rest[12].
  return (Number(rest[11]) + Number(rest[12])) / TICKS;
}

/** Every thread of every Chromium process descending from `root`, with its CPU seconds so far. */
export function threadCpu(root = process.pid): ThreadCpu[] {
  const out: ThreadCpu[] = [];
  for (const pid of descendantPids(root)) {
    const cmd = read(`/proc/${pid}/cmdline`);
    if (!cmd || !/chrom/.test(cmd.split('\0')[0] ?? '')) continue;
    const kind = processKind(cmd.replace(/\0/g, ' '));
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      const name = read(`/proc/${pid}/task/${tid}/comm`)?.trim();
      if (stat && name) out.push({ process: kind, pid, tid: Number(tid), name, s: statSeconds(stat) });
    }
  }
  return out;
}

/**
 * CPU seconds each thread group used from snapshot `a` to `b`. A renderer's DedicatedWorker
 * threads are kept apart (one per worker: import, rows, table, …), numbered in the order they
 * started within their process (`renderer DedicatedWorker #2`, by tid, over both snapshots; the
 * process id added when more than one renderer ran workers); every other thread is summed by
 * process and name (the browser's ThreadPoolForeg threads, where IndexedDB runs).
 */
export function cpuBetween(a: readonly ThreadCpu[], b: readonly ThreadCpu[]): Record<string, number> {
  const was = new Map(a.map((t) => [`${t.pid}/${t.tid}`, t.s]));
  const workers = new Map<number, number[]>();
  for (const t of [...a, ...b].filter(isWorker)) {
    const tids = workers.get(t.pid) ?? [];
    if (!tids.includes(t.tid)) tids.push(t.tid);
    workers.set(t.pid, tids);
  }
  for (const tids of workers.values()) tids.sort((x, y) => x - y);
  const out: Record<string, number> = {};
  for (const t of b) {
    const used = t.s - (was.get(`${t.pid}/${t.tid}`) ?? 0);
    if (used <= 0) continue;
    const pid = workers.size > 1 ? ` ${t.pid}` : '';
    const group = isWorker(t)
      ? `renderer${pid} DedicatedWorker #${workers.get(t.pid)!.indexOf(t.tid) + 1}`
      : `${t.process} ${t.name}`;
    out[group] = (out[group] ?? 0) + used;
  }
  return out;
}

const isWorker = (t: ThreadCpu) => t.process === 'renderer' && t.name === 'DedicatedWorker';

/** `cpu` (seconds by group) as milliseconds per file over `files` files, largest first, ≥ 1 ms. */
export function perFile(cpu: Record<string, number>, files: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(cpu)
      .map(([k, s]) => [k, Math.round((s * 1000) / Math.max(1, files))] as const)
      .filter(([, ms]) => ms >= 1)
      .sort((x, y) => y[1] - x[1]),
  );
}
