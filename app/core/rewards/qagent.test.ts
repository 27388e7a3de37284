import { describe, expect, it } from 'vitest';
import type { StepInput } from '../schema/builder';
import { generatorAnswer, qagentFormat, qagentStage1, qagentStage2, trajectoryHit } from './qagent';
import { doc, fakeLlm, traj } from '../../testing/reward-fakes';

const gold = { answers: ['Paris'] };
const loop = (q: string, docs = [doc('d1', 'Lyon', 'Lyon is a city.')]): StepInput[] => [
  { kind: 'plan', text: `find ${q}` },
  { kind: 'search', queries: [q] },
  { kind: 'retrieve', docs },
  { kind: 'reflect', text: 'ok' },
];
const answer = (text: string): StepInput => ({ kind: 'answer', text });

describe('qagentFormat', () => {
  it('accepts plan → search → information → reflection loops ending in an answer, step by step', () => {
    const t = traj([...loop('a'), ...loop('b'), answer('Paris')]);
    const f = qagentFormat(t.steps);
    expect(f.valid).toBe(true);
    expect(f.steps.map((s) => [s.stepId, s.value])).toEqual([
      ['s1', 1],
      ['s2', 1],
      ['s5', 1],
      ['s6', 1],
    ]);
  });

  it('rejects a search not directly after a plan (a think in between)', () => {
    const t = traj([
      { kind: 'plan', text: 'p' },
      { kind: 'think', text: 't' },
      { kind: 'search', queries: ['q'] },
      { kind: 'retrieve', docs: [doc('d', 'T', 'x')] },
      { kind: 'reflect', text: 'r' },
      answer('x'),
    ]);
    const f = qagentFormat(t.steps);
    expect(f.valid).toBe(false);
    expect(f.reasons).toEqual(['search s2 is not directly preceded by a plan']);
    expect(f.steps[0]).toEqual({
      stepId: 's2',
      value: 0,
      detail: 'not directly preceded by <plan> (previous: think)',
    });
  });

  it('rejects information not directly followed by a reflection, a missing answer and invalid steps', () => {
    const noReflect = traj([
      { kind: 'plan', text: 'p' },
      { kind: 'search', queries: ['q'] },
      { kind: 'retrieve', docs: [doc('d', 'T', 'x')] },
      answer('x'),
    ]);
    expect(qagentFormat(noReflect.steps).reasons).toEqual([
      'information s2 is not directly followed by a reflection',
    ]);
    expect(qagentFormat(traj(loop('a')).steps).reasons).toEqual(['no answer']);
    const invalid = traj([{ kind: 'invalid', error: 'empty search' }, answer('x')]);
    expect(qagentFormat(invalid.steps).reasons).toEqual(['invalid step 1: empty search']);
  });
});

describe('QAgent stage 1 = EM × format', () => {
  it('is 1 only when the answer is exactly right and the format holds', async () => {
    const good = traj([...loop('a'), answer('Paris')], { gold, answer: 'Paris' });
    expect((await qagentStage1.compute(good, {})).value).toBe(1);
    const wrong = traj([...loop('a'), answer('Lyon')], { gold, answer: 'Lyon' });
    expect((await qagentStage1.compute(wrong, {})).value).toBe(0);
    // Strict EM: a covering but longer answer does not count.
    const covering = traj([...loop('a'), answer('Paris, France')], { gold, answer: 'Paris, France' });
    expect((await qagentStage1.compute(covering, {})).value).toBe(0);
    const badFormat = traj([{ kind: 'search', queries: ['q'] }, answer('Paris')], { gold, answer: 'Paris' });
    const r = await qagentStage1.compute(badFormat, {});
    expect(r.value).toBe(0);
    expect(r.inputs).toMatchObject({ correct: 1, correctness: 'EM', format: false });
  });
  it('is null without gold', async () => {
    expect((await qagentStage1.compute(traj([answer('x')], { answer: 'x' }), {})).value).toBeNull();
  });
  it('under the non-strict EM signal the covering answer counts, and the result says so', async () => {
    const covering = traj([...loop('a'), answer('Paris, France')], { gold, answer: 'Paris, France' });
    const r = await qagentStage1.compute(covering, { correctness: { signal: 'acc' } });
    expect(r.value).toBe(1);
    expect(r.inputs).toMatchObject({ correctness: 'non-strict EM (acc)' });
    expect(r.formula).toContain('correct by non-strict EM (acc)');
  });
});

