import { describe, expect, it } from 'vitest';
import { cpuBetween, perFile, processKind, statSeconds, type ThreadCpu } from './thread-cpu';

describe('thread CPU from /proc', () => {
  it('reads utime + stime after a name holding spaces and parentheses', () => {
    const stat = '4242 (Chrome (IO) x) S 1 2 3 4 5 6 7 8 9 10 250 75 0 0 20 0 1 0 100 0 0';
    expect(statSeconds(stat)).toBe(3.25);
  });

  it('names the kind of Chromium process from its command line', () => {
    expect(processKind('/usr/lib/chromium/chromium --headless --no-sandbox')).toBe('browser');
    expect(processKind('chromium --type=renderer --lang=en-US')).toBe('renderer');
    expect(processKind('chromium --type=gpu-process --x')).toBe('gpu');
    expect(processKind('chromium --type=utility --utility-sub-type=network.mojom.NetworkService')).toBe(
      'utility:NetworkService',
    );
  });

  it('sums threads by process and name, keeping each worker apart in the order it started', () => {
    const t = (process: string, pid: number, tid: number, name: string, s: number): ThreadCpu => ({
      process,
      pid,
      tid,
      name,
      s,
    });
    const a = [
      t('browser', 1, 10, 'ThreadPoolForeg', 5),
      t('browser', 1, 11, 'ThreadPoolForeg', 5),
      t('renderer', 2, 30, 'DedicatedWorker', 1),
      t('renderer', 2, 20, 'CrRendererMain', 2),
    ];
    const b = [
      t('browser', 1, 10, 'ThreadPoolForeg', 6),
      t('browser', 1, 11, 'ThreadPoolForeg', 7.5),
      t('renderer', 2, 30, 'DedicatedWorker', 4),
      // Started between the two snapshots: all its time counts, and it is the second worker.
      t('renderer', 2, 31, 'DedicatedWorker', 0.5),
      t('renderer', 2, 20, 'CrRendererMain', 2),
    ];
    expect(cpuBetween(a, b)).toEqual({
      'browser ThreadPoolForeg': 3.5,
      'renderer DedicatedWorker #1': 3,
      'renderer DedicatedWorker #2': 0.5,
    });
    expect(perFile(cpuBetween(a, b), 2)).toEqual({
      'browser ThreadPoolForeg': 1750,
      'renderer DedicatedWorker #1': 1500,
      'renderer DedicatedWorker #2': 250,
    });
  });
});
