import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { stringChunks } from '../core/importers/pipeline';
import { planStepFiles } from '../core/training/step-files';
import { importIntoDb } from '../db/import-into-db';
import { countTrajectories, storedTrajectoryIds } from '../db/store';
import { freshDbPerTest } from '../testing/fresh-db';

freshDbPerTest();

/** A veRL rollout sample (Search-R1 response shape) of question `q`. */
const sample = (q: string, score: number) =>
  JSON.stringify({
    input: `user\nAnswer the question, searching with <search> query </search> when needed. Question: ${q}\nassistant\n`,
    output: `<search> ${q} </search><information>Doc 1 (Title: ${q}) text</information><answer> yes </answer>`,
    score,
    step: 5,
    gts: { target: ['yes'] },
  });

/** Imports `lines` as the followed folder's `path` does (the name planStepFiles gives it). */
async function importStep(path: string, lines: readonly string[]) {
  const name = planStepFiles([path], 'grpo').files[0]!.name;
  return importIntoDb(stringChunks(`${lines.join('\n')}\n`), { file: name, format: 'verl' });
}

describe('a followed step file imported again', () => {
  it('keeps one copy of the lines it held before when the trainer appended to it', async () => {
    // Two lines of the same text: the salt (import name and line) keeps them two samples.
    const first = [sample('q1', 1), sample('q2', 0), sample('q2', 0)];
    expect((await importStep('global_step_5/rollout.jsonl', first)).imported).toBe(3);
    const ids = await storedTrajectoryIds();
    expect(ids.size).toBe(3);
    const grown = [...first, sample('q3', 1), sample('q4', 0)];
    expect((await importStep('global_step_5/rollout.jsonl', grown)).imported).toBe(5);
    expect(await countTrajectories()).toBe(5);
    const after = await storedTrajectoryIds();
    for (const id of ids) expect(after.has(id)).toBe(true);
  });

  it('keeps the earlier samples beside the new ones when the trainer rewrote it (the follower warns)', async () => {
    await importStep('5.jsonl', [sample('q1', 1), sample('q2', 0)]);
    await importStep('5.jsonl', [sample('q1', 0), sample('q2', 1)]);
    expect(await countTrajectories()).toBe(4);
  });
});
