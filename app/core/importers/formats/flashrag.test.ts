import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exactMatch } from '../../metrics/answer';
import type { Trajectory } from '../../schema/trajectory';
import { importAll, stringChunks } from '../pipeline';

const FR_FILE = 'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json';
const frText = readFileSync(resolve(__dirname, '../../../../../shared/data/trajectories', FR_FILE), 'utf8');

const byQid = (ts: Trajectory[], qid: string) => {
  const t = ts.find((x) => x.source.qid === qid);
  if (!t) throw new Error(`no trajectory ${qid}`);
  return t;
};
const importJson = (records: unknown[]) =>
  importAll(stringChunks(JSON.stringify(records, null, 2)), { file: 'intermediate_data.json' });

describe('FlashRAG Search-R1 run (real file)', () => {
  let r: Awaited<ReturnType<typeof importAll>>;
  beforeAll(async () => {
    r = await importAll(stringChunks(frText), { file: FR_FILE });
  });

  it('auto-detects flashrag and imports every record', () => {
    expect(r.format).toBe('flashrag');
    expect(r.container).toBe('json-array');
    expect(r.records).toBe(125);
    expect(r.imported).toBe(125);
    expect(r.errors).toEqual([]);
    for (const t of r.trajectories) {
      expect(t.agent.strategy).toBe('search-r1');
      expect(t.source).toMatchObject({
        kind: 'import',
        format: 'flashrag',
        system: 'flashrag',
        file: FR_FILE,
      });
    }
  });

  it('parses the hops of final_response: 236 searches with 3 docs each', () => {
    const steps = r.trajectories.flatMap((t) => t.steps);
    expect(steps.filter((s) => s.kind === 'search')).toHaveLength(236);
    const retrieves = steps.filter((s) => s.kind === 'retrieve');
    expect(retrieves).toHaveLength(236);
    expect(retrieves.every((s) => s.docs?.length === 3 && s.docs.every((d) => d.title && d.text))).toBe(true);
    expect(steps.some((s) => s.kind === 'invalid')).toBe(false);
  });

  it('reads the docs without wiki-18\'s doubled and tripled quotes (`""City Bank""`, `"""One World"""`)', () => {
    const docs = r.trajectories.flatMap((t) => t.steps.flatMap((s) => s.docs ?? []));
    expect(docs.filter((d) => /""(?=[^\s"])[^"\n]*?[^\s"]""/.test(d.text)).map((d) => d.text)).toEqual([]);
    expect(docs.some((d) => d.text.includes('founded in 1812 as the "City Bank of New York"'))).toBe(true);
  });

  it('test_1: two searches, the Uranus docs, the wrong answer and the reported scores', () => {
    const t = byQid(r.trajectories, 'test_1');
    expect(t.question).toBe('What rocket was the first spacecraft that ever approached Uranus launched on?');
    expect(t.source.line).toBe(25);
    expect(t.steps.map((s) => s.kind)).toEqual([
      'think',
      'search',
      'retrieve',
      'think',
      'search',
      'retrieve',
      'think',
      'answer',
    ]);
    const searches = t.steps.filter((s) => s.kind === 'search');
    expect(searches.map((s) => s.queries)).toEqual([
      ['first spacecraft that approached Uranus'],
      ['Voyager 2 rocket'],
    ]);
    const [first, second] = t.steps.filter((s) => s.kind === 'retrieve');
    expect(first?.docs?.map((d) => d.title)).toEqual([
      'Exploration of Uranus',
      'Uranus',
      'Space exploration',
    ]);
    expect(first?.docs?.map((d) => d.rank)).toEqual([1, 2, 3]);
    expect(first?.docs?.[0]?.text.startsWith('Exploration of Uranus The exploration of Uranus has')).toBe(
      true,
    );
    expect(second?.docs?.map((d) => d.title)).toEqual(['Voyager 2', 'Voyager 2', 'Voyager 2']);
    expect(second?.docs?.[0]).toMatchObject({ id: 'h2d1', query: 'Voyager 2 rocket' });
    expect(t.answer?.text).toBe('Solid Rocket Motor');
    expect(t.gold?.answers).toEqual(['Titan IIIE']);
    expect(t.reported).toEqual({ em: 0, acc: 0, f1: 0, pred: 'Solid Rocket Motor' });
    expect(t.finishReason).toBe('answer');
    for (const s of t.steps) if (s.raw) expect(t.raw).toContain(s.raw);
  });

  it('test_0: the gold answer shows up in the retrieved docs', () => {
    const t = byQid(r.trajectories, 'test_0');
    const docs = t.steps.flatMap((s) => s.docs ?? []);
    expect(docs.find((d) => d.title === '1812 United States presidential election')?.containsAnswer).toBe(
      true,
    );
    expect(t.answer?.text).toBe('James Madison');
    expect(t.reported?.em).toBe(1);
  });

  it('our EM on the parsed answers equals the EM the run reported, record by record', () => {
    for (const t of r.trajectories)
      expect(exactMatch(t.answer?.text ?? '', t.gold?.answers ?? [])).toBe(t.reported?.em);
    const mean = r.trajectories.reduce((a, t) => a + Number(t.reported?.em), 0) / r.trajectories.length;
    expect(mean).toBeCloseTo(0.344, 6);
  });

  it('gives identical ids on re-import', async () => {
    const again = await importAll(stringChunks(frText, 1000), { file: FR_FILE });
    expect(again.trajectories.map((t) => t.id)).toEqual(r.trajectories.map((t) => t.id));
    expect(new Set(again.trajectories.map((t) => t.id)).size).toBe(125);
  });
});

describe('FlashRAG pipeline shapes', () => {
  const doc = (id: string, title: string, text: string) => ({ id, contents: `"${title}"\n${text}` });

  it('standard RAG: one retrieval for the question, pred as the answer', async () => {
    const r = await importJson([
      {
        id: 'q1',
        question: 'Who wrote Hamlet?',
        golden_answers: ['William Shakespeare', 'Shakespeare'],
        output: {
          retrieval_result: [
            doc('17', 'Hamlet', 'A tragedy by Shakespeare.'),
            { id: 9, title: 'Play', text: 'x' },
          ],
          prompt: 'Answer using the docs…',
          pred: 'Shakespeare',
          metric_score: { em: 1.0, f1: 1.0, acc: 1.0 },
        },
      },
    ]);
    expect(r.format).toBe('flashrag');
    const t = r.trajectories[0];
    expect(t?.agent.strategy).toBe('standard-rag');
    expect(t?.steps.map((s) => s.kind)).toEqual(['search', 'retrieve', 'answer']);
    expect(t?.steps[0]?.queries).toEqual(['Who wrote Hamlet?']);
    expect(t?.steps[1]?.docs?.map((d) => [d.id, d.title, d.text, d.rank])).toEqual([
      ['17', 'Hamlet', 'A tragedy by Shakespeare.', 1],
      ['9', 'Play', 'x', 2],
    ]);
    expect(t?.steps[1]?.docs?.[0]?.containsAnswer).toBe(true);
    expect(t).toMatchObject({
      answer: { text: 'Shakespeare' },
      gold: { answers: ['William Shakespeare', 'Shakespeare'] },
      reported: { em: 1, f1: 1, acc: 1, pred: 'Shakespeare' },
      source: { qid: 'q1', line: 2 },
    });
  });

  it('Iter-RetGen: retrieval_result_iter_N rounds become hops', async () => {
    const r = await importJson([
      {
        id: 'q2',
        question: 'Q?',
        golden_answers: ['a'],
        output: {
          retrieval_result_iter_0: [doc('1', 'A', 'first')],
          pred_iter_0: 'draft one',
          retrieval_result_iter_1: [doc('2', 'B', 'second')],
          pred_iter_1: 'a',
          retrieval_result: [doc('2', 'B', 'second')],
          pred: 'a',
        },
      },
    ]);
    const t = r.trajectories[0];
    expect(t?.agent.strategy).toBe('iterative');
    expect(t?.steps.map((s) => s.kind)).toEqual([
      'search',
      'retrieve',
      'think',
      'search',
      'retrieve',
      'think',
      'answer',
    ]);
    expect(t?.steps.filter((s) => s.kind === 'search').map((s) => s.queries)).toEqual([
      ['Q?'],
      ['Q? draft one'],
    ]);
    expect(t?.steps[4]).toMatchObject({ hop: 2, docs: [{ id: '2', title: 'B' }] });
  });

  it('IRCoT: intermediate_output_iterN thoughts with their new retrieval', async () => {
    const r = await importJson([
      {
        id: 'q3',
        question: 'Q?',
        golden_answers: ['b'],
        output: {
          intermediate_output_iter1: {
            input_prompt: 'p',
            new_thought: 'X is Y.',
            new_retreival_result: [doc('5', 'Y', 'y')],
          },
          intermediate_output_iter2: { input_prompt: 'p', new_thought: 'So the answer is: b' },
          retrieval_result: [doc('5', 'Y', 'y')],
          pred: 'b',
        },
      },
    ]);
    const t = r.trajectories[0];
    expect(t?.steps.map((s) => s.kind)).toEqual(['think', 'search', 'retrieve', 'think', 'answer']);
    expect(t?.steps[1]?.queries).toEqual(['X is Y.']);
  });

  it('ReasoningPipeline: the generation inside `prompt`, structured docs with corpus ids', async () => {
    const question = 'Capital of France?';
    const prompt =
      'The output format … "<|begin_of_query|> search query <|end_of_query|>" … <answer> </answer>\n' +
      `User:${question}\nAssistant: <think>Look up. <|begin_of_query|> France capital<|end_of_query|>\n\n` +
      '<|begin_of_documents|>\n(1)Title: Paris Text: capital\n\n<|end_of_documents|>\n\nParis.</think>\n\n<answer> Paris </answer>';
    const r = await importJson([
      {
        id: 'q4',
        question,
        golden_answers: ['Paris'],
        output: {
          prompt,
          retrieval_results: { '0': { query: ' France capital', docs: [doc('77', 'Paris', 'capital')] } },
          finish_reason: 'Finished',
          pred: 'Paris',
        },
      },
    ]);
    const t = r.trajectories[0];
    expect(t?.agent.strategy).toBe('r1-searcher');
    expect(t?.steps.map((s) => s.kind)).toEqual(['think', 'search', 'retrieve', 'think', 'answer']);
    expect(t?.steps[2]?.docs).toEqual([
      expect.objectContaining({
        id: '77',
        title: 'Paris',
        text: 'capital',
        rank: 1,
        query: 'France capital',
      }),
    ]);
    expect(t?.finishReason).toBe('Finished');
    expect(t?.answer?.text).toBe('Paris');
  });

  it('uses pred when a transcript has no <answer>, and reports a missing question by line', async () => {
    const r = await importJson([
      {
        id: 'a',
        question: 'Q?',
        golden_answers: ['x'],
        output: { final_response: '<search>q</search>', pred: 'x' },
      },
      { id: 'b', golden_answers: ['y'], output: { pred: 'y' } },
    ]);
    expect(r.imported).toBe(1);
    expect(r.trajectories[0]).toMatchObject({ answer: { text: 'x' }, finishReason: 'no-answer' });
    expect(r.errors).toEqual([
      { file: 'intermediate_data.json', line: 13, field: 'question', message: 'missing field "question"' },
    ]);
  });
});
