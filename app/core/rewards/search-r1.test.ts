import { describe, expect, it } from 'vitest';
import { parseTaggedTranscript } from '../importers/formats/tagged-transcript';
import type { StepInput } from '../schema/builder';
import { searchR1Em, searchR1Format, searchR1RetrievalHit, searchR1Sequence } from './search-r1';
import { doc, traj } from '../../testing/reward-fakes';

const gold = { answers: ['Paris', 'City of Paris'] };
const info = (text: string, title = 'France'): StepInput => ({
  kind: 'retrieve',
  docs: [doc('d1', title, text)],
});

/** Steps as the tagged-transcript importer makes them, so `raw` is real source text. */
const parsed = (transcript: string) => parseTaggedTranscript(transcript).steps;

const VALID =
  '<think>Need the capital.</think>\n<search>capital of France</search>\n' +
  '<information>Doc 1(Title: "France") The capital is Paris.</information>\n' +
  '<think>Found it.</think>\n<answer>Paris</answer>';

describe('searchR1Sequence (is_valid_sequence on steps)', () => {
  it('accepts think → search → information → think → answer, from steps and from a parsed transcript', () => {
    const steps = traj([
      { kind: 'think', text: 'a' },
      { kind: 'search', queries: ['q'] },
      info('x'),
      { kind: 'think', text: 'b' },
      { kind: 'answer', text: 'Paris' },
    ]).steps;
    expect(searchR1Sequence(steps)).toEqual({ valid: true, reason: 'valid sequence format' });
    expect(searchR1Sequence(traj(parsed(VALID)).steps).valid).toBe(true);
    expect(searchR1Sequence(traj(parsed('<think>known</think><answer>Paris</answer>')).steps).valid).toBe(
      true,
    );
  });

  it('rejects text outside the tags (the instruct model’s untagged reasoning)', () => {
    const t = traj(parsed(`Let me look it up.\n${VALID}`));
    const r = searchR1Sequence(t.steps);
    expect(r).toMatchObject({ valid: false, reason: 'text outside any tag', stepId: t.steps[0]?.id });
  });

  it('rejects a search straight after information (no think in between) and names the step', () => {
    const t = traj([
      { kind: 'think', text: 'a' },
      { kind: 'search', queries: ['q'] },
      info('x'),
      { kind: 'search', queries: ['q2'] },
    ]);
    expect(searchR1Sequence(t.steps)).toEqual({
      valid: false,
      reason: 'unexpected <search> in state information',
      stepId: 's3',
    });
  });

  it('rejects an answer without a think before it, an unclosed answer, content after it, other kinds', () => {
    expect(searchR1Sequence(traj([{ kind: 'answer', text: 'x' }]).steps).reason).toBe(
      'unexpected <answer> in state start',
    );
    expect(searchR1Sequence(traj(parsed('<think>a</think><answer>Paris')).steps).reason).toBe(
      '<answer> is not closed by </answer>',
    );
    expect(searchR1Sequence(traj(parsed('<think>a</think><answer>Paris</answer> done')).steps).valid).toBe(
      false,
    );
    const reflect = traj([
      { kind: 'think', text: 'a' },
      { kind: 'reflect', text: 'hmm' },
    ]);
    expect(searchR1Sequence(reflect.steps).reason).toMatch(/a reflect step has no place/);
    const invalidTurn = traj(parsed('<think>a</think> nothing\nMy previous action is invalid. Try again.'));
    expect(searchR1Sequence(invalidTurn.steps).valid).toBe(false);
  });

  it('rejects a sequence that stops before the answer', () => {
    const t = traj([{ kind: 'think', text: 'a' }, { kind: 'search', queries: ['q'] }, info('x')]);
    expect(searchR1Sequence(t.steps)).toEqual({
      valid: false,
      reason: 'incomplete sequence, ended in state information',
    });
  });
});

