import { describe, expect, it } from 'vitest';
import { apexFormat } from './apex';
import { exsearchFormat } from './exsearch';
import { buildTrajectory } from '../../schema/builder';
import { qagentStage1 } from '../../rewards/qagent';
import { parseInformation, qagentFormat } from './qagent';
import {
  fixture,
  fixtureRecords as jsonl,
  importFixture as load,
} from '../../../testing/importer-fixture-files';

const SEARCH_R1 = `Answer the question. Reason inside <think> and </think>, call a search engine by <search> query </search>, and answer inside <answer> and </answer>.
Question: Who founded Veltmark Press?
<think>I should look it up.</think>
<search> Veltmark Press founder </search>

<information>Doc 1(Title: "Veltmark Press") Veltmark Press was founded by Ilse Marrow.</information>

<think>It was Ilse Marrow.</think>
<answer> Ilse Marrow </answer>`;

describe('qagent importer: text transcript', () => {
  it('is auto-detected and parsed into plan/search/retrieve/reflect/answer steps', async () => {
    const r = await load('qagent.txt');
    expect(r.format).toBe('qagent');
    expect(r.container).toBe('text');
    expect(r.errors).toEqual([]);
    expect(r.trajectories).toHaveLength(1);
    const t = r.trajectories[0]!;
    expect(t.question).toBe('In which village was the founder of Veltmark Press born?');
    expect(t.agent.strategy).toBe('qagent');
    expect(t.source).toMatchObject({ kind: 'import', format: 'qagent', file: 'qagent.txt', line: 1 });
    expect(t.steps.map((s) => s.kind)).toEqual([
      'plan',
      'search',
      'retrieve',
      'reflect',
      'plan',
      'search',
      'retrieve',
      'reflect',
      'answer',
    ]);
    expect(t.steps.map((s) => s.turn)).toEqual([1, 1, 1, 2, 2, 2, 2, 3, 3]);
    const searches = t.steps.filter((s) => s.kind === 'search');
    expect(searches.map((s) => s.queries)).toEqual([
      ['Veltmark Press founder', 'Veltmark Press history'],
      ['Ilse Marrow birthplace'],
    ]);
    expect(searches.map((s) => s.hop)).toEqual([1, 2]);
    const [r1, r2] = t.steps.filter((s) => s.kind === 'retrieve');
    expect(r1?.hop).toBe(1);
    expect(r1?.docs?.map((d) => [d.rank, d.title, d.query])).toEqual([
      [1, 'Veltmark Press', 'Veltmark Press founder'],
      [2, 'Orrin Vale', 'Veltmark Press history'],
    ]);
    expect(r1?.docs?.[0]?.text).toBe(
      'Veltmark Press is a publishing house in Orrin Vale, founded in 1871 by the printer Ilse Marrow.',
    );
    expect(r2?.docs?.map((d) => [d.id, d.rank, d.title])).toEqual([['h2p1', 1, 'Ilse Marrow']]);
    // The builder, not the importer, fills the flags; no gold here so containsAnswer stays unset.
    expect(r2?.docs?.[0]?.duplicate).toBe(false);
    expect(t.steps.every((s) => typeof s.raw === 'string' && s.raw.length > 0)).toBe(true);
    expect(t.steps.find((s) => s.kind === 'reflect')?.hop).toBe(1);
    expect(t.answer).toEqual({ text: 'Dunhollow' });
    expect(t.finishReason).toBe('answer');
    // The prompt's tag examples are not steps: the raw keeps them, the steps do not.
    expect(t.raw).toContain('<query> first query </query>');
  });
});

