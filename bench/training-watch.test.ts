import { describe, expect, it } from 'vitest';
import {
  BenchFailure,
  importTimeoutMs,
  kibPerSample,
  memoryByThread,
  type MemorySample,
  plotTimeoutMs,
  progressDue,
  progressLine,
  tabMemory,
  timelineSummary,
} from './training-watch';

const at = (t_s: number, samples: number, rss_mib: number, phase = 'import'): MemorySample => ({
  phase,
  t_s,
  samples,
  rss_mib,
  peak_mib: rss_mib,
});

describe('the training bench watch', () => {
  it('gives a 1,000,000-sample run hours, not the old fixed 600 s, and small runs at least 10 min', () => {
    expect(importTimeoutMs(256)).toBe(600_000);
    expect(importTimeoutMs(1_000_000)).toBe(50_000_000);
    expect(plotTimeoutMs(256)).toBe(600_000);
    expect(plotTimeoutMs(1_000_000)).toBe(2_000_000);
  });

  it('notes progress every 50 step files, with the rate so far', () => {
    expect(progressDue(0, 0)).toBe(false);
    expect(progressDue(0, 49)).toBe(false);
    expect(progressDue(0, 50)).toBe(true);
    expect(progressDue(50, 99)).toBe(false);
    expect(progressDue(50, 103)).toBe(true);
    expect(progressLine(150, 2000, 76_800, 800, at(795, 76_000, 1234))).toBe(
      'file 150 of 2000: 76,800 samples plotted in 800 s, 96 samples/s so far; tab 1,234 MiB (peak 1,234)',
    );
    expect(progressLine(50, 2000, 0, 0, null)).toBe(
      'file 50 of 2000: 0 samples plotted in 0 s, 0 samples/s so far',
    );
  });

  it('counts the largest renderer now and the largest peak of any', () => {
    expect(
      tabMemory([
        { rss_mib: 300, peak_mib: 900 },
        { rss_mib: 800, peak_mib: 850 },
      ]),
    ).toEqual({ rss_mib: 800, peak_mib: 900 });
    expect(tabMemory([])).toEqual({ rss_mib: 0, peak_mib: 0 });
  });

  it('says which phase failed, how far it got and the last memory sample', () => {
    const e = new BenchFailure(
      'import',
      'the renderer crashed',
      412_160,
      1_024_000,
      at(3600.4, 410_000, 3990),
    );
    expect(e.message).toBe(
      'import: the renderer crashed, with 412,160 of 1,024,000 samples plotted (stored: at least that); ' +
        'last memory sample at +3600 s: tab 3990 MiB resident, peak 3990 MiB',
    );
    expect(new BenchFailure('reload and plots', 'the page closed', 0, 10, null).message).toMatch(
      /^reload and plots: the page closed, .*no memory sample taken$/,
    );
  });

  it('summarizes the import timeline by quarters and its growth per sample', () => {
    const tl = [
      at(0, 0, 200),
      at(15, 100, 300),
      at(30, 200, 400),
      at(45, 300, 500),
      at(60, 400, 600),
      at(70, 400, 650, 'done'),
    ];
    expect(timelineSummary(tl)).toEqual([
      { samples: 100, rss_mib: 300, t_s: 15 },
      { samples: 200, rss_mib: 400, t_s: 30 },
      { samples: 300, rss_mib: 500, t_s: 45 },
      { samples: 400, rss_mib: 600, t_s: 60 },
    ]);
    // 300 MiB over 300 samples after the first with any stored.
    expect(kibPerSample(tl)).toBe(1024);
    expect(kibPerSample([at(0, 0, 200)])).toBeNull();
    expect(timelineSummary([])).toEqual([]);
    // One sample covering every quarter is listed once.
    expect(timelineSummary([at(0, 0, 200), at(1.2, 256, 261)])).toEqual([
      { samples: 256, rss_mib: 261, t_s: 1 },
    ]);
  });
});

describe('memoryByThread', () => {
  it('names the page and each worker by its script without the build hash, MiB, largest first', () => {
    const MiB = 2 ** 20;
    expect(
      memoryByThread({
        bytes: 0,
        breakdown: [
          { bytes: 10 * MiB, attribution: [{ scope: 'Window', url: 'http://127.0.0.1:4392/#/training' }] },
          {
            bytes: 900 * MiB,
            attribution: [
              {
                scope: 'DedicatedWorkerGlobalScope',
                url: 'http://127.0.0.1:4392/assets/table.worker-Bx9c1_aQ.js',
              },
            ],
          },
          {
            bytes: 40 * MiB,
            attribution: [
              {
                scope: 'DedicatedWorkerGlobalScope',
                url: 'http://127.0.0.1:4392/assets/rows.worker-D3Fq9kLm.js',
              },
            ],
          },
          {
            bytes: 2 * MiB,
            attribution: [
              {
                scope: 'DedicatedWorkerGlobalScope',
                url: 'http://127.0.0.1:4392/assets/rows.worker-D3Fq9kLm.js',
              },
            ],
          },
          { bytes: 5 * MiB, attribution: [] },
          { bytes: 0, attribution: [{ scope: 'DedicatedWorkerGlobalScope', url: 'blob:x/y' }] },
        ],
      }),
    ).toEqual({ 'table.worker': 900, 'rows.worker': 42, page: 10, shared: 5 });
  });
});
