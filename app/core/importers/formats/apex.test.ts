import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../pipeline';
import { apexFormat } from './apex';
import { parsePlan } from '../../agents/apex/apex-plan';
import { exsearchFormat } from './exsearch';
import { qagentFormat } from './qagent';
import {
  fixture,
  fixtureRecords as jsonl,
  importFixture as load,
} from '../../../testing/importer-fixture-files';

const fromText = (text: string, file = 'plan.txt') => importAll(stringChunks(text), { file });

const SEARCH_R1 = `Question: Who founded Veltmark Press?
<think>Plan:
1. Find the press.
2. Find #1's founder.</think>
<search> Veltmark Press founder </search>
<information>Doc 1(Title: "Veltmark Press") Founded by Ilse Marrow.</information>
<answer> Ilse Marrow </answer>`;

describe('apex importer: plain-text plan', () => {
  it('is auto-detected and gives plan nodes with dependsOn, a plan step and the final answer', async () => {
    const r = await load('apex-plan.txt');
    expect(r.format).toBe('apex');
    expect(r.errors).toEqual([]);
    const t = r.trajectories[0]!;
    expect(t.question).toBe('Which river flows past the birthplace of the founder of Veltmark Press?');
    expect(t.agent.strategy).toBe('apex');
    expect(t.plan).toEqual([
      { id: '1', text: 'Who founded Veltmark Press?', dependsOn: [], status: 'pending' },
      { id: '2', text: 'Where was #1 born?', dependsOn: ['1'], status: 'pending' },
      { id: '3', text: 'Which river flows past #2?', dependsOn: ['2'], status: 'pending' },
    ]);
    expect(t.steps.map((s) => s.kind)).toEqual(['plan', 'answer']);
    expect(t.steps[0]?.text).toBe(
      '1. Who founded Veltmark Press?\n2. Where was #1 born?\n3. Which river flows past #2?',
    );
    expect(t.steps[0]?.raw).toBe(fixture('apex-plan.txt'));
    expect(t.answer).toEqual({ text: 'Sable Reach', confidence: 0.74 });
  });

  it('reports a reference to a later or missing step with its line', async () => {
    const r = await fromText('Question: q\n1. Who wrote it?\n2. Where was #3 born?\n3. When did #1 die?\n');
    expect(r.format).toBe('apex');
    expect(r.trajectories).toEqual([]);
    expect(r.errors).toEqual([
      {
        file: 'plan.txt',
        line: 1,
        field: 'plan',
        message: 'plan line 3 ("Where was #3 born?") refers to #3, which is not an earlier step',
      },
    ]);
  });
});

