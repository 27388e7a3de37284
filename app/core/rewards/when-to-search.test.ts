import { describe, expect, it } from 'vitest';
import { llmJudgeCorrectness, trajectoryJudgeKey } from '../judge/correctness';
import { DEFAULT_JUDGE_PROMPT } from '../judge/judge-prompt';
import { parseTaggedTranscript } from '../importers/formats/tagged-transcript';
import type { StepInput } from '../schema/builder';
import { checkConcise } from './query-concise';
import { rewardById } from './registry';
import { doc, fakeEmbedder, traj } from '../../testing/reward-fakes';
import {
  whenToSearchAnswerReward,
  whenToSearchReward,
  whenToSearchSearchReward,
  whenToSearchSequence,
} from './when-to-search';

const gold = { answers: ['Paris'] };
const think: StepInput = { kind: 'think', text: 't' };
const reflect: StepInput = { kind: 'reflect', text: 'r' };
const search = (...queries: string[]): StepInput => ({ kind: 'search', queries });
const info: StepInput = { kind: 'retrieve', docs: [doc('d', 'T', 'x')] };
const answer = (text = 'Paris'): StepInput => ({ kind: 'answer', text });
const kinds = (...steps: StepInput[]) => whenToSearchSequence(traj(steps).steps);

describe('When-to-Search format r_f (§3.3, Eq. 6)', () => {
  // §3.3: "when retrieval is not required, the output consists of think, reflect, answer; when
  // retrieval is needed, the output includes multiple iterations of think, search, information,
  // reflect, answer".
  it('accepts think → reflect → answer, the no-retrieval structure', () => {
    expect(kinds(think, reflect, answer()).valid).toBe(true);
    const raw = parseTaggedTranscript(
      '<think>I know this.</think><reflect>Sure.</reflect><answer>Paris</answer>',
    ).steps;
    expect(whenToSearchSequence(traj(raw).steps).valid).toBe(true);
  });

  it('accepts iterations of think, search, information, reflect before the answer', () => {
    // Table 7 ("Ours", Lavinia Norcross Dickinson): one iteration.
    expect(kinds(think, search('a'), info, reflect, answer()).valid).toBe(true);
    // Iterations that each start with a think.
    expect(kinds(think, search('a'), info, reflect, think, search('b'), info, reflect, answer()).valid).toBe(
      true,
    );
    // Table 9 ("Ours", Frederick of Liège): the reflect explains the gap and a revised search
    // follows (appendix B.4, rule 5).
    const table9 = parseTaggedTranscript(
      "<think> Okay, let's see. </think> <search> Frederick of Liège father's date of birth </search> " +
        '<information> Doc 1 (Title: "Floribert of Liège") </information> <reflect> The provided documents do not mention Frederick of Liège. </reflect> ' +
        '<search> Albert III, Count of Namur birth date </search> <information> Doc 2 (Title: "Albert III, Count of Namur") </information> ' +
        '<reflect> Albert III was born in 1027. </reflect> <answer> 1027 </answer>',
    ).steps;
    expect(table9.map((s) => s.kind)).toEqual([
      'think',
      'search',
      'retrieve',
      'reflect',
      'search',
      'retrieve',
      'reflect',
      'answer',
    ]);
    expect(whenToSearchSequence(traj(table9).steps).valid).toBe(true);
  });

  it('rejects think → answer: neither structure answers without a reflect', () => {
    expect(kinds(think, answer())).toMatchObject({ valid: false, reason: 'unexpected answer after think' });
    const direct = parseTaggedTranscript('<think>I know this.</think><answer>Paris</answer>').steps;
    expect(whenToSearchSequence(traj(direct).steps).valid).toBe(false);
  });

  it('rejects an answer right after information, a search after the direct reflect, a missing think', () => {
    expect(kinds(think, search('a'), info, answer())).toMatchObject({
      valid: false,
      reason: 'unexpected answer after information',
      stepId: 's3',
    });
    expect(kinds(think, search('a'), info, reflect, search('b'), info, answer()).reason).toBe(
      'unexpected answer after information',
    );
    expect(kinds(think, reflect, reflect, answer()).reason).toBe(
      'unexpected reflect after the direct reflect',
    );
    expect(kinds(think, reflect, search('a'), info, reflect, answer()).reason).toBe(
      'unexpected search after the direct reflect',
    );
    expect(kinds(think, search('a'), info, reflect, think, answer()).reason).toBe(
      'unexpected answer after a think that opens an iteration',
    );
    expect(kinds(search('a'), info, reflect, answer()).reason).toBe('unexpected search at the start');
    expect(kinds(think, search('a'), info, reflect).reason).toBe('no answer (ended after a reflect)');
    const untagged = parseTaggedTranscript(
      'I know this.<reflect>Sure.</reflect><answer>Paris</answer>',
    ).steps;
    expect(whenToSearchSequence(traj(untagged).steps).reason).toBe('text outside any tag');
  });
});

