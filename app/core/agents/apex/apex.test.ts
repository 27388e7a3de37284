import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../../../testing/scripted-llm';
import type { Prompt } from '../../llm/types';
import type { PlanNode } from '../../schema/trajectory';
import { apex, APEX_PROMPTS, firstLine, parseContinue, parseSufficiency, queryFromReply } from './apex';
import { apexConfidence, certainty, completeness, specificity } from './apex-confidence';
import { parsePlan, resolveRefs } from './apex-plan';
import { runStrategy } from '../run';
import { kinds, runCollect, stubRetriever } from '../../../testing/strategy-harness';

const P = {
  press: { id: 'w1', title: 'Veltmark Press', text: 'Veltmark Press was founded in 1871 by Ilse Marrow.' },
  vale: { id: 'w2', title: 'Orrin Vale', text: 'Orrin Vale is a market town.' },
  marrow: { id: 'w3', title: 'Ilse Marrow', text: 'Ilse Marrow was born in Dunhollow.' },
  archive: { id: 'w4', title: 'Glass Archive', text: 'The Glass Archive is a library in Orrin Vale.' },
  archive2: { id: 'w5', title: 'Orrin Vale libraries', text: 'Orrin Vale keeps the Glass Archive.' },
};
const TABLE = {
  'Veltmark Press founder': [P.press, P.vale],
  'Ilse Marrow birthplace': [P.marrow, P.press],
  'Ilse Marrow born': [P.press, P.marrow],
  'Glass Archive': [P.archive],
  'Glass Archive location': [P.archive2],
};
const text = (p: Prompt | undefined): string =>
  typeof p === 'object' ? p.messages.map((m) => m.content).join('\n') : (p ?? '');

/** An APEX run over TABLE's stub retriever, the model replying `replies` in order. */
async function runApex(question: string, replies: string[], params: Partial<typeof apex.defaults> = {}) {
  const llm = new ScriptedLlm(replies);
  const retriever = stubRetriever(TABLE);
  const { t, events } = await runCollect(apex, { question, llm, retriever, params });
  return { t, events, llm, retriever };
}

