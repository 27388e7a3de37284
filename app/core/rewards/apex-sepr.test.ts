import { describe, expect, it } from 'vitest';
import { apexSepr, seprFromVectors } from './apex-sepr';
import type { Trajectory } from '../schema/trajectory';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { questionGold } from '../corpus/gold-join';
import { loadDataset } from '../corpus/registry';
import { parsePlan, planNodes } from '../agents/apex/apex-plan';
import { bagOfWordsEmbedder, fakeEmbedder, traj } from '../../testing/reward-fakes';

const unit = (deg: number) => [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];

// Generated A at 0°, B at −25°; gold X at 0°, Y at +25°, Z at 90°.
// cos(A,X) = 1, cos(A,Y) = cos(B,X) = cos 25° ≈ 0.906, cos(B,Y) = cos 50° ≈ 0.643, cos(·,Z) ≤ 0.
// Greedy (best cosine first) takes A–X and is left with B–Y (0.643 < τ): one match. The minimum-cost
// assignment takes A–Y + B–X (cost 2(1 − 0.906) ≈ 0.19 < 0 + 0.357): two matches above τ = 0.8.
const vectors = {
  'Who directed Film?': unit(0),
  'When was #1 born?': unit(-25),
  'Who is the director of Film?': unit(0),
  'Where was #1 born?': unit(25),
  'What year is it?': unit(90),
};
const plan = ['Who directed Film?', 'When was #1 born?'];
const goldPlan = [
  { text: 'Who is the director of Film?' },
  { text: 'Where was #1 born?' },
  { text: 'What year is it?' },
];

describe('APEX SEPR', () => {
  it('matches one-to-one by minimum total cost, not greedily: P = 2/2, R = 2/3, F1 = 0.8', async () => {
    const embedder = fakeEmbedder(vectors);
    const t = traj([], { plan, gold: { answers: ['x'], plan: goldPlan } });
    const r = await apexSepr.compute(t, { embedder });
    expect(r.value).toBeCloseTo(0.8, 6);
    expect(r.inputs).toMatchObject({ generated: 2, gold: 3, matched: 2, precision: 1, tau: 0.8 });
    expect(r.inputs.recall).toBeCloseTo(2 / 3, 12);
    expect(r.pairs?.map((p) => [p.left, p.right, p.kept])).toEqual([
      ['Who directed Film?', 'Where was #1 born?', true],
      ['When was #1 born?', 'Who is the director of Film?', true],
    ]);
    expect(r.pairs?.[0]?.score).toBeCloseTo(Math.cos((25 * Math.PI) / 180), 6);
    expect(embedder.calls).toEqual([[...plan, ...goldPlan.map((g) => g.text)]]);
  });

  it('compares the plans as written, #n unresolved: "Who designed #1?" matches its gold twin with cos 1', async () => {
    // Only the raw forms have vectors: embedding a resolved text would throw.
    const embedder = fakeEmbedder({ 'Which bridge spans the Ambrel?': [1, 0], 'Who designed #1?': [0, 1] });
    const base = traj([], {
      gold: {
        answers: ['x'],
        plan: [{ text: 'Which bridge spans the Ambrel?' }, { text: 'Who designed #1?' }],
      },
    });
    const t: Trajectory = {
      ...base,
      plan: [
        {
          id: '1',
          text: 'Which bridge spans the Ambrel?',
          dependsOn: [],
          answer: 'Ambrel Bridge',
          status: 'done',
        },
        {
          id: '2',
          text: 'Who designed #1?',
          resolvedText: 'Who designed Ambrel Bridge?',
          dependsOn: ['1'],
          status: 'done',
        },
      ],
    };
    const r = await apexSepr.compute(t, { embedder });
    expect(r.value).toBe(1);
    expect(r.pairs?.find((p) => p.left === 'Who designed #1?')).toMatchObject({
      right: 'Who designed #1?',
      score: 1,
      kept: true,
    });
    expect(embedder.calls.flat()).not.toContain('Who designed Ambrel Bridge?');
  });

  it('keeps only pairs strictly above τ; nothing kept → 0', () => {
    const item = (text: string, vec: number[]) => ({ text, vec });
    const same = seprFromVectors([item('a', [1, 0])], [item('b', [1, 0])], 1);
    expect(same.matched).toBe(0);
    expect(same.f1).toBe(0);
    expect(seprFromVectors([item('a', [1, 0])], [item('b', [1, 0])], 0.99).f1).toBe(1);
    // One of three generated matches one of one gold: P = 1/3, R = 1, F1 = 2·(1/3)/(4/3) = 0.5.
    const over = seprFromVectors(
      [item('a', [1, 0]), item('b', [0, 1]), item('c', [-1, 0])],
      [item('g', [1, 0])],
      0.8,
    );
    expect(over).toMatchObject({ matched: 1, recall: 1 });
    expect(over.precision).toBeCloseTo(1 / 3, 12);
    expect(over.f1).toBeCloseTo(0.5, 12);
  });

  it('is null without a gold plan, without a plan, or without an embedder', async () => {
    const embedder = fakeEmbedder(vectors);
    expect((await apexSepr.compute(traj([], { plan }), { embedder })).note).toMatch(/no gold plan/);
    const noPlan = traj([], { gold: { answers: [], plan: goldPlan } });
    expect((await apexSepr.compute(noPlan, { embedder })).note).toMatch(/no plan/);
    const noEmb = await apexSepr.compute(traj([], { plan, gold: { answers: [], plan: goldPlan } }), {});
    expect(noEmb.value).toBeNull();
    expect(noEmb.note).toMatch(/embedder/);
  });
});

