// The detectors against the shared human labels, through the CLI's own functions. The floors are
// the issue's targets (over-search F1 ≥ 0.90 per search, under-search F1 ≥ 0.80 per trajectory,
// exact sufficiency point ≥ 75 %); the figures reached are in the README.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSearchLabels } from '../core/diagnose/search-labels';
import { agreementSummary, diagnoseFile, labelsFor, parseDiagnoseArgs } from './diagnose';

const LOG = '../shared/data/trajectories/r1searcher_bamboogle_qwen.jsonl';
const LABELS = '../shared/labels/r1searcher_bamboogle_qwen_labels.jsonl';

describe('diagnose on the shared labels', () => {
  it('prints one record per line in file order and meets the targets on the labelled 20', async () => {
    const { records, summary } = await diagnoseFile(LOG);
    expect(records).toHaveLength(summary.records);
    expect(records.map((r) => r.record)).toEqual(records.map((_, i) => i));
    const first = records[0];
    expect(first && Object.keys(first)).toEqual([
      'record',
      'searches',
      'first_sufficient_search',
      'over_search',
      'under_search',
      'flags',
      'confidence',
    ]);
    const parsed = parseSearchLabels(readFileSync(LABELS, 'utf8'), 'labels.jsonl');
    expect(parsed.issues).toEqual([]);
    const a = agreementSummary(LOG, records, labelsFor(LOG, parsed.labels).labels);
    expect(a.trajectories).toBe(20);
    expect(a.overSearch.f1).toBeGreaterThanOrEqual(0.9);
    expect(a.underSearch.f1).toBeGreaterThanOrEqual(0.8);
    expect(a.sufficiency.rate).toBeGreaterThanOrEqual(0.75);
    // The search count is the labels' (one per <|begin_of_query|> block) on every labelled record.
    expect(a.disagreements.filter((d) => d.kind === 'searches')).toEqual([]);
  }, 60_000);

  it('every flag quotes the trajectory', async () => {
    const { records } = await diagnoseFile(LOG);
    for (const r of records.slice(0, 40))
      if (!('error' in r)) for (const f of r.flags) expect(f.evidence).toMatch(/"/);
  }, 60_000);

  it('parses its arguments', () => {
    expect(parseDiagnoseArgs(['a.jsonl', '--labels', 'l.jsonl', '--json', '--questions', 'q.json'])).toEqual({
      file: 'a.jsonl',
      labels: 'l.jsonl',
      json: true,
      questions: ['q.json'],
    });
    expect(parseDiagnoseArgs([])).toBe('diagnose needs exactly one file');
    expect(parseDiagnoseArgs(['a', '--labels'])).toBe('--labels needs a value');
  });
});
