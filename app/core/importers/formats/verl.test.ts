import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toRow } from '../../table/row';
import { importAll, stringChunks } from '../pipeline';
import { parseTaggedTranscript } from './tagged-transcript';

const DATA = resolve(__dirname, '../../../../../shared/data/trajectories');

/** What veRL's `tokenizer.decode(..., skip_special_tokens=True)` leaves of a chat-templated prompt. */
const decoded = (templated: string) => templated.replace(/<\|im_(?:start|end)\|>/g, '');

/** R1-Searcher's training prompt (its repo's template, the question in the `User:` line). */
const r1Prompt = (q: string) =>
  'The User asks a question, and the Assistant solves it.\nThe Assistant first thinks about the reasoning process ' +
  'in the mind and then provides the User with the final answer.\nDuring the thinking process, **the Assistant can ' +
  'perform searching** for uncertain knowledge if necessary with the format of "<|begin_of_query|> search query ' +
  '<|end_of_query|>".\n\nUser:' +
  q +
  '\nAssistant: <think>';

interface FlashragRecord {
  question: string;
  golden_answers: string[];
  output: { query: string; final_response: string };
}

describe('veRL rollout dumps, Search-R1 responses (the shared Search-R1 log as a step file)', () => {
  const records = JSON.parse(
    readFileSync(resolve(DATA, 'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json'), 'utf8'),
  ) as FlashragRecord[];
  // veRL's dump layout: no step field (an older veRL), the step in the file name, gold as Search-R1's
  // `{target: [...]}`, reward extras beside the score.
  const lines = records.map((r, i) =>
    JSON.stringify({
      input: decoded(r.output.query),
      output: r.output.final_response,
      score: i % 3 === 0 ? 1 : 0,
      gts: { target: r.golden_answers },
      format_reward: 0.5,
      data_source: 'bamboogle',
    }),
  );

  it('detects the format, reads every sample with its run, step and question from the prompt', async () => {
    const r = await importAll(stringChunks(lines.join('\n')), { file: 'sr1-grpo/global_step_40/val.jsonl' });
    expect(r.format).toBe('verl');
    expect(r.errors).toEqual([]);
    expect(r.imported).toBe(records.length);
    r.trajectories.forEach((t, i) => {
      const src = records[i] as FlashragRecord;
      expect(t.question).toBe(src.question);
      expect(t.training).toEqual({ run: 'sr1-grpo', step: 40, sample: i });
      expect(t.gold?.answers).toEqual(src.golden_answers);
      expect(t.source).toMatchObject({
        format: 'verl',
        system: 'search-r1',
        dataset: 'bamboogle',
        line: i + 1,
      });
      expect(t.reported).toEqual({ score: i % 3 === 0 ? 1 : 0, format_reward: 0.5 });
      expect(t.raw).toBe(src.output.final_response);
      // The same parse as the tagged importer's: every search of the response is a search step.
      const parsed = parseTaggedTranscript(src.output.final_response);
      expect(t.steps.filter((s) => s.kind === 'search').length).toBe(parsed.searches);
      expect(t.answer?.text).toBe(parsed.answer);
    });
    const searches = r.trajectories.map((t) => t.steps.filter((s) => s.kind === 'search').length);
    expect(searches.filter((n) => n > 0).length).toBeGreaterThan(records.length / 2);
    // Documents come through with their titles (Search-R1's `Doc i(Title: t) text`).
    const docs = r.trajectories.flatMap((t) => t.steps.flatMap((s) => s.docs ?? []));
    expect(docs.length).toBeGreaterThan(100);
    expect(docs.every((d) => d.title !== undefined && d.title !== '')).toBe(true);
  });

  it('reads the question from a prompt that kept its chat markers too', async () => {
    const r = await importAll(
      stringChunks(lines.slice(0, 3).join('\n').replaceAll('\\nuser\\n', '\\n<|im_start|>user\\n')),
      {
        file: '5.jsonl',
        format: 'verl',
      },
    );
    expect(r.trajectories.map((t) => t.question)).toEqual(records.slice(0, 3).map((x) => x.question));
    expect(r.trajectories[0]?.training).toEqual({ run: '', step: 5, sample: 0 });
  });
});