describe('apex importer: JSON records', () => {
  it('imports the good records and reports the bad plan with line and field', async () => {
    const r = await load('apex.jsonl');
    expect(r.format).toBe('apex');
    expect(r.records).toBe(4);
    expect(r.imported).toBe(3);
    expect(r.errors).toEqual([
      {
        file: 'apex.jsonl',
        line: 3,
        field: 'plan',
        message: 'plan line 2 ("Which town governs #5?") refers to #5, which is not an earlier step',
      },
    ]);
  });

  it('walks each sub-question: decision, hops, sub-answer, and resolves #n with earlier answers', async () => {
    const t = (await load('apex.jsonl')).trajectories[0]!;
    expect(t.source).toMatchObject({ format: 'apex', qid: 'ap-1', line: 1 });
    expect(t.gold).toEqual({ answers: ['Sable Reach'] });
    expect(t.steps.map((s) => [s.kind, s.planNode ?? null, s.hop ?? null])).toEqual([
      ['plan', null, null],
      ['decision', '1', null],
      ['search', '1', 1],
      ['retrieve', '1', 1],
      ['sub_answer', '1', null],
      ['decision', '2', null],
      ['search', '2', 1],
      ['retrieve', '2', 1],
      ['decision', '2', 1],
      ['sub_answer', '2', null],
      ['decision', '3', null],
      ['search', '3', 1],
      ['retrieve', '3', 1],
      ['decision', '3', 1],
      ['search', '3', 2],
      ['retrieve', '3', 2],
      ['sub_answer', '3', null],
      ['answer', null, null],
    ]);
    expect(t.steps.filter((s) => s.kind === 'decision').map((s) => s.decision)).toEqual([
      'retrieve',
      'retrieve',
      'stop',
      'retrieve',
      'continue',
    ]);
    expect(t.steps.filter((s) => s.kind === 'search').map((s) => s.queries)).toEqual([
      ['Veltmark Press founder'],
      ['Ilse Marrow birthplace'],
      ['Dunhollow river'],
      ['Dunhollow village river mouth'],
    ]);
    expect(t.steps[3]?.docs?.map((d) => [d.id, d.rank, d.title, d.score])).toEqual([
      ['w101', 1, 'Veltmark Press', 12.5],
      ['w102', 2, 'Orrin Vale', undefined],
    ]);
    // "contents" in the wiki layout: quoted title line, then text.
    expect(t.steps[7]?.docs?.[0]).toMatchObject({ id: 'w201', title: 'Ilse Marrow', rank: 1 });
    // A doc seen in an earlier sub-question is flagged by the builder.
    expect(t.steps[12]?.docs?.[0]).toMatchObject({ id: 'w102', duplicate: true });
    expect(t.plan).toEqual([
      {
        id: '1',
        text: 'Who founded Veltmark Press?',
        dependsOn: [],
        resolvedText: 'Who founded Veltmark Press?',
        answer: 'Ilse Marrow',
        status: 'done',
      },
      {
        id: '2',
        text: 'Where was #1 born?',
        dependsOn: ['1'],
        resolvedText: 'Where was Ilse Marrow born?',
        answer: 'Dunhollow',
        status: 'done',
      },
      {
        id: '3',
        text: 'Which river flows past #2?',
        dependsOn: ['2'],
        resolvedText: 'Which river flows past Dunhollow?',
        answer: 'the Sable Reach',
        status: 'done',
      },
    ]);
    expect(t.answer).toEqual({ text: 'Sable Reach', confidence: 0.86 });
    expect(t.finishReason).toBe('answer');
  });

  it('reads a list plan, an answer-from-knowledge decision and a hop with query lists and string docs', async () => {
    const t = (await load('apex.jsonl')).trajectories[1]!;
    expect(t.gold).toEqual({ answers: ['1904'] });
    expect(t.plan?.map((n) => [n.id, n.dependsOn, n.resolvedText, n.status])).toEqual([
      ['1', [], 'Who wrote Starlight over Esk?', 'done'],
      ['2', ['1'], 'In what year did Oren Calloway found an observatory?', 'done'],
    ]);
    expect(t.steps.map((s) => s.kind)).toEqual([
      'plan',
      'decision',
      'sub_answer',
      'decision',
      'search',
      'retrieve',
      'sub_answer',
      'answer',
    ]);
    expect(t.steps[1]?.decision).toBe('answer');
    expect(t.steps[3]).toMatchObject({
      decision: 'retrieve',
      text: 'In what year did Oren Calloway found an observatory?',
    });
    expect(t.steps[5]?.docs?.[0]).toMatchObject({
      id: '2.1.1',
      title: 'Esk Observatory',
      query: 'Oren Calloway observatory founded',
      containsAnswer: true,
    });
    expect(t.answer).toEqual({ text: '1904' });
  });

  it('keeps a simple question as a one-step plan', async () => {
    const t = (await load('apex.jsonl')).trajectories[2]!;
    expect(t.plan).toHaveLength(1);
    expect(t.steps.map((s) => s.kind)).toEqual([
      'plan',
      'decision',
      'search',
      'retrieve',
      'sub_answer',
      'answer',
    ]);
    expect(t.answer).toEqual({ text: 'Orrin Vale', confidence: 0.93 });
  });

  it('names the field of other malformed input', async () => {
    const bad = [
      { question: 'q', plan: '1. a\n2. b #2' },
      { question: 'q', plan: ['a', 'b'], sub_questions: [{ id: 7, answer: 'x' }] },
      { question: 'q', plan: ['a'], confidence: 3 },
      { question: 'q', plan: ['a', 'b about #2'] },
      { question: 'q', plan: ['a'], sub_questions: [{ hops: [{ docs: [] }] }] },
    ];
    const r = await importAll(stringChunks(bad.map((b) => JSON.stringify(b)).join('\n')), {
      file: 'bad.jsonl',
    });
    expect(r.format).toBe('apex');
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [1, 'plan'],
      [2, 'sub_questions.0.id'],
      [3, 'confidence'],
      [4, 'plan.1'],
      [5, 'sub_questions.0.hops.0.query'],
    ]);
    expect(r.errors[0]?.message).toMatch(/refers to #2, which is not an earlier step/);
  });

  it('gives identical ids on re-import', async () => {
    const a = await load('apex.jsonl');
    const b = await load('apex.jsonl');
    expect(a.trajectories.map((t) => t.id)).toEqual(b.trajectories.map((t) => t.id));
    expect(new Set(a.trajectories.map((t) => t.id)).size).toBe(3);
  });
});

