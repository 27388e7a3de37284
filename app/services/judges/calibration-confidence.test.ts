// Calibrate splits the detector's agreement with each annotator by the verdicts' confidence, with
// the CLI's function (diagnose --labels' by_confidence): the sure and unsure counts add up to the
// overall ones, and coverage is over the annotator's trajectories.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { agreementByConfidence } from '../../core/diagnose/confidence-agreement';
import { confidentPrediction } from '../../core/diagnose/confident-prediction';
import { annotationsFromLabel } from '../../core/diagnose/label-mapping';
import { trajectoryView } from '../../core/view/trajectory-view';
import { putAnnotations, putTrajectories } from '../../db/store';
import { freshDbPerTest } from '../../testing/fresh-db';
import { jawsSearchedTwice } from '../../testing/jaws';
import { calibration } from './calibration';

freshDbPerTest();

const T = jawsSearchedTwice({ withGold: true });
const ANA = {
  id: 'x#0',
  searches: 2,
  first_sufficient_search: 1,
  search_labels: ['necessary' as const, 'necessary' as const],
  under_search: false,
};

describe('Calibrate by confidence', () => {
  it('scores the sure and the unsure verdicts apart, as diagnose --labels does, with coverage', async () => {
    await putTrajectories([T]);
    await putAnnotations(annotationsFromLabel(T, ANA, 'ana'));
    const [ana] = (await calibration()).annotators;
    if (!ana) throw new Error('no calibration for ana');
    const d = trajectoryView(T).diagnosis;
    const expected = agreementByConfidence([confidentPrediction(T.id, d)], [{ ...ANA, id: T.id }]);
    expect(ana.byConfidence).toEqual(expected);
    // The trajectory's verdicts are split between the levels, and the counts add up to all.
    const n = (s: { tp: number; fp: number; fn: number; tn: number }) => s.tp + s.fp + s.fn + s.tn;
    const over = ana.byConfidence;
    expect(n(over.sure.overSearch) + n(over.unsure.overSearch)).toBe(n(ana.detector.overSearch));
    expect(n(over.sure.overSearch) + n(over.unsure.overSearch)).toBe(2);
    expect(n(over.sure.underSearch) + n(over.unsure.underSearch)).toBe(n(ana.detector.underSearch));
    for (const k of ['tp', 'fp', 'fn', 'tn'] as const)
      expect(over.sure.overSearch[k] + over.unsure.overSearch[k]).toBe(ana.detector.overSearch[k]);
    const sureSearches = d.confidence.searches.filter((c) => c.level === 'sure').length;
    expect(over.coverage).toMatchObject({ searches: 2, sureSearches, trajectories: 1 });
    expect(over.coverage.searchShare).toBe(Math.round((sureSearches / 2) * 1000) / 1000);
  });
});
