import { describe, expect, it } from 'vitest';
import { type LongFrame, longTaskLine, scriptName, summarizeLongTasks, topScript } from './long-tasks';

const script = (fn: string, duration: number, invoker = 'MessagePort.onmessage') => ({
  sourceURL: 'http://127.0.0.1:4392/assets/index-Bx9c1_aQ.js',
  sourceFunctionName: fn,
  invoker,
  duration,
});

const frames: LongFrame[] = [
  { start: 1000, duration: 600, scripts: [script('commitRoot', 120), script('replaceEqualDeep', 400)] },
  { start: 5000, duration: 150, scripts: [script('', 90, 'IDBRequest.onsuccess')] },
];

describe('the training bench long tasks', () => {
  it('attributes a task to the longest script of the frames overlapping it', () => {
    expect(topScript(1100, 500, frames)).toEqual({
      name: 'MessagePort.onmessage → replaceEqualDeep (index.js)',
      ms: 400,
      script_ms: 520,
    });
    // A frame ending at the task's start, or starting at its end, does not overlap it.
    expect(topScript(1600, 100, frames)).toBeNull();
    expect(topScript(4900, 100, frames)).toBeNull();
    expect(scriptName({ sourceURL: '', sourceFunctionName: '', invoker: '', duration: 1 })).toBe(
      '? → (anonymous)',
    );
  });

  it('places tasks over 100 ms in tenths of the import and lists the longest with their samples', () => {
    const tasks = [
      { start: 1100, duration: 500, samples: 512 },
      { start: 5000, duration: 150, samples: 4096 },
      { start: 9950, duration: 101, samples: 9000 },
      { start: 9990, duration: 90, samples: 9000 },
    ];
    const s = summarizeLongTasks(tasks, frames, 0, 10_000, 2);
    expect(s.count).toBe(4);
    expect(s.over_100ms).toBe(3);
    expect(s.over_100ms_by_tenth).toEqual([0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(s.ms_over_100_by_tenth).toEqual([0, 500, 0, 0, 0, 150, 0, 0, 0, 101]);
    expect(s.longest).toEqual([
      {
        t_s: 1.1,
        ms: 500,
        samples: 512,
        script_ms: 520,
        script: 'MessagePort.onmessage → replaceEqualDeep (index.js)',
      },
      {
        t_s: 5,
        ms: 150,
        samples: 4096,
        script_ms: 90,
        script: 'IDBRequest.onsuccess → (anonymous) (index.js)',
      },
    ]);
    // Without the Long Animation Frames API there is no script time to report, not zero.
    expect(summarizeLongTasks(tasks, [], 0, 10_000, 1).longest[0]?.script_ms).toBeNull();
    // A task before the import's start or after its end counts in the first or last tenth.
    expect(
      summarizeLongTasks([{ start: -5, duration: 200, samples: 0 }], [], 0, 10).over_100ms_by_tenth[0],
    ).toBe(1);
  });

  it('notes a long task with its time, samples and script', () => {
    expect(longTaskLine({ start: 1100, duration: 612.4, samples: 51_200 }, -900, frames)).toBe(
      'long task 612 ms at +2.0 s, 51,200 samples plotted; longest script 400 ms of 520: ' +
        'MessagePort.onmessage → replaceEqualDeep (index.js)',
    );
    expect(longTaskLine({ start: 100, duration: 700, samples: 0 }, 100, [])).toBe(
      'long task 700 ms at +0.0 s, 0 samples plotted; no script attributed',
    );
  });
});
