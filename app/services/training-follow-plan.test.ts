import { describe, expect, it } from 'vitest';
import { byStep, filesToImport, isFollowedStepFile, SETTLED_AFTER_MS } from './training-follow-plan';

const f = (name: string, size = 10, lastModified = 1_000) => ({ name, size, lastModified });
const NOW = 100_000;

describe('followed folder: which files to import', () => {
  it('takes step files only, in step order (10 after 9, not after 1)', () => {
    expect(isFollowedStepFile('12.jsonl')).toBe(true);
    expect(isFollowedStepFile('val_3.json')).toBe(false);
    expect(isFollowedStepFile('step_3.json')).toBe(true);
    expect(isFollowedStepFile('global_step_3/rollout.jsonl')).toBe(true);
    expect(isFollowedStepFile('.12.jsonl.swp')).toBe(false);
    expect(isFollowedStepFile('notes.txt')).toBe(false);
    expect(isFollowedStepFile('12.jsonl.crdownload')).toBe(false);
    // JSON Lines name their step in their records; a .json naming none is a config, not a step.
    expect(isFollowedStepFile('rollouts.jsonl')).toBe(true);
    expect(isFollowedStepFile('config.json')).toBe(false);
    expect(isFollowedStepFile('global_step_3/actor/config.json')).toBe(false);
    const names = ['10.jsonl', '9.jsonl', 'a.jsonl', '1.jsonl'].map((n) => f(n)).sort(byStep);
    expect(names.map((x) => x.name)).toEqual(['1.jsonl', '9.jsonl', '10.jsonl', 'a.jsonl']);
    // The step the importer reads (verl-path), not the name's last number (a GPU rank).
    const ranked = ['rollout_step12_gpu0.jsonl', 'rollout_step3_gpu1.jsonl'].map((n) => f(n)).sort(byStep);
    expect(ranked.map((x) => x.name)).toEqual(['rollout_step3_gpu1.jsonl', 'rollout_step12_gpu0.jsonl']);
  });

  it('imports old files at once, waits one look for a file just written, skips what was imported', () => {
    const old = f('1.jsonl', 10, NOW - SETTLED_AFTER_MS - 1);
    const fresh = f('2.jsonl', 10, NOW - 100);
    expect(filesToImport([old, fresh], {}, null, NOW).map((x) => x.name)).toEqual(['1.jsonl']);
    // The next look sees 2.jsonl unchanged: settled.
    const before = new Map([[fresh.name, fresh]]);
    expect(filesToImport([old, fresh], { '1.jsonl': old }, before, NOW + 2000).map((x) => x.name)).toEqual([
      '2.jsonl',
    ]);
  });

  it('leaves a file that grew since the last look, and an empty one, for later', () => {
    const growing = f('3.jsonl', 50, NOW - 10);
    const before = new Map([['3.jsonl', f('3.jsonl', 20, NOW - 1500)]]);
    expect(filesToImport([growing], {}, before, NOW)).toEqual([]);
    const empty = f('4.jsonl', 0, NOW - 60_000);
    expect(filesToImport([empty], {}, new Map([['4.jsonl', empty]]), NOW)).toEqual([]);
  });

  it('imports a file again once it changed after its import', () => {
    const was = f('5.jsonl', 10, NOW - 60_000);
    const now = f('5.jsonl', 30, NOW - 60_000 + 5);
    expect(filesToImport([now], { '5.jsonl': was }, null, NOW).map((x) => x.name)).toEqual(['5.jsonl']);
    expect(filesToImport([was], { '5.jsonl': was }, null, NOW)).toEqual([]);
  });

  it('leaves a file that failed until its size or time changes', () => {
    const bad = f('6.jsonl', 10, NOW - 60_000);
    const failed = { '6.jsonl': { size: 10, lastModified: NOW - 60_000, error: 'line 1: no step' } };
    expect(filesToImport([bad], {}, null, NOW, failed)).toEqual([]);
    const grown = f('6.jsonl', 40, NOW - 30_000);
    expect(filesToImport([grown], {}, null, NOW, failed).map((x) => x.name)).toEqual(['6.jsonl']);
    const touched = f('6.jsonl', 10, NOW - 30_000);
    expect(filesToImport([touched], {}, null, NOW, failed).map((x) => x.name)).toEqual(['6.jsonl']);
  });
});
