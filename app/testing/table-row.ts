// A trajectory table row with every field at its empty value, for tests of what reads rows.
import type { TrajectoryRow } from '../core/table/row';
import type { RowConfidence } from '../core/table/row-confidence';

/** The detectors' counts of a record with no searches. */
export const NO_EFF: TrajectoryRow['eff'] = {
  searches: 0,
  redundant: 0,
  afterSufficiency: null,
  underSearch: null,
  correct: null,
  docs: 0,
  dupDocs: 0,
};

/** The verdicts' confidence of a record with no searches and no answer: every verdict sure. */
export const ALL_SURE: RowConfidence = {
  searches: 0,
  unsureSearches: [],
  redundant: [],
  underSearch: false,
  under: 'sure',
  reasons: ['every verdict sure; under-search: No final answer: nothing to under-search for.'],
};

/** A row with `fields` over empty defaults (id 't'). */
export function tableRow(fields: Partial<TrajectoryRow>): TrajectoryRow {
  return {
    id: 't',
    v: 1,
    question: '',
    strategy: 'apex',
    system: '',
    answer: '',
    gold: '',
    em: null,
    f1: null,
    acc: null,
    judge: null,
    recall: null,
    answerInDocs: null,
    r3: null,
    r5: null,
    p3: null,
    p5: null,
    rc: 0,
    queries: 0,
    steps: 0,
    flags: [],
    flagNotes: [],
    flagCount: 0,
    hasPlan: false,
    goldFrom: '',
    eff: NO_EFF,
    file: '',
    format: '',
    line: 1,
    dataset: '',
    qid: '',
    live: false,
    searchText: '',
    run: '',
    trainStep: null,
    score: null,
    extras: {},
    formatError: false,
    responseChars: 0,
    searches: [],
    sure: ALL_SURE,
    collection: '',
    ...fields,
  };
}
