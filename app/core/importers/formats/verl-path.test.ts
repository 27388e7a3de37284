import { describe, expect, it } from 'vitest';
import { importName, runFromFileName, stepFromFileName } from './verl-path';
import { questionFromPrompt } from './verl-prompt';

describe('step and run from a dump file name', () => {
  it.each([
    ['12.jsonl', 12, ''],
    ['run/step_12.jsonl', 12, 'run'],
    ['run/step_0037.jsonl', 37, 'run'],
    ['run/global_step_12.jsonl', 12, 'run'],
    ['exp/run/global_step_40/val.jsonl', 40, 'exp/run'],
    ['run\\rollout_step7.jsonl', 7, 'run'],
    // The step, not the last number of the name (a GPU rank).
    ['run/rollout_step12_gpu0.jsonl', 12, 'run'],
    ['run/samples.jsonl', null, 'run'],
    ['run/val_3.jsonl', null, 'run'],
    ['run/step_3/2.json', 2, 'run'],
  ])('%s → step %s, run %j', (file, step, run) => {
    expect(stepFromFileName(file)).toBe(step);
    expect(runFromFileName(file)).toBe(run);
  });

  it('names a file of a run so the run comes back from the name, whatever folders it sat in', () => {
    expect(importName('ppo-grpo', '12.jsonl')).toBe('ppo-grpo/12.jsonl');
    expect(importName('grpo', 'rollout/global_step_4/val.jsonl')).toBe('grpo/global_step_4/val.jsonl');
    expect(runFromFileName(importName('grpo', 'rollout/1.jsonl'))).toBe('grpo');
    expect(runFromFileName(importName('a/val', 'a/val/1.jsonl'))).toBe('a/val');
    expect(importName('', 'rollout/12.jsonl')).toBe('12.jsonl');
    expect(runFromFileName(importName('', 'rollout/12.jsonl'))).toBe('');
  });
});

describe('question from a prompt', () => {
  it('reads the last Question: of the user turn (Search-R1), chat markers or not', () => {
    const body =
      'Answer the given question. For example, <answer> Beijing </answer>. Question: Who wrote Hamlet?\n';
    expect(questionFromPrompt(`system\nYou are a helpful assistant.\nuser\n${body}\nassistant\n`)).toBe(
      'Who wrote Hamlet?',
    );
    expect(
      questionFromPrompt(
        `<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>user\n${body}<|im_end|>\n<|im_start|>assistant\n`,
      ),
    ).toBe('Who wrote Hamlet?');
    expect(questionFromPrompt('Question: example one\nAnswer: x\nQuestion: the real one\n')).toBe(
      'the real one',
    );
  });

  it('reads R1-Searcher’s User: line, else the user turn’s last line', () => {
    expect(
      questionFromPrompt('The User asks a question.\n\nUser:Where is Dunhollow?\nAssistant: <think>'),
    ).toBe('Where is Dunhollow?');
    expect(
      questionFromPrompt('system\nBe brief.\nuser\nSearch well.\nWhere is Dunhollow?\nassistant\n'),
    ).toBe('Where is Dunhollow?');
  });
});
