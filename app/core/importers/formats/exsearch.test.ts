import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../pipeline';
import { exsearchMessages } from '../../rewards/exsearch';
import { apexFormat } from './apex';
import { exsearchFormat, markerParts, parseIds, parseSearchResult } from './exsearch';
import { qagentFormat } from './qagent';
import {
  fixture,
  fixtureRecords as jsonl,
  importFixture as load,
} from '../../../testing/importer-fixture-files';

const SEARCH_R1 = `Question: Who founded Veltmark Press?
<think>Look it up.</think>
<search> Veltmark Press founder </search>
<information>Doc 1(Title: "Veltmark Press") Founded by Ilse Marrow.</information>
<answer> Ilse Marrow </answer>`;

describe('exsearch importer', () => {
  it('is auto-detected; good records import and malformed ones are reported with line and field', async () => {
    const r = await load('exsearch.jsonl');
    expect(r.format).toBe('exsearch');
    expect(r.records).toBe(4);
    expect(r.imported).toBe(2);
    expect(r.errors).toEqual([
      {
        file: 'exsearch.jsonl',
        line: 3,
        field: 'messages.2.content',
        message: 'each message needs a string `content`',
      },
      {
        file: 'exsearch.jsonl',
        line: 4,
        field: 'messages',
        message: 'a document-selection sample, not a search trajectory',
      },
    ]);
  });

  it('reads the inference log: think+search, retrieve, rank, record per iteration, then the answer', async () => {
    const t = (await load('exsearch.jsonl')).trajectories[0]!;
    expect(t.question).toBe('Which river flows past the village where Ilse Marrow was born?');
    expect(t.agent.strategy).toBe('exsearch');
    expect(t.source).toMatchObject({ format: 'exsearch', qid: 'ex-1', line: 1 });
    expect(t.gold).toEqual({ answers: ['Sable Reach'] });
    expect(t.steps.map((s) => s.kind)).toEqual([
      'think',
      'search',
      'retrieve',
      'rank',
      'record',
      'think',
      'search',
      'retrieve',
      'rank',
      'record',
      'answer',
    ]);
    expect(t.steps.map((s) => s.hop)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, undefined]);
    expect(t.steps[0]?.text).toBe('Ilse Marrow birthplace');
    expect(t.steps.filter((s) => s.kind === 'search').map((s) => s.queries)).toEqual([
      ['Ilse Marrow birthplace'],
      ['river at Dunhollow'],
    ]);
    // The rank dialogue gives the whole candidate list the model chose from.
    const retrieve = t.steps[2]!;
    expect(retrieve.docs?.map((d) => [d.rank, d.title, d.query])).toEqual([
      [1, 'Veltmark Press', 'Ilse Marrow birthplace'],
      [2, 'Ilse Marrow', 'Ilse Marrow birthplace'],
      [3, 'Cold Strand', 'Ilse Marrow birthplace'],
    ]);
    expect(retrieve.docs?.[1]?.text).toBe('Ilse Marrow (1839-1902) was a printer born in Dunhollow.');
    // The log's [k] labels are per retrieval; the ranking names the documents themselves.
    const id = (step: number, k: number) => t.steps[step]?.docs?.[k]?.id;
    expect(t.steps[3]).toMatchObject({
      kind: 'rank',
      ranking: [id(2, 1), id(2, 0)],
      text: 'keep [2]',
      raw: '[2]>[1]',
    });
    expect(t.steps[8]?.ranking).toEqual([id(7, 0)]);
    // [1] of the first search (Veltmark Press) and [1] of the second (Dunhollow) are different documents.
    expect(id(2, 0)).not.toBe(id(7, 0));
    expect(new Set([...t.steps[2]!.docs!, ...t.steps[7]!.docs!].map((d) => d.id)).size).toBe(5);
    expect(t.steps[4]?.text).toBe('Ilse Marrow was born in Dunhollow.');
    expect(t.steps[9]?.text).toBe('Dunhollow lies at the mouth of the Sable Reach.');
    expect(t.steps[7]?.docs?.map((d) => d.containsAnswer)).toEqual([true, true]);
    expect(t.steps[10]?.text).toBe('Sable Reach');
    expect(t.answer).toEqual({ text: 'Sable Reach' });
    expect(t.finishReason).toBe('answer');
  });

  it("reads the paper's THINK/SEARCH/RECORD/FINAL spelling with tool results and a model-written rank", async () => {
    const t = (await load('exsearch.jsonl')).trajectories[1]!;
    expect(t.question).toBe('Who founded the observatory on Mount Esk?');
    expect(t.gold).toEqual({ answers: ['Oren Calloway', 'O. Calloway'] });
    expect(t.steps.map((s) => s.kind)).toEqual(['think', 'search', 'retrieve', 'rank', 'record', 'answer']);
    expect(t.steps[1]?.queries).toEqual(['Mount Esk observatory founder']);
    const docs = t.steps[2]?.docs ?? [];
    expect(docs.map((d) => [d.rank, d.title])).toEqual([
      [1, 'Mount Esk'],
      [2, 'Esk Observatory'],
      [3, 'Pellmoor'],
    ]);
    expect(t.steps[3]?.ranking).toEqual([docs[1]?.id, docs[0]?.id, docs[2]?.id]);
    expect(t.steps[4]?.text).toBe('The Esk Observatory was founded by Oren Calloway.');
    expect(t.answer?.text).toBe('Oren Calloway');
  });

  it('gives a document one id across the trajectory, whatever its [k] label in each retrieval', async () => {
    const marrow = 'Title: Ilse Marrow. Content: Ilse Marrow was born in Dunhollow.';
    const press = 'Title: Veltmark Press. Content: Founded by Ilse Marrow.';
    const dun = 'Title: Dunhollow. Content: A village on the Sable Reach.';
    const rec = {
      messages: [
        {
          role: 'user',
          content: "<USER QUERY> Which river flows past Ilse Marrow's birthplace?\nYour Output:",
        },
        { role: 'assistant', content: '<QUERY> Ilse Marrow birthplace' },
        { role: 'user', content: `<SEARCH> [1, 2] ${press}\n${marrow}` },
        { role: 'assistant', content: '<FACT> Born in Dunhollow.\n<QUERY> Dunhollow river' },
        { role: 'user', content: `<SEARCH> [2, 1] ${dun}\n${marrow}` },
        { role: 'assistant', content: '<FACT> The Sable Reach.\n<FINAL> Sable Reach' },
      ],
    };
    const r = await importAll(stringChunks(JSON.stringify(rec)), { file: 'x.jsonl' });
    const t = r.trajectories[0]!;
    const [first, second] = t.steps.filter((s) => s.kind === 'retrieve');
    const [rank1, rank2] = t.steps.filter((s) => s.kind === 'rank');
    const idOf = (docs: readonly { id: string; title?: string }[] | undefined, title: string) =>
      docs?.find((d) => d.title === title)?.id;
    // The Ilse Marrow passage: [2] in the first search, [2] (listed second) in the second: one id.
    expect(idOf(first?.docs, 'Ilse Marrow')).toBe(idOf(second?.docs, 'Ilse Marrow'));
    expect(idOf(first?.docs, 'Veltmark Press')).not.toBe(idOf(second?.docs, 'Dunhollow'));
    expect(second?.docs?.find((d) => d.title === 'Ilse Marrow')?.duplicate).toBe(true);
    expect(rank1?.ranking).toEqual([idOf(first?.docs, 'Veltmark Press'), idOf(first?.docs, 'Ilse Marrow')]);
    expect(rank2?.ranking).toEqual([idOf(second?.docs, 'Dunhollow'), idOf(second?.docs, 'Ilse Marrow')]);
    // The [k] label is the candidate's place in the retriever's list: kept as the doc's rank, so
    // the weight's transcript (rewards/exsearch.ts) shows the labels the log showed.
    expect(second?.docs?.map((d) => [d.title, d.rank])).toEqual([
      ['Dunhollow', 2],
      ['Ilse Marrow', 1],
    ]);
    expect(exsearchMessages(t).slice(1, 5)).toEqual(rec.messages.slice(1, 5));
  });

  it('reads a warm-up trajectory written in one assistant turn', async () => {
    const rec = {
      messages: [
        { role: 'user', content: '<USER QUERY> Who founded Veltmark Press?\nYour Output:' },
        {
          role: 'assistant',
          content:
            '<QUERY> Veltmark Press founder\n<SEARCH> Title: Veltmark Press. Content: Founded by Ilse Marrow.\n<FACT> Ilse Marrow founded it.\n<FINAL> Ilse Marrow',
        },
      ],
      prob: -0.4,
    };
    const r = await importAll(stringChunks(JSON.stringify(rec)), { file: 'warm.json' });
    expect(r.format).toBe('exsearch');
    const t = r.trajectories[0]!;
    expect(t.question).toBe('Who founded Veltmark Press?');
    expect(t.reported).toEqual({ prob: -0.4 });
    expect(t.steps.map((s) => s.kind)).toEqual(['think', 'search', 'retrieve', 'record', 'answer']);
    expect(t.steps[2]?.docs?.map((d) => [d.rank, d.title, d.text])).toEqual([
      [1, 'Veltmark Press', 'Founded by Ilse Marrow.'],
    ]);
    expect(t.answer?.text).toBe('Ilse Marrow');
  });

  it('gives identical ids on re-import', async () => {
    const a = await load('exsearch.jsonl');
    const b = await load('exsearch.jsonl');
    expect(a.trajectories.map((t) => t.id)).toEqual(b.trajectories.map((t) => t.id));
    expect(new Set(a.trajectories.map((t) => t.id)).size).toBe(2);
  });

  it('splits a summary file `{score, output: [...]}` into its trajectories', async () => {
    const first = jsonl('exsearch.jsonl')[0];
    const one = await importAll(stringChunks(JSON.stringify({ score: { em: 100 }, output: [first] })), {
      file: 'x.json',
    });
    expect(one.format).toBe('exsearch');
    expect(one.trajectories[0]?.steps).toHaveLength(11);
    const three = await importAll(stringChunks(JSON.stringify({ output: [first, { messages: 7 }, first] })), {
      file: 'y.json',
    });
    expect(three.records).toBe(3);
    expect(three.trajectories).toHaveLength(2);
    // Identical trajectories get distinct, stable ids.
    expect(new Set(three.trajectories.map((t) => t.id)).size).toBe(2);
    expect(three.errors).toHaveLength(1);
    expect(three.errors[0]).toMatchObject({ line: 1 });
    expect(three.errors[0]?.field).toMatch(/^output\.1/);
  });
});

