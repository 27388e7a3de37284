import { describe, expect, it } from 'vitest';
import { runFromFileName } from '../importers/formats/verl-path';
import { planStepFiles } from './step-files';

describe('planStepFiles', () => {
  it('keeps the step files, names them for the run and orders them by step', () => {
    const plan = planStepFiles(
      [
        '10.jsonl',
        'config.yaml',
        '2.jsonl',
        'global_step_30/val.jsonl',
        'notes.jsonl',
        '.9.jsonl',
        '1.jsonl',
      ],
      'grpo-a',
    );
    expect(plan.files.map((f) => [f.name, f.step, f.index])).toEqual([
      ['grpo-a/1.jsonl', 1, 6],
      ['grpo-a/2.jsonl', 2, 2],
      ['grpo-a/10.jsonl', 10, 0],
      ['grpo-a/global_step_30/val.jsonl', 30, 3],
      ['grpo-a/notes.jsonl', null, 4],
    ]);
    expect(plan.skipped).toEqual(['config.yaml', '.9.jsonl']);
    expect(plan.files.every((f) => runFromFileName(f.name) === 'grpo-a')).toBe(true);
  });
});