describe('qagent importer: <reflect> (Table 5 names the reflection tag both ways)', () => {
  // Table 5 asks for <reflection>…</reflection> and, a line later, <reflect>…</reflect>.
  const output = [
    '<plan> Find who founded Veltmark Press. </plan>',
    '<search><query> Veltmark Press founder </query></search>',
    '<information>Passage #1 Veltmark Press\nVeltmark Press was founded by Ilse Marrow.</information>',
    '<reflect> The passage names Ilse Marrow as the founder. </reflect>',
    '<answer> Ilse Marrow </answer>',
  ].join('\n');
  const record = { question: 'Who founded Veltmark Press?', golden_answers: ['Ilse Marrow'], output };

  it('imports <reflect> as a reflect step with its text', () => {
    const t = buildTrajectory(qagentFormat.toEvents(record, { file: 'f.jsonl', line: 1 }));
    expect(t.steps.map((s) => s.kind)).toEqual(['plan', 'search', 'retrieve', 'reflect', 'answer']);
    expect(t.steps[3]).toMatchObject({ text: 'The passage names Ilse Marrow as the founder.', hop: 1 });
  });

  it('lets QAgent stage 1 score the transcript (EM 1 × format holds = 1, not 0)', async () => {
    const t = buildTrajectory(qagentFormat.toEvents(record, { file: 'f.jsonl', line: 1 }));
    const r = await qagentStage1.compute(t, {});
    expect(r.inputs).toMatchObject({ correct: 1, correctness: 'EM', format: true });
    expect(r.value).toBe(1);
  });
});