describe('APEX SEPR of a plan whose question carries a year in parentheses', () => {
  // A faithful plan in the paper's "(1) … (2) … #1" form (v1 Fig. 6): two sub-questions against
  // two gold ones. Read as three steps ("1997: ?" among them), P = 2/3 and SEPR fell to 0.8.
  it('scores the two-step plan 1', async () => {
    const gold = {
      answers: ['1954'],
      plan: [
        { text: 'Titanic (1997) >> director', question: 'Who directed Titanic (1997)?' },
        { text: '#1 >> date of birth', question: 'When was #1 born?' },
      ],
    };
    const plan = planNodes(parsePlan('(1) Who directed Titanic (1997)? (2) When was #1 born?'));
    const r = await apexSepr.compute({ ...traj([], { gold }), plan }, { embedder: bagOfWordsEmbedder() });
    expect(r.inputs).toMatchObject({ generated: 2, gold: 2, matched: 2 });
    expect(r.value).toBe(1);
  });
});

describe('APEX SEPR against MuSiQue gold plans rewritten into questions (v1 §4.1.1, v2 appendix C.1)', () => {
  const file = path.resolve(__dirname, '../../../../shared/data/musique/dev_subset.jsonl');
  const set = loadDataset(readFileSync(file, 'utf8'), 'musique/dev_subset.jsonl').questions;
  const q = set?.questions.find((x) => x.id === '2hop__335418_279684');
  // A faithful plan in the paper's own form, as an APEX planner writes it.
  const plan = planNodes(
    parsePlan('(1) Who is the spouse of Anna Benson? (2) Which sports team was #1 a member of?'),
  );

  it('the question carries the raw operator forms and their rewrites', () => {
    expect(q?.question).toBe("What team was Anna Benson's husband on?");
    expect(questionGold(q!).plan).toEqual([
      { text: 'Anna Benson >> spouse', question: 'Who is the spouse of Anna Benson?', answer: 'Kris Benson' },
      {
        text: '#1 >> member of sports team',
        question: 'Which sports team is #1 a member of?',
        answer: 'Pittsburgh Pirates',
      },
    ]);
  });

  it('scores the faithful plan 1 against the rewritten gold, where the raw forms gave 0', async () => {
    const gold = questionGold(q!);
    const t = { ...traj([], { gold }), plan };
    const embedder = bagOfWordsEmbedder();
    const r = await apexSepr.compute(t, { embedder });
    expect(r.value).toBe(1);
    expect(embedder.calls[0]).toContain('Which sports team is #1 a member of?');
    // The same plan against the operator forms as written: no pair above τ = 0.8.
    const raw = {
      ...traj([], { gold: { ...gold, plan: gold.plan!.map((s) => ({ text: s.text, question: s.text })) } }),
      plan,
    };
    const before = await apexSepr.compute(raw, { embedder: bagOfWordsEmbedder() });
    expect(before.value).toBe(0);
    expect(Math.max(...(before.pairs ?? []).map((p) => p.score))).toBeLessThan(0.8);
  });

  it('rewrites gold plans stored before the `question` field existed', async () => {
    const gold = questionGold(q!);
    const old = { ...traj([], { gold: { ...gold, plan: gold.plan!.map((s) => ({ text: s.text })) } }), plan };
    expect((await apexSepr.compute(old, { embedder: bagOfWordsEmbedder() })).value).toBe(1);
  });
});