describe('APEX-Searcher strategy', () => {
  it('plans with #n, resolves references, hops with continuation and an early stop, synthesizes', async () => {
    const { t, events, llm } = await runApex('In which village was the founder of Veltmark Press born?', [
      '1. Who founded Veltmark Press?\n2. Where was #1 born?',
      'retrieve',
      'Veltmark Press founder',
      'stop',
      'Ilse Marrow',
      'retrieve',
      'Ilse Marrow birthplace',
      'continue',
      'Ilse Marrow born',
      'Dunhollow',
      'Dunhollow',
    ]);
    expect(kinds(t)).toEqual([
      'plan',
      'decision',
      'search',
      'retrieve',
      'decision',
      'sub_answer',
      'decision',
      'search',
      'retrieve',
      'decision',
      'search',
      'retrieve',
      'decision',
      'sub_answer',
      'answer',
    ]);
    expect(t.steps.map((s) => s.planNode)).toEqual([
      undefined,
      ...Array(5).fill('1'),
      ...Array(8).fill('2'),
      undefined,
    ]);
    expect(t.steps.map((s) => s.hop)).toEqual([
      undefined,
      undefined,
      1,
      1,
      1,
      undefined,
      undefined,
      1,
      1,
      1,
      2,
      2,
      2,
      undefined,
      undefined,
    ]);
    expect(t.steps[0]).toMatchObject({ text: '1. Who founded Veltmark Press?\n2. Where was #1 born?' });
    expect(t.steps[1]).toMatchObject({ decision: 'retrieve', text: 'Who founded Veltmark Press?' });
    expect(t.steps[4]).toMatchObject({ decision: 'stop' });
    expect(t.steps[6]).toMatchObject({ decision: 'retrieve', text: 'Where was Ilse Marrow born?' });
    expect(t.steps[9]).toMatchObject({ decision: 'continue', hop: 1 });
    expect(t.steps[12]).toMatchObject({ decision: 'stop', text: 'nothing new came back' });
    // Docs seen before stay on the step, marked; only new ones go to the model.
    expect(t.steps[8]?.docs?.map((d) => [d.id, d.duplicate])).toEqual([
      ['w3', false],
      ['w1', true],
    ]);
    expect(t.steps[11]?.docs?.every((d) => d.duplicate)).toBe(true);
    const subAnswerPrompt = text(llm.calls[9]!.prompt);
    expect(subAnswerPrompt).toContain('Doc 1(Title: Ilse Marrow) Ilse Marrow was born in Dunhollow.');
    expect(subAnswerPrompt).not.toContain('Veltmark Press was founded');
    expect(subAnswerPrompt).toContain('Q: Who founded Veltmark Press?\nA: Ilse Marrow');
    // The second query is conditioned on the one tried.
    expect(text(llm.calls[8]!.prompt)).toContain('- Ilse Marrow birthplace');
    expect(text(llm.calls[5]!.prompt)).toContain('Question: Where was Ilse Marrow born?');

    expect(t.plan).toEqual([
      {
        id: '1',
        text: 'Who founded Veltmark Press?',
        dependsOn: [],
        status: 'done',
        resolvedText: 'Who founded Veltmark Press?',
        answer: 'Ilse Marrow',
      },
      {
        id: '2',
        text: 'Where was #1 born?',
        dependsOn: ['1'],
        status: 'done',
        resolvedText: 'Where was Ilse Marrow born?',
        answer: 'Dunhollow',
      },
    ]);
    expect(t.answer).toEqual({ text: 'Dunhollow', confidence: 1 });
    expect(t.finishReason).toBe('answer');

    // Nodes appear while the plan streams: the first node before the plan generation ends.
    const plans = events.flatMap((e, i) => (e.type === 'plan' ? [[i, e.nodes.length]] : []));
    expect(plans[0]?.[1]).toBe(1);
    const planDone = events.findIndex(
      (e) => e.type === 'step_update' && e.stepId === 's0' && e.patch.ms !== undefined,
    );
    expect(plans[0]![0]!).toBeLessThan(planDone);
    // Status goes pending → active → done.
    const statuses = events.flatMap((e) => (e.type === 'plan_node' && e.id === '2' ? [e.patch.status] : []));
    expect(statuses).toEqual(['active', 'done']);
  });

  it('answers from accumulated knowledge when it suffices, and runs hop Hmax without asking', async () => {
    const { t, retriever } = await runApex(
      'Where is the Glass Archive?',
      [
        '1. Where is the Glass Archive?\n2. Which town is #1?',
        'retrieve',
        'Glass Archive',
        'Glass Archive location',
        'Orrin Vale',
        'answer',
        'Orrin Vale',
        'Orrin Vale',
      ],
      { maxHops: 2 },
    );
    expect(kinds(t)).toEqual([
      'plan',
      'decision',
      'search',
      'retrieve',
      'search',
      'retrieve',
      'sub_answer',
      'decision',
      'sub_answer',
      'answer',
    ]);
    expect(t.steps[7]).toMatchObject({ decision: 'answer', text: 'Which town is Orrin Vale?' });
    expect(retriever.calls.map((c) => c.k)).toEqual([3, 3]);
    expect(t.answer?.text).toBe('Orrin Vale');
  });

  it('a plan without numbered steps is recorded invalid and the question becomes a one-step plan', async () => {
    const { t } = await runApex('Where is the Glass Archive?', [
      'I would just look it up.',
      'answer',
      'Orrin Vale',
      'Orrin Vale',
    ]);
    expect(kinds(t)).toEqual(['invalid', 'decision', 'sub_answer', 'answer']);
    expect(t.plan).toMatchObject([{ id: '1', text: 'Where is the Glass Archive?', status: 'done' }]);
  });

  it('with planning off (the "w/o Plan" ablation, v1 §4.4 Table 2) no plan is asked for: the question is the one sub-question', async () => {
    const question = 'Where is the Glass Archive?';
    const { t, llm } = await runApex(question, ['answer', 'Orrin Vale', 'Orrin Vale'], {
      planning: false,
    });
    expect(kinds(t)).toEqual(['decision', 'sub_answer', 'answer']);
    expect(t.plan).toMatchObject([{ id: '1', text: question, status: 'done' }]);
    // The first model call is the sufficiency check on the whole question, not the plan prompt.
    expect(text(llm.calls[0]?.prompt)).not.toContain('Break the question down');
    expect(text(llm.calls[0]?.prompt)).toContain(question);
    // With planning on, the same script's first reply is read as the plan.
    const on = await runCollect(apex, {
      question,
      llm: new ScriptedLlm(['answer', 'x', 'x', 'x']),
      retriever: stubRetriever(TABLE),
    });
    expect(kinds(on.t)[0]).toBe('invalid');
  });

  it('cancellation during a sub-answer keeps the partial run and the active node', async () => {
    const ctrl = new AbortController();
    const llm = new ScriptedLlm([
      '1. Who founded Veltmark Press?',
      'retrieve',
      'Veltmark Press founder',
      'stop',
      'Ilse Marrow was a printer and engraver of note',
    ]);
    const t = await runStrategy(
      apex,
      { question: 'Who founded Veltmark Press?', llm, retriever: stubRetriever(TABLE), signal: ctrl.signal },
      (e, draft) => {
        if (e.type === 'step_token' && draft.steps.at(-1)?.kind === 'sub_answer') ctrl.abort();
      },
    );
    expect(t.finishReason).toBe('cancelled');
    expect(kinds(t)).toEqual(['plan', 'decision', 'search', 'retrieve', 'decision', 'sub_answer']);
    expect(t.plan?.[0]?.status).toBe('active');
    expect(t.answer).toBeUndefined();
  });

  it('parses plans, references and decisions', () => {
    expect(parsePlan('Plan:\n1. A?\n2) B of #1?\nStep 3: C #2 #5?\n2. dup')).toEqual([
      { id: '1', text: 'A?', dependsOn: [] },
      { id: '2', text: 'B of #1?', dependsOn: ['1'] },
      { id: '3', text: 'C #2 #5?', dependsOn: ['2'] },
    ]);
    expect(resolveRefs('C #2 #5?', new Map([['2', 'Bee']]))).toBe('C Bee #5?');
    expect(parseSufficiency('Answer')).toBe('answer');
    expect(parseSufficiency('The facts are insufficient, retrieve.')).toBe('retrieve');
    expect(parseSufficiency('hmm')).toBe('retrieve');
    expect(parseContinue('stop')).toBe('stop');
    expect(parseContinue('Continue')).toBe('continue');
    expect(firstLine('\n Query: "Ilse Marrow"\nmore')).toBe('Ilse Marrow');
  });
});