describe('searchR1RetrievalHit (is_retrieval_correct)', () => {
  it('finds a gold alias as a normalized substring of an information block', () => {
    const t = traj([info('The capital is PARIS.')], { gold });
    expect(searchR1RetrievalHit(t)).toEqual({ hit: true, stepId: 's0' });
  });
  it('is a plain substring like the code ("Parisian" holds "paris"), and false without any', () => {
    expect(searchR1RetrievalHit(traj([info('A Parisian cafe.')], { gold })).hit).toBe(true);
    expect(searchR1RetrievalHit(traj([info('Lyon is large.')], { gold })).hit).toBe(false);
  });
});

describe('Search-R1 EM', () => {
  it('is normalized EM of the final answer, max over aliases', async () => {
    const r = await searchR1Em.compute(traj([], { gold, answer: 'the city of Paris!' }), {});
    expect(r).toMatchObject({ value: 1, inputs: { em: 1, answer: 'the city of Paris!' } });
    expect((await searchR1Em.compute(traj([], { gold, answer: 'Lyon' }), {})).value).toBe(0);
  });
  it('scores a missing answer 0 and is null without gold', async () => {
    expect((await searchR1Em.compute(traj([], { gold }), {})).value).toBe(0);
    const none = await searchR1Em.compute(traj([], { answer: 'x' }), {});
    expect(none.value).toBeNull();
    expect(none.note).toMatch(/no gold/);
  });
});

describe('Search-R1 format reward (compute_score_em)', () => {
  const validSteps = (answer: string, infoText = 'Lyon is large.'): StepInput[] => [
    { kind: 'think', text: 'a' },
    { kind: 'search', queries: ['q'] },
    info(infoText),
    { kind: 'think', text: 'b' },
    { kind: 'answer', text: answer },
  ];
  const score = async (steps: StepInput[], answer?: string, params = {}) => {
    const o = answer === undefined ? { gold } : { gold, answer };
    return (await searchR1Format.compute(traj(steps, o), {}, params)).value;
  };

  it('pays 1 / 0.8 / 0.2 / 0.1 for correct+valid, correct+invalid, wrong+valid, wrong+invalid', async () => {
    expect(await score(validSteps('Paris'), 'Paris')).toBe(1);
    expect(await score([{ kind: 'answer', text: 'Paris' }], 'Paris')).toBeCloseTo(0.8, 12);
    expect(await score(validSteps('Lyon'), 'Lyon')).toBe(0.2);
    expect(await score([{ kind: 'answer', text: 'Lyon' }], 'Lyon')).toBe(0.1);
  });

  it('adds the retrieval bonus λ_r only to a valid, wrong trajectory (default λ_r = 0)', async () => {
    const steps = validSteps('Lyon', 'The capital is Paris.');
    expect(await score(steps, 'Lyon')).toBe(0.2);
    expect(await score(steps, 'Lyon', { retrievalScore: 0.1 })).toBeCloseTo(0.3, 12);
    // Invalid format: the code does not even look for the bonus.
    const invalid: StepInput[] = [info('The capital is Paris.'), { kind: 'answer', text: 'Lyon' }];
    expect(await score(invalid, 'Lyon', { retrievalScore: 0.1 })).toBe(0.1);
    // Correct and valid: 1, no bonus on top.
    expect(await score(validSteps('Paris', 'The capital is Paris.'), 'Paris', { retrievalScore: 0.1 })).toBe(
      1,
    );
  });

  it('gives 0 with neither an answer nor a valid format, and reports its inputs', async () => {
    const t = traj(
      [
        { kind: 'think', text: 'a' },
        { kind: 'search', queries: ['q'] },
      ],
      { gold },
    );
    const r = await searchR1Format.compute(t, {});
    expect(r.value).toBe(0);
    expect(r.inputs).toMatchObject({
      answer: null,
      em: 0,
      validFormat: false,
      structureFormatScore: 0.2,
      finalFormatScore: 0.1,
      retrievalScore: 0,
    });
  });

  it('uses every constant as a parameter', async () => {
    const p = { correctScore: 2, structureFormatScore: 0.5, finalFormatScore: 0.25 };
    expect(await score([{ kind: 'answer', text: 'Paris' }], 'Paris', p)).toBe(1.5);
    expect(await score([{ kind: 'answer', text: 'Lyon' }], 'Lyon', p)).toBe(0.25);
  });
});