describe('veRL rollout dumps, R1-Searcher responses (the shared R1-Searcher logs as step files)', () => {
  for (const file of ['r1searcher_bamboogle_qwen.jsonl', 'r1searcher_hotpotqa_llama_30.jsonl']) {
    it(`reads ${file}'s responses as R1-Searcher transcripts`, async () => {
      const src = readFileSync(resolve(DATA, file), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map(
          (l) =>
            JSON.parse(l) as {
              question: string;
              answer: string;
              gen_text_store: string;
              gpt4o_output: string;
            },
        );
      const text = src
        .map((r, i) =>
          JSON.stringify({
            input: r1Prompt(r.question),
            output: r.gen_text_store,
            score: r.gpt4o_output === 'True' ? 1 : 0,
            step: 12,
            gts: r.answer,
            acc: r.gpt4o_output === 'True',
            sample_index: i,
          }),
        )
        .join('\n');
      const r = await importAll(stringChunks(text), { file: `r1s/${file}` });
      expect(r.format).toBe('verl');
      expect(r.errors).toEqual([]);
      expect(r.imported).toBe(src.length);
      r.trajectories.forEach((t, i) => {
        const s = src[i] as (typeof src)[number];
        expect(t.question).toBe(s.question.trim());
        expect(t.training).toEqual({ run: 'r1s', step: 12, sample: i });
        expect(t.gold?.answers).toEqual([s.answer]);
        expect(t.reported?.acc).toBe(s.gpt4o_output === 'True');
        const parsed = parseTaggedTranscript(s.gen_text_store);
        expect(t.steps.filter((x) => x.kind === 'search').length).toBe(parsed.searches);
        if (parsed.markers.r1Searcher) expect(t.agent.strategy).toBe('r1-searcher');
      });
      const withQueries = r.trajectories.filter((t) => t.agent.strategy === 'r1-searcher');
      expect(withQueries.length).toBeGreaterThan(src.length * 0.9);
    });
  }
});

describe('veRL rollout dumps: bad records', () => {
  const ok = (o: object = {}) =>
    JSON.stringify({
      input: 'user\nQuestion: Who wrote Hamlet?\nassistant\n',
      output: '<answer>Shakespeare</answer>',
      score: 1,
      ...o,
    });

  it('reports each bad record with file, line and field, and keeps every good one', async () => {
    const text = [
      ok(),
      '{"input": "user\\nQuestion: cut off',
      ok({ output: undefined, response: undefined }),
      ok({ step: 'twelve' }),
      ok({ score: 'high' }),
      ok({ input: 'user\n\nassistant\n' }),
      ok({ output: 7 }),
      ok(),
    ].join('\n');
    const r = await importAll(stringChunks(text), { file: 'run-a/3.jsonl' });
    expect(r.format).toBe('verl');
    expect(r.imported).toBe(2);
    expect(r.records).toBe(8);
    const issues = r.errors.map((e) => `${e.file}:${e.line}:${e.field ?? ''}`);
    expect(issues).toEqual([
      'run-a/3.jsonl:2:',
      'run-a/3.jsonl:3:output',
      'run-a/3.jsonl:4:step',
      'run-a/3.jsonl:5:score',
      'run-a/3.jsonl:6:input',
      'run-a/3.jsonl:7:output',
    ]);
    // The two good lines are the same sample text: both kept, under distinct ids.
    expect(new Set(r.trajectories.map((t) => t.id)).size).toBe(2);
  });

  it('keeps an empty response as a sample with a broken format', async () => {
    const r = await importAll(stringChunks(`${ok({ output: '' })}\n${ok({ output: '  ' })}`), {
      file: 'run-a/3.jsonl',
    });
    expect(r.errors).toEqual([]);
    expect(r.trajectories.map((t) => t.steps.map((s) => s.kind))).toEqual([['invalid'], ['invalid']]);
    expect(r.trajectories.map((t) => toRow(t).formatError)).toEqual([true, true]);
  });

  it("reads Python's NaN (json.dumps' default for an undefined reward term) as no value, with one warning", async () => {
    const text = [
      ok({ f1: 0.5 }),
      ok({ f1: 0.5 }).replace('0.5', 'NaN'),
      ok({ f1: 0.5 }).replace('"score":1', '"score":NaN'),
    ].join('\n');
    const r = await importAll(stringChunks(text), { file: 'run-a/3.jsonl' });
    expect(r.imported).toBe(3);
    expect(r.errors.map((e) => [e.line, e.severity])).toEqual([[2, 'warning']]);
    expect(r.trajectories.map((t) => t.reported)).toEqual([{ f1: 0.5, score: 1 }, { score: 1 }, { f1: 0.5 }]);
  });

  it('wants a step from the record or the file name', async () => {
    const r = await importAll(stringChunks(`${ok()}\n${ok({ step: 4 })}`), {
      file: 'samples.jsonl',
      format: 'verl',
    });
    expect(r.errors.map((e) => `${e.line}:${e.field}:${e.message.slice(0, 20)}`)).toEqual([
      '1:step:no training step: th',
    ]);
    expect(r.trajectories[0]?.training?.step).toBe(4);
  });

  it('gives the same sample in two runs two ids, and the same run the same ids again', async () => {
    const text = `${ok()}\n${ok({ score: 0 })}`;
    const a = await importAll(stringChunks(text), { file: 'run-a/3.jsonl' });
    const a2 = await importAll(stringChunks(text), { file: 'run-a/3.jsonl' });
    const b = await importAll(stringChunks(text), { file: 'run-b/3.jsonl' });
    expect(a2.trajectories.map((t) => t.id)).toEqual(a.trajectories.map((t) => t.id));
    expect(b.trajectories.map((t) => t.id)).not.toContain(a.trajectories[0]?.id);
  });

  it('keeps apart runs whose folders share a name, and two files of one step, even with the same text', async () => {
    const text = `${ok({ step: 3 })}\n${ok({ step: 3, score: 0 })}`;
    const ids = async (file: string) => {
      const r = await importAll(stringChunks(text), { file, format: 'verl' });
      return r.trajectories.map((t) => t.id);
    };
    // /x/a/val and /x/b/val, picked as x: runs a/val and b/val (planStepFiles).
    const a = await importAll(stringChunks(text), { file: 'a/val/3.jsonl', format: 'verl' });
    expect(a.trajectories.map((t) => t.training?.run)).toEqual(['a/val', 'a/val']);
    const b = await ids('b/val/3.jsonl');
    expect(b.filter((id) => a.trajectories.some((t) => t.id === id))).toEqual([]);
    // One run's step 3 written as two files (a checkpoint folder's train and val dumps).
    const train = await ids('grpo/global_step_3/train.jsonl');
    const val = await ids('grpo/global_step_3/val.jsonl');
    expect(new Set([...train, ...val]).size).toBe(4);
    // The same file imported again keeps its ids: its rows are replaced, not doubled.
    expect(await ids('grpo/global_step_3/val.jsonl')).toEqual(val);
  });
});