describe('APEX prompts (v1 §3.2.2, Algorithm 2; v2 appendix E)', () => {
  it('conditions queries on knowledge, documents and history, with first- and later-hop prompts; the continuation decision sees hops and knowledge', async () => {
    const { t, llm } = await runApex(
      'In which village was the founder of Veltmark Press born?',
      [
        '1. Who founded Veltmark Press?\n2. Where was #1 born?',
        'retrieve',
        'Veltmark Press founder',
        'stop',
        'Ilse Marrow',
        'retrieve',
        'We need her birthplace.\nQuery: Ilse Marrow birthplace',
        'The documents are not sufficient yet: continue.',
        'Still missing the village.\nQuery: Ilse Marrow born',
        'Dunhollow',
        'Dunhollow',
      ],
      { maxHops: 3 },
    );
    const first = text(llm.calls[6]!.prompt);
    const cont = text(llm.calls[7]!.prompt);
    const next = text(llm.calls[8]!.prompt);
    // First hop: the question and the accumulated knowledge; reason, then a query.
    expect(first).toContain('Q: Who founded Veltmark Press?\nA: Ilse Marrow');
    expect(first).toContain('Question: Where was Ilse Marrow born?');
    expect(first).toContain('what information is still needed');
    expect(first).not.toContain('Queries already tried');
    // Continuation: hop count, knowledge, documents.
    expect(cont).toContain('Searches done so far: 1 of at most 3.');
    expect(cont).toContain('Q: Who founded Veltmark Press?\nA: Ilse Marrow');
    expect(cont).toContain('Doc 1(Title: Ilse Marrow) Ilse Marrow was born in Dunhollow.');
    // Later hop: knowledge, documents, the query history, and a different query.
    expect(next).toContain('Q: Who founded Veltmark Press?\nA: Ilse Marrow');
    expect(next).toContain('Doc 1(Title: Ilse Marrow)');
    expect(next).toContain('- Ilse Marrow birthplace');
    expect(next).toContain('differs from every query already tried');
    expect(t.steps.filter((x) => x.kind === 'search').map((x) => x.queries)).toEqual([
      ['Veltmark Press founder'],
      ['Ilse Marrow birthplace'],
      ['Ilse Marrow born'],
    ]);
  });

  it('asks for a manageable number of steps: at most planStepLimit sub-questions (v1 §3.3.2)', async () => {
    expect(apex.defaults.planStepLimit).toBe(4);
    const planPrompt = async (params: Partial<typeof apex.defaults>) => {
      const llm = new ScriptedLlm(['1. Who founded Veltmark Press?', 'answer', 'Ilse Marrow', 'Ilse Marrow']);
      await runCollect(apex, {
        question: 'Who founded Veltmark Press?',
        llm,
        retriever: stubRetriever(TABLE),
        params,
      });
      return text(llm.calls[0]!.prompt);
    };
    expect(await planPrompt({})).toContain('a manageable number of steps: at most 4 sub-questions');
    const two = await planPrompt({ planStepLimit: 2 });
    expect(two).toContain('at most 2 sub-questions');
    expect(two).not.toContain('{maxSteps}');
  });

  it('answers from accumulated knowledge with its own prompt (Algorithm 2, AnswerFromKnowledge)', async () => {
    const llm = new ScriptedLlm([
      '1. Who founded Veltmark Press?\n2. Who founded #1?',
      'retrieve',
      'Veltmark Press founder',
      'stop',
      'Ilse Marrow',
      'Yes, the known facts are sufficient; no need to search.',
      'Ilse Marrow',
      'Ilse Marrow',
    ]);
    const retriever = stubRetriever(TABLE);
    const { t } = await runCollect(apex, { question: 'Who founded Veltmark Press?', llm, retriever });
    expect(t.steps.filter((x) => x.kind === 'decision').map((x) => x.decision)).toEqual([
      'retrieve',
      'stop',
      'answer',
    ]);
    expect(retriever.calls).toHaveLength(1);
    const prompt = text(llm.calls[6]!.prompt);
    expect(prompt).toBe(
      APEX_PROMPTS.answerFromKnowledge
        .replace('{knowledge}', 'Q: Who founded Veltmark Press?\nA: Ilse Marrow')
        .replace('{question}', 'Who founded Ilse Marrow?'),
    );
    expect(prompt).toContain('best inference');
    expect(prompt).not.toContain('Documents');
  });
});