describe('concise queries', () => {
  it('flags question words, filler prepositions, modifiers and a question mark', () => {
    expect(checkConcise('Eiffel Tower height')).toEqual({ concise: true, offending: [] });
    expect(checkConcise('What is the height of the Eiffel Tower?')).toEqual({
      concise: false,
      offending: ['what', 'of', '?'],
    });
    expect(checkConcise('very exact founding date').offending).toEqual(['very']);
    expect(
      checkConcise('Tower height', { questionWords: [], fillerPrepositions: [], modifiers: ['tower'] })
        .concise,
    ).toBe(false);
  });

  // Table 9 ("Ours", Frederick of Liège): the trained model's second query names "Albert III,
  // Count of Namur"; the "of" there is part of a name, not a filler preposition (§3.3).
  it('reads a listed word between capitalized words as part of a name (Table 9)', () => {
    expect(checkConcise('Albert III, Count of Namur birth date')).toEqual({ concise: true, offending: [] });
    expect(checkConcise('Frederick of Liège father birth date')).toEqual({ concise: true, offending: [] });
    expect(checkConcise('The Lord of the Rings author')).toEqual({ concise: true, offending: [] });
    // Table 9's first query: "of" in the name is kept, "date of birth" still pads the query.
    expect(checkConcise("Frederick of Liège father's date of birth").offending).toEqual(['of']);
    // Lower-case words are no name: the filler stays.
    expect(checkConcise('frederick of liège father birth date').offending).toEqual(['of']);
    expect(checkConcise('capital of France').offending).toEqual(['of']);
  });

  it('gives the Table 9 query "Albert III, Count of Namur birth date" r_s = 0 with RC = 1', async () => {
    const r = await whenToSearchSearchReward(
      traj([search('Albert III, Count of Namur birth date')]),
      undefined,
    );
    expect(r).toMatchObject({ value: 0, rc: 1, detail: 'one concise query' });
  });
});

describe('When-to-Search search reward r_s', () => {
  it('is 0 without search, 0 for one concise query, −1 for one verbose query', async () => {
    expect((await whenToSearchSearchReward(traj([think]), undefined)).value).toBe(0);
    const concise = await whenToSearchSearchReward(traj([search('Eiffel Tower height')]), undefined);
    expect(concise.value).toBe(0);
    const verbose = await whenToSearchSearchReward(traj([search('how tall is the Eiffel Tower')]), undefined);
    expect(verbose).toMatchObject({ value: -1, rc: 1 });
    expect(verbose.steps).toEqual([{ stepId: 's0', value: -1, detail: 'query not concise: "how"' }]);
  });

  it('with RC = 2 and cos = 0.6 is −0.6 / (2·1) = −0.3, half on each search', async () => {
    const embedder = fakeEmbedder({ q1: [1, 0, 0], q2: [0.6, 0.8, 0] });
    const r = await whenToSearchSearchReward(traj([search('q1'), info, search('q2')]), embedder);
    expect(r.value).toBeCloseTo(-0.3, 6);
    expect(r.steps.map((s) => s.stepId)).toEqual(['s0', 's2']);
    expect(r.steps[0]?.value).toBeCloseTo(-0.15, 6);
    expect(r.steps[1]?.value).toBeCloseTo(-0.15, 6);
  });

  it('with three searches divides Σ_{i<j} cos = 0 + 0.6 + 0.8 by N(N−1) = 6', async () => {
    const embedder = fakeEmbedder({ a: [1, 0, 0], b: [0, 1, 0], c: [0.6, 0.8, 0] });
    const r = await whenToSearchSearchReward(traj([search('a'), search('b'), search('c')]), embedder);
    expect(r.value).toBeCloseTo(-1.4 / 6, 6);
    // Shares: a = −0.6/12, b = −0.8/12, c = −(0.6 + 0.8)/12.
    expect(r.steps.map((s) => s.value)).toEqual([
      expect.closeTo(-0.05, 6),
      expect.closeTo(-0.8 / 12, 6),
      expect.closeTo(-1.4 / 12, 6),
    ]);
  });

  it('counts a multi-query search once in RC but embeds all its queries (N = 3)', async () => {
    const embedder = fakeEmbedder({ a: [1, 0], b: [0, 1], c: [0.6, 0.8] });
    const r = await whenToSearchSearchReward(traj([search('a', 'b'), search('c')]), embedder);
    expect(r).toMatchObject({ rc: 2, queries: 3 });
    expect(r.value).toBeCloseTo(-1.4 / 6, 6);
  });

  it('needs an embedder only when RC > 1', async () => {
    const r = await whenToSearchSearchReward(traj([search('a'), search('b')]), undefined);
    expect(r.value).toBeNull();
  });
});