describe('APEX SEPR gold sub-questions: the cached model rewrite first, the template offline (v1 §4.1.1)', () => {
  // APEX v1 §4.1.1 compares with gold sub-questions a model wrote in natural language; the
  // template form can sit just under τ = 0.8 where the model's sits above it.
  const gold = {
    answers: ['Pittsburgh Pirates'],
    plan: [{ text: 'Anna Benson >> spouse' }, { text: '#1 >> member of sports team' }],
  };
  const t = {
    ...traj([], { gold }),
    plan: planNodes(parsePlan('(1) Who was Anna Benson married to? (2) Which team did #1 play for?')),
  };
  const vectors = {
    'Who was Anna Benson married to?': unit(0),
    'Which team did #1 play for?': unit(90),
    // Templates: 'Who is the spouse of Anna Benson?' at 30° (cos 0.866), the team one at 50° from its twin.
    'Who is the spouse of Anna Benson?': unit(30),
    'Which sports team is #1 a member of?': unit(40),
    // The model's rewrites: within 10° of the generated questions.
    'Whom did Anna Benson marry?': unit(5),
    'Which team did #1 play for as a member?': unit(80),
  };

  it('uses the template and says so when no model rewrite is cached', async () => {
    const r = await apexSepr.compute(t, { embedder: fakeEmbedder(vectors) });
    expect(r.inputs).toMatchObject({ matched: 1, goldPlanSource: 'template (deterministic rewrite)' });
    expect(r.value).toBeCloseTo(0.5, 12);
  });

  it('uses the cached model rewrite of every step, labelled with the model', async () => {
    const goldPlanRewrites = {
      model: 'qwen3-8b',
      questions: new Map([
        ['Anna Benson >> spouse', 'Whom did Anna Benson marry?'],
        ['#1 >> member of sports team', 'Which team did #1 play for as a member?'],
      ]),
    };
    const r = await apexSepr.compute(t, { embedder: fakeEmbedder(vectors), goldPlanRewrites });
    expect(r.value).toBe(1);
    expect(r.inputs).toMatchObject({ matched: 2, goldPlanSource: 'model rewrite · qwen3-8b (cached)' });
    expect(r.pairs?.map((p) => p.right)).toEqual([
      'Whom did Anna Benson marry?',
      'Which team did #1 play for as a member?',
    ]);
    expect(r.formula).toContain('model rewrite · qwen3-8b (cached)');
  });

  it('falls back to the template step by step where the model gave no usable rewrite', async () => {
    const goldPlanRewrites = {
      model: 'qwen3-8b',
      questions: new Map([['Anna Benson >> spouse', 'Whom did Anna Benson marry?']]),
    };
    const r = await apexSepr.compute(t, { embedder: fakeEmbedder(vectors), goldPlanRewrites });
    expect(r.inputs.goldPlanSource).toBe(
      'model rewrite · qwen3-8b (cached) for 1 of 2 steps, template (deterministic rewrite) for the rest',
    );
    expect(r.pairs?.map((p) => p.right)).toEqual([
      'Whom did Anna Benson marry?',
      'Which sports team is #1 a member of?',
    ]);
  });
});
