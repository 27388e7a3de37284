import { describe, expect, it } from 'vitest';
import type { DatasetImportReport } from '../../../runtime/search/dataset-import';
import { closesAfterLoad, linkByDefault, loadSummary } from './load-summary';

const base: DatasetImportReport = {
  file: 'dev.json',
  format: 'hotpotqa',
  passages: 0,
  questions: 0,
  errors: [],
  warnings: [],
};
const issue = { file: 'dev.json', line: 4, message: 'bad' } as DatasetImportReport['errors'][number];

describe('loadSummary', () => {
  it('counts what came in, singular for one, and the problems', () => {
    expect(loadSummary({ ...base, passages: 1240, questions: 1 })).toBe(
      'dev.json (hotpotqa): 1240 passages, 1 question',
    );
    expect(loadSummary({ ...base, format: null })).toBe('dev.json (unrecognised): nothing loaded');
    expect(loadSummary({ ...base, passages: 2, errors: [issue], warnings: [issue, issue] })).toBe(
      'dev.json (hotpotqa): 2 passages; 1 record could not be read; 2 warnings',
    );
    expect(loadSummary({ ...base, questions: 3, corpusId: 'a', linkedCorpusId: 'b' }, 'Mine')).toContain(
      '(linked to Mine)',
    );
  });
});

describe('closesAfterLoad', () => {
  it('closes on a clean load and stays open when the report has something to read', () => {
    expect(closesAfterLoad({ ...base, questions: 3 })).toBe(true);
    expect(closesAfterLoad({ ...base, questions: 3, errors: [issue] })).toBe(false);
    expect(closesAfterLoad({ ...base, questions: 3, warnings: [issue] })).toBe(false);
    expect(closesAfterLoad(base)).toBe(false);
  });
});

describe('linkByDefault', () => {
  it('never links to the demo world by default; to another corpus it does', () => {
    expect(linkByDefault('demo', 'demo')).toBe(false);
    expect(linkByDefault('mine', 'demo')).toBe(true);
    expect(linkByDefault(null, 'demo')).toBe(false);
  });
});
