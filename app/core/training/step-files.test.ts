import { describe, expect, it } from 'vitest';
import { runFromFileName, stepFromFileName } from '../importers/formats/verl-path';
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
    expect(plan.runs).toEqual(['grpo-a']);
  });

  it('names the run it is given when the step files sit in one subfolder (as run-summary --run does)', () => {
    const plan = planStepFiles(['rollout/2.jsonl', 'rollout/1.jsonl', 'README.md'], 'grpo');
    expect(plan.files.map((f) => [f.name, f.run, f.step])).toEqual([
      ['grpo/1.jsonl', 'grpo', 1],
      ['grpo/2.jsonl', 'grpo', 2],
    ]);
    // The importer reads back what the plan says.
    for (const f of plan.files) {
      expect(runFromFileName(f.name)).toBe(f.run);
      expect(stepFromFileName(f.name)).toBe(f.step);
    }
  });

  it('gives each run folder of a picked folder its own run, named by its path inside it', () => {
    const plan = planStepFiles(
      ['a/val/1.jsonl', 'b/val/1.jsonl', 'b/val/global_step_2/val.jsonl', '3.jsonl'],
      'x',
    );
    expect(plan.runs).toEqual(['a/val', 'b/val', 'x']);
    expect(plan.files.map((f) => [f.run, f.step, f.name])).toEqual([
      ['a/val', 1, 'a/val/1.jsonl'],
      ['b/val', 1, 'b/val/1.jsonl'],
      ['b/val', 2, 'b/val/global_step_2/val.jsonl'],
      ['x', 3, 'x/3.jsonl'],
    ]);
    for (const f of plan.files) expect(runFromFileName(f.name)).toBe(f.run);
  });
});