describe('APEX decisions in a run (v1 §3.2.2, Algorithm 2)', () => {
  it('retrieves on "We need to search for the answer." and stops on "Another search is unnecessary."', async () => {
    const { t, retriever } = await runApex(
      'Who founded Veltmark Press?',
      [
        '1. Who founded Veltmark Press?',
        'We need to search for the answer.',
        'Veltmark Press founder',
        'Another search is unnecessary.',
        'Ilse Marrow',
        'Ilse Marrow',
      ],
      { maxHops: 3 },
    );
    expect(retriever.calls).toHaveLength(1);
    expect(t.steps.filter((x) => x.kind === 'decision').map((x) => [x.decision, x.error])).toEqual([
      ['retrieve', undefined],
      ['stop', undefined],
    ]);
    expect(t.answer?.text).toBe('Ilse Marrow');
  });

  it('runs a plan with a year in parentheses as its two sub-questions (v1 Fig. 6 form)', async () => {
    const { t, llm } = await runApex('When was the director of Titanic (1997) born?', [
      '(1) Who directed Titanic (1997)? (2) When was #1 born?',
      'answer',
      'James Cameron',
      'answer',
      '1954',
      '1954',
    ]);
    expect(t.plan?.map((n) => [n.id, n.resolvedText, n.answer])).toEqual([
      ['1', 'Who directed Titanic (1997)?', 'James Cameron'],
      ['2', 'When was James Cameron born?', '1954'],
    ]);
    expect(llm.calls).toHaveLength(6);
    expect(t.answer?.text).toBe('1954');
  });

  // v1 §3.2.2: δ_knowledge → {Retrieve, Answer}; Algorithm 2 line 13 breaks on
  // ¬ShouldContinueRetrieval. A model that echoes the question and answers it is read.
  it('stops on "Continue? No." instead of spending another hop', async () => {
    const { t, retriever } = await runApex(
      'Who founded Veltmark Press?',
      [
        '1. Who founded Veltmark Press?',
        'Retrieve? Yes.',
        'Veltmark Press founder',
        'Continue? No.',
        'Ilse Marrow',
        'Ilse Marrow',
      ],
      { maxHops: 3 },
    );
    expect(retriever.calls).toHaveLength(1);
    expect(t.steps.filter((x) => x.kind === 'decision').map((x) => [x.decision, x.error])).toEqual([
      ['retrieve', undefined],
      ['stop', undefined],
    ]);
    expect(t.answer?.text).toBe('Ilse Marrow');
  });

  it('takes the retrieving side on an unclear reply and says so on the step', async () => {
    const { t, retriever } = await runApex(
      'Who founded Veltmark Press?',
      [
        '1. Who founded Veltmark Press?',
        'hmm',
        'Veltmark Press founder',
        'Stop or continue?',
        'Ilse Marrow born',
        'Glass Archive',
        'Ilse Marrow',
        'Ilse Marrow',
      ],
      { maxHops: 3 },
    );
    expect(retriever.calls).toHaveLength(3);
    const decisions = t.steps.filter((x) => x.kind === 'decision');
    expect(decisions.map((x) => x.decision)).toEqual(['retrieve', 'continue']);
    expect(decisions[0]?.error).toMatch(/^unclear reply \(it says neither\): read as "retrieve"/);
    expect(decisions[1]?.error).toMatch(/^unclear reply \(it says both\): read as "continue"/);
  });
});

