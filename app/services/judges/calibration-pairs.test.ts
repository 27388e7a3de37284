// Calibrate with a third annotator: the two who share labels keep their figures (each pair is
// measured on what both labelled), where a kappa over all three had no common item left.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { annotationsFromLabel } from '../../core/diagnose/label-mapping';
import { putAnnotations, putTrajectories } from '../../db/store';
import { freshDbPerTest } from '../../testing/fresh-db';
import { jawsSearchedTwice } from '../../testing/jaws';
import { calibration, DETECTOR } from './calibration';

freshDbPerTest();

const T = jawsSearchedTwice({ withGold: true });
const OTHER = { ...jawsSearchedTwice({ withGold: true }), id: `${T.id}-other` };
const label = (labels: Array<'necessary' | 'redundant'>) => ({
  id: 'x#0',
  searches: 2,
  first_sufficient_search: 1,
  search_labels: labels,
  under_search: false,
});

describe('Calibrate between raters', () => {
  it('keeps two annotators measured when a third labels something else', async () => {
    await putTrajectories([T, OTHER]);
    await putAnnotations([
      ...annotationsFromLabel(T, label(['necessary', 'redundant']), 'ana'),
      ...annotationsFromLabel(T, label(['necessary', 'necessary']), 'ben'),
      ...annotationsFromLabel(OTHER, label(['necessary', 'redundant']), 'you'),
    ]);
    const c = await calibration();
    // Over all three people no search is shared: Fleiss' kappa has nothing to measure.
    expect(c.between?.annotators).toEqual(['ana', 'ben', 'you']);
    expect(c.between?.searches.items).toBe(0);

    const pair = (a: string, b: string) =>
      c.pairs.find((p) => p.agreement.annotators.join('+') === [a, b].sort().join('+'));
    expect(pair('ana', 'ben')?.agreement.searches).toMatchObject({ items: 2, agreed: 1 });
    expect(pair('ana', 'ben')?.disagreements).toEqual([
      expect.objectContaining({
        trajectoryId: T.id,
        kind: 'over-search',
        detail: 'search 2: ana redundant, ben necessary',
      }),
    ]);
    expect(pair('ana', 'you')?.agreement.searches.items).toBe(0);
    // The detector is a rater too, on every trajectory anyone labelled.
    expect(pair('you', DETECTOR)?.agreement.searches.items).toBe(2);
    expect(c.pairs).toHaveLength(6);
  });

  it('keeps a person who signs as "detector" apart from the detector', async () => {
    await putTrajectories([T]);
    await putAnnotations([
      ...annotationsFromLabel(T, label(['necessary', 'redundant']), 'ana'),
      ...annotationsFromLabel(T, label(['necessary', 'redundant']), DETECTOR),
    ]);
    const c = await calibration();
    expect(c.pairs.map((p) => p.agreement.annotators.join('+')).sort()).toEqual([
      `ana+${DETECTOR}`,
      `ana+${DETECTOR} (person)`,
      `${DETECTOR}+${DETECTOR} (person)`,
    ]);
    const person = c.pairs.find((p) => p.agreement.annotators.join('+') === `ana+${DETECTOR} (person)`);
    expect(person?.agreement.searches).toMatchObject({ items: 2, agreed: 2 });
  });
});