describe('exsearch parsing helpers', () => {
  it('splits messages at capitalised markers, with or without closing tags', () => {
    expect(markerParts('<FACT> a fact\n<QUERY> next query')).toEqual({
      lead: '',
      parts: [
        { action: 'record', text: 'a fact' },
        { action: 'think', text: 'next query' },
      ],
    });
    expect(markerParts('<RECORD>x</RECORD><FINAL>y</FINAL>').parts.map((p) => p.action)).toEqual([
      'record',
      'final',
    ]);
  });

  it('reads rankings in every spelling', () => {
    expect(parseIds('[2] > [1] > [3]')).toEqual(['2', '1', '3']);
    expect(parseIds('[2]>[1]')).toEqual(['2', '1']);
    expect(parseIds('[2, 1, 2]')).toEqual(['2', '1']);
  });

  it('reads a <SEARCH> result with its id list and strips the appended final-answer request', () => {
    const r = parseSearchResult(
      ' [3, 1] Title: A. Content: first.\nTitle: B. Content: second.\nplease give the final answer to the input question: q',
      'q',
    );
    expect(r.ids).toEqual(['3', '1']);
    expect(r.docs.map((d) => [d.id, d.rank, d.title, d.text])).toEqual([
      ['3', 1, 'A', 'first.'],
      ['1', 2, 'B', 'second.'],
    ]);
  });
});

describe('exsearch detection', () => {
  it('claims its own fixture', () => {
    expect(exsearchFormat.detect(jsonl('exsearch.jsonl'))).toBeGreaterThan(0.9);
  });

  it('returns 0 for the other formats and for a Search-R1 transcript', () => {
    expect(exsearchFormat.detect(jsonl('qagent.jsonl'))).toBe(0);
    expect(exsearchFormat.detect([fixture('qagent.txt')])).toBe(0);
    expect(exsearchFormat.detect(jsonl('apex.jsonl'))).toBe(0);
    expect(exsearchFormat.detect([fixture('apex-plan.txt')])).toBe(0);
    expect(exsearchFormat.detect([SEARCH_R1])).toBe(0);
    expect(
      exsearchFormat.detect([
        {
          messages: [
            { role: 'user', content: 'q' },
            { role: 'assistant', content: SEARCH_R1 },
          ],
        },
      ]),
    ).toBe(0);
  });

  it('is not claimed by the other two formats', () => {
    expect(qagentFormat.detect(jsonl('exsearch.jsonl'))).toBe(0);
    expect(apexFormat.detect(jsonl('exsearch.jsonl'))).toBe(0);
  });
});