describe('When-to-Search answer reward r_a (β = 0.3)', () => {
  it('stage 1: correct 1, wrong −1 + β·RC; stage 2: correct 1 − β·RC, wrong −1', () => {
    expect(whenToSearchAnswerReward(true, 2)).toBe(1);
    expect(whenToSearchAnswerReward(false, 2)).toBeCloseTo(-0.4, 12);
    const s2 = { beta: 0.3, stage: 2 as const, correctReward: 1, wrongReward: -1 };
    expect(whenToSearchAnswerReward(true, 2, s2)).toBeCloseTo(0.4, 12);
    expect(whenToSearchAnswerReward(false, 2, s2)).toBe(-1);
    expect(whenToSearchAnswerReward(true, 0, s2)).toBe(1);
  });
});

describe('When-to-Search total R = r_a + r_s + r_f', () => {
  const steps = [think, search('q1'), info, reflect, search('q2'), info, reflect, answer()];
  const embedder = fakeEmbedder({ q1: [1, 0, 0], q2: [0.6, 0.8, 0] });

  it('stage 1: 1 + (−0.3) + 1 = 1.7; stage 2: (1 − 0.6) + (−0.3) + 1 = 1.1', async () => {
    const t = traj(steps, { gold, answer: 'Paris' });
    const s1 = await whenToSearchReward.compute(t, { embedder });
    expect(s1.value).toBeCloseTo(1.7, 6);
    expect(s1.inputs).toMatchObject({ correct: true, RC: 2, N: 2, r_a: 1, r_f: 1, stage: 1 });
    expect(s1.steps?.map((s) => s.stepId)).toEqual(['s1', 's4']);
    const s2 = await whenToSearchReward.compute(t, { embedder }, { stage: 2 });
    expect(s2.value).toBeCloseTo(1.1, 6);
  });

  it('a wrong, badly formatted direct answer: −1 + 0 + (−1) = −2', async () => {
    const t = traj([answer('Lyon')], { gold, answer: 'Lyon' });
    const r = await whenToSearchReward.compute(t, {});
    expect(r.value).toBe(-2);
    expect(r.inputs).toMatchObject({ r_a: -1, r_s: 0, r_f: -1, formatInvalidAt: 's0' });
  });

  it('is null (with the other parts reported) when RC > 1 and no embedder is given', async () => {
    const r = await whenToSearchReward.compute(traj(steps, { gold, answer: 'Paris' }), {});
    expect(r.value).toBeNull();
    expect(r.note).toMatch(/embedder/);
    expect(r.inputs).toMatchObject({ r_a: 1, r_f: 1, r_s: null });
  });
});

