// The processes this bench started, read from /proc: every pid whose parent chain reaches `root`,
// so other engineers' browsers on the machine are never counted. Linux only; empty elsewhere.
import { readdirSync, readFileSync } from 'node:fs';

/** The pids descending from `root` (this Node process by default). */
export function descendantPids(root = process.pid): number[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
  const parent = new Map<number, number>();
  for (const pid of pids) {
    try {
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the name in parentheses (which may hold spaces): state, then the parent's pid.
      parent.set(pid, Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone since the listing.
    }
  }
  const descends = (pid: number) => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return pids.filter(descends);
}
