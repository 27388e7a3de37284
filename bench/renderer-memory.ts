// The memory of the Chromium renderer processes this bench started (a tab and its workers run in
// one renderer), read from /proc: the processes descending from this Node process whose command
// line says `--type=renderer`, other engineers' browsers on the machine never counted. Linux only;
// an empty list elsewhere.
import { readFileSync } from 'node:fs';
import { descendantPids } from './proc-tree';

export interface RendererMemory {
  pid: number;
  /** Resident now and at its peak (VmRSS, VmHWM), MiB. */
  rss_mib: number;
  peak_mib: number;
}

function status(pid: number): Record<string, string> | null {
  try {
    return Object.fromEntries(
      readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .map((l) => l.split(/:\s+/, 2) as [string, string]),
    );
  } catch {
    return null;
  }
}

const kib = (v: string | undefined) => Number((v ?? '0').split(' ')[0]) / 1024;

export function rendererMemory(root = process.pid): RendererMemory[] {
  const out: RendererMemory[] = [];
  for (const pid of descendantPids(root)) {
    let cmd: string;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmd.includes('--type=renderer')) continue;
    const s = status(pid);
    if (s) out.push({ pid, rss_mib: Math.round(kib(s.VmRSS)), peak_mib: Math.round(kib(s.VmHWM)) });
  }
  return out.sort((a, b) => b.peak_mib - a.peak_mib);
}