describe('APEX decision parsing reads negations', () => {
  const sufficiency: Array<[string, 'answer' | 'retrieve']> = [
    ['answer', 'answer'],
    ['Retrieve', 'retrieve'],
    ['Yes, the known facts are sufficient; no need to search.', 'answer'],
    ['Yes.', 'answer'],
    ['No.', 'retrieve'],
    ['No, the facts are not sufficient.', 'retrieve'],
    ['The facts are insufficient, retrieve.', 'retrieve'],
    ['The knowledge is enough to answer.', 'answer'],
    ['It cannot be answered from these facts.', 'retrieve'],
    ['There is no need to retrieve anything.', 'answer'],
    ["I don't need to search for this.", 'answer'],
    ['More information is needed.', 'retrieve'],
    ['I need to retrieve before I can answer.', 'retrieve'],
    ['hmm', 'retrieve'],
  ];
  it.each(sufficiency)('sufficiency %j → %s', (reply, want) => {
    expect(parseSufficiency(reply)).toBe(want);
  });

  const continuation: Array<[string, 'continue' | 'stop']> = [
    ['stop', 'stop'],
    ['Continue', 'continue'],
    ['No more searching is needed.', 'stop'],
    ['No further retrieval is required.', 'stop'],
    ['Another search is not necessary.', 'stop'],
    ["Another search isn't needed.", 'stop'],
    ['There is no need to continue.', 'stop'],
    ['Yes, the information is sufficient; no need to search.', 'stop'],
    ['The information is enough.', 'stop'],
    ['Yes.', 'stop'],
    ['No.', 'continue'],
    ['No, the documents are not enough.', 'continue'],
    ['The information is insufficient; we need more documents.', 'continue'],
    ["Don't stop yet, the birthplace is missing.", 'continue'],
    ['More searching is needed.', 'continue'],
    ['unclear', 'continue'],
  ];
  it.each(continuation)('continuation %j → %s', (reply, want) => {
    expect(parseContinue(reply)).toBe(want);
  });
});

