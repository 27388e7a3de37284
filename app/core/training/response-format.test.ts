import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { toRow } from '../table/row';

const PROMPT = 'user\nQuestion: Who wrote Hamlet?\nassistant\n';
const INFO = '<information>Doc 1(Title: Hamlet) Hamlet is a tragedy by William Shakespeare.</information>';

async function rowsOf(outputs: string[], extra: object = {}) {
  const text = outputs
    .map((output) =>
      JSON.stringify({ input: PROMPT, output, score: 0.5, step: 3, gts: ['William Shakespeare'], ...extra }),
    )
    .join('\n');
  const r = await importAll(stringChunks(text), { file: 'run-x/3.jsonl', format: 'verl' });
  expect(r.errors).toEqual([]);
  return r.trajectories.map((t) => toRow(t));
}

describe('a training sample’s row', () => {
  it('says which responses break the tag format', async () => {
    const rows = await rowsOf([
      `<think> look it up </think><search> Hamlet author </search>${INFO}<answer> William Shakespeare </answer>`,
      `<think> look it up </think><search> Hamlet author </search>${INFO}<answer> William Shakespeare`,
      `<think> look it up </think><search> Hamlet author </search>${INFO}<think> still thinking`,
      `<think> hm </think><search> </search>${INFO}<answer> William Shakespeare </answer>`,
      '<answer> Marlowe </answer><answer> William Shakespeare </answer>',
      '<answer> William Shakespeare </answer> and that is my final word',
      '<think> easy </think><answer> William Shakespeare </answer>',
    ]);
    expect(rows.map((r) => r.formatError)).toEqual([false, true, true, true, true, true, false]);
  });

  it('carries the run, step, score, reward extras, response length and duplicate-document rate', async () => {
    const output = `<search> Hamlet author </search>${INFO}<search> Hamlet writer </search>${INFO}<answer> William Shakespeare </answer>`;
    const [row] = await rowsOf([output], { acc: true, format_reward: 1, note: 'kept, not an extra' });
    expect(row).toMatchObject({
      run: 'run-x',
      trainStep: 3,
      score: 0.5,
      extras: { acc: 1, format_reward: 1 },
      responseChars: output.length,
      rc: 2,
      acc: 1,
      // The second search brought back the passage the first one had.
    });
  });

  it('is no training sample for other logs: no run, no step, no extras', async () => {
    const r = await importAll(
      stringChunks(JSON.stringify({ question: 'q?', answer: 'a', pred: '<answer> a </answer>', acc: 1 })),
      { file: 'log.jsonl', format: 'search-r1' },
    );
    const row = toRow(r.trajectories[0] as NonNullable<(typeof r.trajectories)[0]>);
    expect(row).toMatchObject({ run: '', trainStep: null, score: null, extras: {}, formatError: false });
  });
});