describe('QAgent stage 2 = non-strict EM(generator answer) + 0.5 × Hit(τ) (Eq. 10)', () => {
  const steps = [
    ...loop('a', [doc('d1', 'France', 'Its capital is Paris.', 1), doc('d2', 'Lyon', 'Lyon is a city.', 2)]),
    // The same France passage again: the generator reads it once.
    ...loop('b', [doc('d9', 'France', 'Its capital is Paris.', 1)]),
    answer('Lyon'),
  ];

  it('asks the generator greedily over the de-duplicated passages and adds the hit', async () => {
    const llm = fakeLlm('  Paris, France\nIt is the capital.');
    const r = await qagentStage2.compute(traj(steps, { gold, question: 'Capital of France?' }), { llm });
    // coverEM("Paris, France", "Paris") = 1; Hit = 1 → 1 + 0.5.
    expect(r.value).toBe(1.5);
    expect(r.inputs).toMatchObject({ generatorAnswer: 'Paris, France', coverEM: 1, hit: 1, passages: 2 });
    expect(r.steps).toEqual([expect.objectContaining({ stepId: 's2', value: 0.5 })]);
    expect(llm.prompts).toHaveLength(1);
    const call = llm.prompts[0];
    expect(call?.options).toMatchObject({ temperature: 0, maxTokens: 32 });
    const prompt = call?.prompt;
    if (typeof prompt === 'string' || !prompt) throw new Error('expected chat messages');
    expect(prompt.messages[0]?.content).toContain(
      'Doc 1(Title: France) Its capital is Paris.\nDoc 2(Title: Lyon) Lyon is a city.',
    );
    expect(prompt.messages[0]?.content).not.toContain('Doc 3');
    expect(prompt.messages[1]).toEqual({ role: 'user', content: 'Question: Capital of France?' });
  });

  it('scores the generator, not the agent: a wrong agent answer can still earn 1.5, a trajectory without the answer 0', async () => {
    const noHit = [...loop('a'), answer('Lyon')];
    expect((await qagentStage2.compute(traj(noHit, { gold }), { llm: fakeLlm('Lyon') })).value).toBe(0);
    expect((await qagentStage2.compute(traj(noHit, { gold }), { llm: fakeLlm('Paris') })).value).toBe(1);
    const hit = await qagentStage2.compute(
      traj(steps, { gold }),
      { llm: fakeLlm('Lyon') },
      { hitWeight: 0.25 },
    );
    expect(hit.value).toBe(0.25);
  });

  // Eq. 10: R(τ) = EM(A*, Ã) + 0.5 · Hit(τ, A*), Hit = "the entire trajectory contains the gold
  // answer" — not only the collected passages.
  it("Hit counts the gold answer anywhere in the trajectory: the agent's own answer (Eq. 10)", async () => {
    const t = traj([...loop('a'), answer('Paris')], { gold });
    expect(trajectoryHit(t, gold.answers)).toMatchObject({ hit: 1, step: { kind: 'answer' } });
    const r = await qagentStage2.compute(t, { llm: fakeLlm('Lyon') });
    expect(r.value).toBe(0.5);
    expect(r.steps).toEqual([expect.objectContaining({ stepId: 's4', value: 0.5 })]);
  });

  it('Hit counts a reflection or a query that names the gold answer, in the order the steps came', () => {
    const reflected = traj(
      [
        { kind: 'plan', text: 'find the capital' },
        { kind: 'search', queries: ['capital of France'] },
        { kind: 'retrieve', docs: [doc('d1', 'Lyon', 'Lyon is a city.')] },
        { kind: 'reflect', text: 'I recall the capital is Paris.' },
      ],
      { gold },
    );
    expect(trajectoryHit(reflected, gold.answers)).toMatchObject({ hit: 1, step: { id: 's3' } });
    const queried = traj([{ kind: 'search', queries: ['Paris population'] }], { gold });
    expect(trajectoryHit(queried, gold.answers)).toMatchObject({ hit: 1, step: { id: 's0' } });
    // Whole words only, like the passages: "Parisian" does not hold "Paris".
    const near = traj([{ kind: 'reflect', text: 'A Parisian museum.' }], { gold });
    expect(trajectoryHit(near, gold.answers).hit).toBe(0);
  });

  it("leaves the frozen generator's answer out of τ (it is Ã, scored by the EM term)", () => {
    const t = traj(
      [...loop('a'), answer('Lyon'), { kind: 'answer', decision: 'frozen-generator', text: 'Paris' }],
      { gold },
    );
    expect(trajectoryHit(t, gold.answers).hit).toBe(0);
  });

  it('is null without a generator, still reporting the hit', async () => {
    const r = await qagentStage2.compute(traj(steps, { gold }), {});
    expect(r.value).toBeNull();
    expect(r.note).toMatch(/generator/);
    expect(r.inputs).toEqual({ hit: 1, passages: 2 });
  });

  it('takes the first non-empty line of the generator output', () => {
    expect(generatorAnswer('\n\n  Paris \nmore')).toBe('Paris');
    expect(generatorAnswer('')).toBe('');
  });
});