// The paper's own plans (v1 §4.6, Fig. 6, "Ours"), in the paper's "(1) … (2) …" form. Gold for
// the first: Antiochus X's mother is Cleopatra IV (v2 Table 3), whose father was Ptolemy VIII.
const FIG6_RECORD = {
  id: 'fig6-q1',
  question: 'Who is the maternal grandfather of Antiochus X Eusebes?',
  golden_answers: ['Ptolemy VIII Physcon'],
  plan: '(1) Who is the mother of Antiochus X Eusebes? (2) Who is the father of #1?',
};

describe("apex importer: the paper's (1) … (2) … plans (v1 Fig. 6)", () => {
  it('imports a Fig. 6 record as APEX, not as a FlashRAG dataset record, with its sub-questions as plan nodes', async () => {
    const r = await importAll(stringChunks(JSON.stringify(FIG6_RECORD)), { file: 'fig6.jsonl' });
    expect(r.format).toBe('apex');
    expect(r.errors).toEqual([]);
    const t = r.trajectories[0]!;
    expect(t.gold).toEqual({ answers: ['Ptolemy VIII Physcon'] });
    expect(t.plan).toEqual([
      { id: '1', text: 'Who is the mother of Antiochus X Eusebes?', dependsOn: [], status: 'pending' },
      { id: '2', text: 'Who is the father of #1?', dependsOn: ['1'], status: 'pending' },
    ]);
    expect(t.steps[0]).toMatchObject({
      kind: 'plan',
      text: '1. Who is the mother of Antiochus X Eusebes?\n2. Who is the father of #1?',
    });
  });

  it('drops the "(1) " prefix of list items and walks their execution log', async () => {
    const record = {
      question: 'Which country Audofleda’s husband is from?',
      plan: ['(1) Who is Audofleda’s husband?', '(2) Which country is #1 from?'],
      sub_questions: [{ id: 1, decision: 'retrieve', hops: [{ query: 'Audofleda husband', docs: [] }] }],
    };
    const r = await importAll(stringChunks(JSON.stringify(record)), { file: 'fig6.jsonl' });
    expect(r.format).toBe('apex');
    expect(r.trajectories[0]?.plan?.map((n) => [n.id, n.text, n.dependsOn])).toEqual([
      ['1', 'Who is Audofleda’s husband?', []],
      ['2', 'Which country is #1 from?', ['1']],
    ]);
    expect(r.trajectories[0]?.steps.map((s) => [s.kind, s.planNode ?? null])).toEqual([
      ['plan', null],
      ['decision', '1'],
      ['search', '1'],
      ['retrieve', '1'],
    ]);
  });

  it("reads a plain-text plan in the figure's one-line form", async () => {
    const r = await fromText(
      'Question: Which country Audofleda’s husband is from?\nPlan: (1) Who is Audofleda’s husband? (2) Which country is #1 from?\n',
    );
    expect(r.format).toBe('apex');
    expect(r.errors).toEqual([]);
    expect(r.trajectories[0]?.question).toBe('Which country Audofleda’s husband is from?');
    expect(r.trajectories[0]?.plan?.map((n) => n.text)).toEqual([
      'Who is Audofleda’s husband?',
      'Which country is #1 from?',
    ]);
  });

  // "(n)" marks a step where it starts one (Fig. 6), not wherever a number sits in parentheses.
  it.each([
    ['numbered lines', '1. Who directed Titanic (1997)?\n2. When was #1 born?'],
    ["the figure's inline form", '(1) Who directed Titanic (1997)? (2) When was #1 born?'],
  ])('keeps a year in parentheses inside its sub-question (%s)', async (_name, plan) => {
    const r = await importAll(stringChunks(JSON.stringify({ question: 'q', plan })), { file: 'year.jsonl' });
    expect(r.errors).toEqual([]);
    expect(r.trajectories[0]?.plan?.map((n) => [n.id, n.text])).toEqual([
      ['1', 'Who directed Titanic (1997)?'],
      ['2', 'When was #1 born?'],
    ]);
  });

  // v2 Table 3 prints the paper's own plan ("Ours") as a bulleted list: "- Who is the mother of
  // Antiochus X Eusebes?" "- Who is the father of #1?". A live run reads bullets; so does an import.
  const TABLE3_OURS = '- Who is the mother of Antiochus X Eusebes?\n- Who is the father of #1?';
  it('reads a bulleted plan (v2 Table 3) as a live run does', async () => {
    const r = await importAll(stringChunks(JSON.stringify({ ...FIG6_RECORD, plan: TABLE3_OURS })), {
      file: 'table3.jsonl',
    });
    expect(r.errors).toEqual([]);
    expect(r.trajectories[0]?.plan?.map((n) => [n.id, n.text, n.dependsOn])).toEqual(
      parsePlan(TABLE3_OURS).map((l) => [l.id, l.text, l.dependsOn]),
    );
    expect(r.trajectories[0]?.plan?.map((n) => n.id)).toEqual(['1', '2']);
    const text = await fromText(`Question: ${FIG6_RECORD.question}\nPlan:\n${TABLE3_OURS}\n`);
    expect(text.format).toBe('apex');
    expect(text.trajectories[0]?.question).toBe(FIG6_RECORD.question);
    expect(text.trajectories[0]?.plan?.map((n) => n.text)).toEqual([
      'Who is the mother of Antiochus X Eusebes?',
      'Who is the father of #1?',
    ]);
  });

  // v1 §3.2.2: δ_knowledge → {Retrieve, Answer}, δ_continue → continue or stop. A logged decision
  // is read as a live run reads the model's reply: the step keeps the reader's word, the logged
  // text as raw, and an unclear one is flagged as a live step is.
  it('reads logged decisions with the live reader', async () => {
    const record = {
      ...FIG6_RECORD,
      sub_questions: [
        { id: 1, decision: 'Retrieve', hops: [{ query: 'Antiochus X mother', docs: [], decision: 'Halt.' }] },
        { id: 2, decision: 'Retrieve? No — answer.', answer: 'Ptolemy VIII' },
      ],
    };
    const r = await importAll(stringChunks(JSON.stringify(record)), { file: 'd.jsonl' });
    expect(r.errors).toEqual([]);
    const decisions = r.trajectories[0]!.steps.filter((s) => s.kind === 'decision');
    expect(decisions.map((s) => [s.decision, s.raw, s.error])).toEqual([
      ['retrieve', 'Retrieve', undefined],
      ['stop', 'Halt.', undefined],
      ['answer', 'Retrieve? No — answer.', undefined],
    ]);
    const unclear = { ...record, sub_questions: [{ id: 1, decision: 'hmm', answer: 'Cleopatra IV' }] };
    const u = await importAll(stringChunks(JSON.stringify(unclear)), { file: 'd.jsonl' });
    expect(u.trajectories[0]!.steps[1]).toMatchObject({ kind: 'decision', decision: 'retrieve', raw: 'hmm' });
    expect(u.trajectories[0]!.steps[1]?.error).toMatch(
      /^unclear reply \(it says neither\): read as "retrieve"/,
    );
  });

  it('reads markdown-bold numbering and reports a later reference with its line', async () => {
    const r = await importAll(
      stringChunks(
        JSON.stringify({ question: 'q', plan: '**1.** Who wrote it?\n**2.** Where was #3 born?' }),
      ),
      { file: 'bold.jsonl' },
    );
    expect(r.errors).toEqual([
      {
        file: 'bold.jsonl',
        line: 1,
        field: 'plan',
        message: 'plan line 2 ("Where was #3 born?") refers to #3, which is not an earlier step',
      },
    ]);
  });

  it('reports a question with an unnumbered plan as an APEX record whose plan cannot be read', async () => {
    const r = await importAll(
      stringChunks(
        JSON.stringify({ question: 'q', golden_answers: ['a'], plan: 'Find the mother, then her father.' }),
      ),
      { file: 'loose.jsonl' },
    );
    expect(r.format).toBe('apex');
    expect(r.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [1, 'plan', 'the plan has no sub-questions: no numbered ("1. …", "(1) …") or bulleted ("- …") lines'],
    ]);
  });
});