describe('qagent importer: more than 3 queries (Algorithm 1 retrieves every query)', () => {
  it('reads a 4-query search whose information holds passages as a search hop', () => {
    const output = [
      '<plan> Search widely. </plan>',
      '<search><query> a </query><query> b </query><query> c </query><query> d </query></search>',
      '<information>Passage #1 A\ntext a\nPassage #2 B\ntext b\nPassage #3 C\ntext c\nPassage #4 D\ntext d</information>',
      '<reflection> Enough. </reflection>',
      '<answer> D </answer>',
    ].join('\n');
    const t = buildTrajectory(qagentFormat.toEvents({ question: 'q', output }, { file: 'f', line: 1 }));
    expect(t.steps.map((s) => s.kind)).toEqual(['plan', 'search', 'retrieve', 'reflect', 'answer']);
    expect(t.steps[1]).toMatchObject({ hop: 1, queries: ['a', 'b', 'c', 'd'] });
    expect(t.steps[2]?.docs?.map((d) => d.query)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('qagent importer: JSONL records', () => {
  it('imports the good records and reports the malformed one with line and field', async () => {
    const r = await load('qagent.jsonl');
    expect(r.format).toBe('qagent');
    expect(r.records).toBe(4);
    expect(r.imported).toBe(3);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ file: 'qagent.jsonl', line: 4, field: 'output' });
  });

  it('keeps a three-query turn as one search step and attributes passages to queries', async () => {
    const t = (await load('qagent.jsonl')).trajectories[0]!;
    expect(t.source).toMatchObject({ qid: 'qa-1', dataset: 'fictional-hop', line: 1 });
    expect(t.gold).toEqual({ answers: ['the Sable Reach and the Wend'] });
    expect(t.reported).toEqual({ score: 1 });
    expect(t.steps.map((s) => s.kind)).toEqual(['plan', 'search', 'retrieve', 'reflect', 'answer']);
    expect(t.steps[1]?.queries).toEqual([
      'Castell Brin rivers',
      'Sable Reach confluence',
      'Wend river course',
    ]);
    const docs = t.steps[2]?.docs ?? [];
    expect(docs.map((d) => [d.rank, d.title, d.query])).toEqual([
      [1, 'Castell Brin', 'Castell Brin rivers'],
      [2, 'Sable Reach', 'Sable Reach confluence'],
      [3, 'Wend (river)', 'Wend river course'],
    ]);
    expect(docs.map((d) => d.containsAnswer)).toEqual([false, false, false]);
  });

  it('turns a refused search of more than 3 queries (no passages back) and a turn without an action into invalid steps', async () => {
    const t = (await load('qagent.jsonl')).trajectories[1]!;
    expect(t.question).toBe('Who illustrated The Lantern of Kessa?');
    expect(t.gold).toEqual({ answers: ['Tomas Vey'] });
    expect(t.agent.model).toBe('qagent-3b');
    expect(t.steps.map((s) => s.kind)).toEqual([
      'plan',
      'invalid',
      'retrieve',
      'invalid',
      'plan',
      'search',
      'retrieve',
      'reflect',
      'answer',
    ]);
    const [tooMany, noAction] = t.steps.filter((s) => s.kind === 'invalid');
    expect(tooMany?.error).toBe('4 queries in one search (QAgent allows at most 3)');
    expect(tooMany?.queries).toHaveLength(4);
    expect(t.steps[2]?.docs).toEqual([]);
    expect(t.steps[2]?.text).toBe('Too many queries: at most 3 are allowed.');
    expect(noAction?.error).toMatch(/without a valid action/);
    expect(noAction?.raw).toBe('I am not sure what to do next.');
    expect(noAction?.text).toMatch(/^My previous action is invalid/);
    expect(t.steps[5]).toMatchObject({
      kind: 'search',
      hop: 1,
      queries: ['The Lantern of Kessa illustrator'],
    });
    expect(t.steps[6]?.docs?.map((d) => [d.rank, d.title, d.query, d.containsAnswer])).toEqual([
      [1, 'The Lantern of Kessa', 'The Lantern of Kessa illustrator', true],
    ]);
    expect(t.answer?.text).toBe('Tomas Vey');
  });

  it('turns an empty search into an invalid step', async () => {
    const t = (await load('qagent.jsonl')).trajectories[2]!;
    expect(t.steps.map((s) => s.kind)).toEqual([
      'plan',
      'invalid',
      'retrieve',
      'plan',
      'search',
      'retrieve',
      'reflect',
      'answer',
    ]);
    expect(t.steps[1]?.error).toBe('empty search');
    expect(t.steps[4]?.hop).toBe(1);
  });

  it('gives identical ids on re-import', async () => {
    const a = await load('qagent.jsonl');
    const b = await load('qagent.jsonl');
    expect(a.trajectories.map((t) => t.id)).toEqual(b.trajectories.map((t) => t.id));
    expect(new Set(a.trajectories.map((t) => t.id)).size).toBe(3);
    expect((await load('qagent.txt')).trajectories[0]?.id).toBe(
      (await load('qagent.txt')).trajectories[0]?.id,
    );
  });
});

describe('qagent detection', () => {
  it('claims its own fixtures', () => {
    expect(qagentFormat.detect([fixture('qagent.txt')])).toBeGreaterThan(0.9);
    expect(qagentFormat.detect(jsonl('qagent.jsonl'))).toBeGreaterThan(0.8);
  });

  it('returns 0 for the other formats and for a Search-R1 transcript', () => {
    expect(qagentFormat.detect(jsonl('exsearch.jsonl'))).toBe(0);
    expect(qagentFormat.detect(jsonl('apex.jsonl'))).toBe(0);
    expect(qagentFormat.detect([fixture('apex-plan.txt')])).toBe(0);
    expect(qagentFormat.detect([SEARCH_R1])).toBe(0);
    expect(qagentFormat.detect([{ question: 'q', output: SEARCH_R1 }])).toBe(0);
  });

  it('is not claimed by the other two formats', () => {
    expect(exsearchFormat.detect([fixture('qagent.txt')])).toBe(0);
    expect(exsearchFormat.detect(jsonl('qagent.jsonl'))).toBe(0);
    expect(apexFormat.detect([fixture('qagent.txt')])).toBe(0);
    expect(apexFormat.detect(jsonl('qagent.jsonl'))).toBe(0);
  });
});

describe('qagent passages', () => {
  it('reads titles on the header line, on the next line, inline "(Title: …)", and Search-R1 docs', () => {
    const docs = parseInformation(
      'Passage #1\nVeltmark Press\nA publishing house.\nPassage #2 (Title: Orrin Vale) A market town.',
      ['q'],
      'h1',
    );
    expect(docs.map((d) => [d.id, d.rank, d.title, d.text, d.query])).toEqual([
      ['h1p1', 1, 'Veltmark Press', 'A publishing house.', 'q'],
      ['h1p2', 2, 'Orrin Vale', 'A market town.', 'q'],
    ]);
    const r1 = parseInformation('Doc 1(Title: "Dunhollow") A village. Doc 2(Title: Wend) A river.', [], 'h2');
    expect(r1.map((d) => [d.rank, d.title, d.text])).toEqual([
      [1, 'Dunhollow', 'A village.'],
      [2, 'Wend', 'A river.'],
    ]);
  });

  it('uses explicit "Query:" headers in an information block', () => {
    const docs = parseInformation('Query: a\nPassage #1 A\nx\nQuery: b\nPassage #2 B\ny', ['a', 'b'], 'h1');
    expect(docs.map((d) => d.query)).toEqual(['a', 'b']);
  });
});