describe('the answer reward under the correctness signal (the paper judges with an LLM, §4.1)', () => {
  // Learning When to Search, Table 6: gold June 16, 1874; EM calls "16 June 1874" wrong.
  const dated = traj([think, search('edward dickinson death'), info, reflect, answer('16 June 1874')], {
    gold: { answers: ['June 16, 1874'] },
    answer: '16 June 1874',
  });
  const judge = { model: 'judge-model', prompt: DEFAULT_JUDGE_PROMPT };
  const yes = llmJudgeCorrectness(new Map([[trajectoryJudgeKey(dated, judge)!, true]]), judge);

  it('stage 2 swings by 2 − β·RC: EM says wrong (−1), the judge right (1 − 0.3)', async () => {
    const em = await whenToSearchReward.compute(dated, {}, { stage: 2 });
    expect(em.inputs).toMatchObject({ correct: false, correctness: 'EM', r_a: -1 });
    const judged = await whenToSearchReward.compute(dated, { correctness: yes }, { stage: 2 });
    expect(judged.inputs).toMatchObject({ correct: true, correctness: 'LLM judge · judge-model' });
    expect(judged.inputs.r_a).toBeCloseTo(0.7, 6);
    expect(judged.formula).toContain('correct by LLM judge · judge-model');
    expect((judged.value ?? 0) - (em.value ?? 0)).toBeCloseTo(1.7, 6);
  });

  it('defaults to the configured LLM judge when the user chose no signal, labelled as the paper’s', async () => {
    const r = await whenToSearchReward.compute(dated, { judge: yes }, { stage: 2 });
    expect(r.inputs).toMatchObject({
      correct: true,
      correctness: 'LLM judge · judge-model (the paper’s signal, §4.1; default for this reward)',
    });
    expect(r.inputs.r_a).toBeCloseTo(0.7, 6);
    // A signal the user chose wins, EM included.
    const chosen = await whenToSearchReward.compute(
      dated,
      { judge: yes, correctness: { signal: 'em' }, correctnessChosen: true },
      { stage: 2 },
    );
    expect(chosen.inputs).toMatchObject({ correct: false, correctness: 'EM', r_a: -1 });
    // No verdict on this answer yet: EM, saying the judge has not seen it.
    const unjudged = await whenToSearchReward.compute(
      dated,
      { judge: llmJudgeCorrectness(new Map(), judge) },
      { stage: 2 },
    );
    expect(unjudged.inputs).toMatchObject({
      correct: false,
      correctness: 'EM (the LLM judge, the paper’s signal, has not judged this answer)',
    });
  });

  it('says beside the value that it is EM, not the paper’s judge, until a judge decides (stage 2: −1.0 vs 0.7)', async () => {
    // The worked example: one non-concise search (r_s = −1), the paper's format (r_f = 1).
    const asked = traj(
      [think, search('when did Edward Dickinson die'), info, reflect, answer('16 June 1874')],
      { gold: { answers: ['June 16, 1874'] }, answer: '16 June 1874' },
    );
    const verdict = llmJudgeCorrectness(new Map([[trajectoryJudgeKey(asked, judge)!, true]]), judge);
    const note = 'correct by EM, not the paper’s LLM judge (Learning When to Search §4.1, appendix B.4)';
    const byEm = await whenToSearchReward.compute(asked, {}, { stage: 2 });
    expect(byEm.value).toBeCloseTo(-1.0, 6);
    expect(byEm.notPapersJudge).toBe(note);
    // A judge is configured but has not seen this answer: still EM, still said.
    const unjudged = await whenToSearchReward.compute(
      asked,
      { judge: llmJudgeCorrectness(new Map(), judge) },
      { stage: 2 },
    );
    expect(unjudged.value).toBeCloseTo(-1.0, 6);
    expect(unjudged.notPapersJudge).toBe(note);
    // The judge's verdict: 1 − 0.3 − 1 + 1 = 0.7, and no note.
    const judged = await whenToSearchReward.compute(asked, { judge: verdict }, { stage: 2 });
    expect(judged.value).toBeCloseTo(0.7, 6);
    expect(judged.notPapersJudge).toBeUndefined();
    // A signal the user chose that is not a judge is named too.
    const acc = await whenToSearchReward.compute(
      asked,
      { correctness: { signal: 'acc' }, correctnessChosen: true },
      { stage: 2 },
    );
    expect(acc.notPapersJudge).toMatch(/^correct by non-strict EM \(acc\), not the paper’s LLM judge/);
    // QAgent decides by EM itself (§4.1): its stage-1 reward carries no such note.
    const q = await rewardById('qagent/stage1')!.compute(asked, {});
    expect(q.notPapersJudge).toBeUndefined();
  });

  it('is unavailable, saying why, before the judge has seen the answer', async () => {
    const r = await whenToSearchReward.compute(dated, { correctness: llmJudgeCorrectness(new Map(), judge) });
    expect(r.value).toBeNull();
    expect(r.note).toMatch(/has not judged this answer/);
  });
});
