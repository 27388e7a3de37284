// The model judge in Calibrate: one more annotator, measured against a person (kappa, precision,
// recall, F1) and the detector against it, and its disagreements with the detector in the queue.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { annotationsFromLabel } from '../../core/diagnose/label-mapping';
import { DEFAULT_SEARCH_RUBRIC, rubricVersion } from '../../core/diagnose/search-judge-rubric';
import { putAnnotations, putTrajectories } from '../../db/store';
import { ScriptedLlm } from '../../testing/scripted-llm';
import { doc, traj } from '../../testing/reward-fakes';
import { jawsSearchedTwice } from '../../testing/jaws';
import { calibration, labelQueueState } from './calibration';
import { currentJudgeAnnotator, judgeSearchesOn } from './search-judge';

const T = jawsSearchedTwice({ withGold: true });
// Unlabelled; the detector finds the answer in the passage, the judge calls it under-search.
const U = traj(
  [
    {
      kind: 'search',
      queries: ['Alien director'],
      docs: [doc('a', 'Alien (film)', 'Alien was directed by Ridley Scott.')],
    },
  ],
  { question: 'Who directed Alien?', gold: { answers: ['Ridley Scott'] }, answer: 'Ridley Scott' },
);
const JUDGE_U = JSON.stringify({
  searches: 1,
  first_sufficient_search: 1,
  search_labels: ['necessary'],
  under_search: true,
  evidence: {
    search_labels: ['Alien director'],
    first_sufficient_search: 'Ridley Scott',
    under_search: 'Ridley Scott',
  },
});
const JUDGE = JSON.stringify({
  searches: 2,
  first_sufficient_search: 1,
  search_labels: ['necessary', 'necessary'],
  under_search: true,
  evidence: {
    search_labels: ['Jaws director', 'who directed Jaws'],
    first_sufficient_search: 'directed by Steven Spielberg',
    under_search: 'Steven Spielberg',
  },
});

describe('the model judge in Calibrate', () => {
  it('is measured against a person and the detector, and its disagreements lead the queue', async () => {
    await putTrajectories([T, U]);
    const person = {
      id: 'x#0',
      searches: 2,
      first_sufficient_search: 1,
      search_labels: ['necessary' as const, 'redundant' as const],
      under_search: false,
    };
    await putAnnotations(annotationsFromLabel(T, person, 'ana'));
    const setup = {
      llm: {
        kind: 'http' as const,
        baseUrl: 'http://127.0.0.1:9/v1',
        model: 'fake-judge',
        endpoint: 'chat' as const,
      },
      rubric: DEFAULT_SEARCH_RUBRIC,
    };
    const r = await judgeSearchesOn([T.id, U.id], setup, { llm: new ScriptedLlm([JUDGE, JUDGE_U]) });
    expect(r).toMatchObject({ asked: 2, malformed: [], rejectedLabels: 0 });

    const who = currentJudgeAnnotator(setup);
    expect(who).toBe(`model judge fake-judge@127.0.0.1:9 (${rubricVersion(DEFAULT_SEARCH_RUBRIC)})`);
    const c = await calibration();
    expect(c.annotators.map((a) => [a.annotator, a.model ?? false])).toEqual([
      ['ana', false],
      [who, true],
    ]);
    const [vs] = c.judges;
    expect(vs).toMatchObject({ judge: who, person: 'ana' });
    // Search 2: the judge says necessary, ana redundant; under-search: judge yes, ana no.
    expect(vs?.scores.overSearch).toMatchObject({ tp: 0, fp: 0, fn: 1, tn: 1 });
    expect(vs?.scores.underSearch).toMatchObject({ tp: 0, fp: 1, fn: 0, tn: 0 });
    expect(vs?.kappa.searches).toMatchObject({ items: 2, agreed: 1 });
    expect(vs?.disagreements.map((d) => d.detail)).toContain('search 2: judge necessary, ana redundant');

    // Ana's queue: the trajectory she has not labelled, for the judge's disagreement with the detector.
    const q = await labelQueueState('ana', undefined, who);
    expect(q.next).toEqual({
      id: U.id,
      reason: 'judge-disagrees',
      why: 'the judge finds under-search the detector does not',
    });

    // An edited rubric whose judge agrees with the detector on U: only the configured judge's
    // labels (this model, server and rubric) move U up, whichever rubric's labels are newer.
    const edited = { ...setup, rubric: `${DEFAULT_SEARCH_RUBRIC}\nBe strict.` };
    const agrees = JUDGE_U.replace('"under_search":true', '"under_search":false');
    expect(await judgeSearchesOn([U.id], edited, { llm: new ScriptedLlm([agrees]) })).toMatchObject({
      asked: 1,
      malformed: [],
    });
    expect((await labelQueueState('ana', undefined, currentJudgeAnnotator(edited))).next?.reason).not.toBe(
      'judge-disagrees',
    );
    expect((await labelQueueState('ana', undefined, who)).next?.reason).toBe('judge-disagrees');
    // Another server's judge of the same name is another judge.
    const elsewhere = { ...setup, llm: { ...setup.llm, baseUrl: 'http://10.0.0.2:8000/v1' } };
    expect((await labelQueueState('ana', undefined, currentJudgeAnnotator(elsewhere))).next?.reason).not.toBe(
      'judge-disagrees',
    );
  });
});