describe('apex detection', () => {
  it('claims its own fixtures', () => {
    expect(apexFormat.detect(jsonl('apex.jsonl'))).toBeGreaterThan(0.8);
    expect(apexFormat.detect([fixture('apex-plan.txt')])).toBeGreaterThan(0.7);
  });

  it('returns 0 for the other formats, a Search-R1 transcript and ordinary numbered text', () => {
    expect(apexFormat.detect(jsonl('qagent.jsonl'))).toBe(0);
    expect(apexFormat.detect([fixture('qagent.txt')])).toBe(0);
    expect(apexFormat.detect(jsonl('exsearch.jsonl'))).toBe(0);
    expect(apexFormat.detect([SEARCH_R1])).toBe(0);
    expect(apexFormat.detect(['Shopping:\n1. bread\n2. milk\nand some notes\nmore notes\nfinal notes'])).toBe(
      0,
    );
  });

  it('is not claimed by the other two formats', () => {
    expect(qagentFormat.detect(jsonl('apex.jsonl'))).toBe(0);
    expect(qagentFormat.detect([fixture('apex-plan.txt')])).toBe(0);
    expect(exsearchFormat.detect(jsonl('apex.jsonl'))).toBe(0);
    expect(exsearchFormat.detect([fixture('apex-plan.txt')])).toBe(0);
  });
});