describe('APEX plan forms', () => {
  const twoSteps = [
    { id: '1', text: 'Who founded Veltmark Press?', dependsOn: [] },
    { id: '2', text: 'Where was #1 born?', dependsOn: ['1'] },
  ];
  it.each([
    ['numbered lines', '1. Who founded Veltmark Press?\n2. Where was #1 born?'],
    ["the paper's inline form", '(1) Who founded Veltmark Press? (2) Where was #1 born?'],
    ['parenthesised lines', '(1) Who founded Veltmark Press?\n(2) Where was #1 born?'],
    [
      'Sub-question labels',
      'Sub-question 1: Who founded Veltmark Press?\nSub-question 2: Where was #1 born?',
    ],
    [
      'Subquestion labels with #',
      'Subquestion #1 - Who founded Veltmark Press?\nSubquestion #2 - Where was #1 born?',
    ],
    ['Q labels', 'Q1: Who founded Veltmark Press?\nQ2: Where was #1 born?'],
    ['bullets', 'Plan:\n- Who founded Veltmark Press?\n- Where was #1 born?'],
    ['star bullets', '* Who founded Veltmark Press?\n* Where was #1 born?'],
    ['numbered bullets', '- 1. Who founded Veltmark Press?\n- 2. Where was #1 born?'],
  ])('%s', (_name, plan) => {
    expect(parsePlan(plan)).toEqual(twoSteps);
  });

  it('does not read a line opening with a year as a step', () => {
    expect(parsePlan('1964 was the year.\nNothing else.')).toEqual([]);
  });

  it('reads the query from the last "Query:" line of a reasoned reply', () => {
    expect(queryFromReply('We need the founder.\nQuery: Veltmark Press founder')).toBe(
      'Veltmark Press founder',
    );
    expect(queryFromReply('Veltmark Press founder')).toBe('Veltmark Press founder');
  });
});

describe('APEX confidence', () => {
  const node = (answer: string | undefined, status: PlanNode['status'] = 'done'): PlanNode => ({
    id: '1',
    text: 'q',
    dependsOn: [],
    status,
    ...(answer !== undefined ? { answer } : {}),
  });

  it('is 1 for a specific, complete, unhedged answer and falls with each factor', () => {
    expect(apexConfidence('Dunhollow', [node('Ilse Marrow'), node('Dunhollow')])).toBe(1);
    expect(specificity('a long rambling answer that goes on about many things and places at once')).toBe(0.5);
    expect(specificity('unknown')).toBe(0);
    expect(completeness([node('Ilse Marrow'), node(undefined, 'failed')])).toBe(0.5);
    expect(certainty('probably Dunhollow', [])).toBe(0);
    expect(certainty('Dunhollow', [node('maybe Ilse')])).toBe(0.5);
    const c = apexConfidence('probably Dunhollow', [node('Ilse Marrow'), node(undefined, 'failed')]);
    expect(c).toBeCloseTo((1 + 0.5 + 0) / 3, 3);
    expect(apexConfidence('x', [], { specificity: 1, completeness: 0, certainty: 0 })).toBe(1);
  });
});
