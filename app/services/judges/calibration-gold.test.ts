// Calibrate measures the detector with the diagnosis the Diagnose tab shows: a trajectory whose
// gold comes from a loaded question set is diagnosed with that gold joined (sufficiency needs the
// gold answer), not as its record has it.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { buildQuestionIndex } from '../../core/corpus/gold-join';
import type { Question } from '../../core/corpus/types';
import { annotationsFromLabel } from '../../core/diagnose/label-mapping';
import { trajectoryView } from '../../core/view/trajectory-view';
import { putQuestionSet } from '../../db/corpus-store';
import { putAnnotations, putTrajectories } from '../../db/store';
import { freshDbPerTest } from '../../testing/fresh-db';
import { jawsSearchedTwice } from '../../testing/jaws';
import { calibration } from './calibration';

freshDbPerTest();

// No gold of its own: the question set brings it.
const T = jawsSearchedTwice({ withGold: false });
const QUESTIONS: Question[] = [
  {
    id: 'q1',
    question: 'Who directed Jaws?',
    answers: ['Steven Spielberg'],
    source: { format: 'jsonl', file: 'q.jsonl', line: 1 },
  },
];
const ANA = {
  id: 'x#0',
  searches: 2,
  first_sufficient_search: 1,
  search_labels: ['necessary' as const, 'redundant' as const],
  under_search: false,
};

describe('Calibrate with gold from a question set', () => {
  it("measures the detector on the trajectory view's diagnosis, gold joined", async () => {
    await putTrajectories([T]);
    await putQuestionSet({ name: 'jaws-set', source: 'q.jsonl', questions: QUESTIONS });
    await putAnnotations(annotationsFromLabel(T, ANA, 'ana'));
    const joined = trajectoryView(T, {
      questions: buildQuestionIndex([{ name: 'jaws-set', questions: QUESTIONS }]),
    });
    // The gold changes the diagnosis, so the test tells a joined diagnosis from the record's own.
    expect(joined.diagnosis.firstSufficientSearch).toBe(1);
    expect(trajectoryView(T).diagnosis.firstSufficientSearch).not.toBe(1);

    const [ana] = (await calibration()).annotators;
    expect(ana?.annotator).toBe('ana');
    expect(ana?.detector.sufficiency).toMatchObject({ exact: 1, total: 1 });
    expect(ana?.detector.overSearch).toMatchObject({ tp: 1, fp: 0, fn: 0, tn: 1 });
  });
});
