// `diagnose --json`'s confidence field and the by-confidence summary, on the shared Bamboogle set.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSearchLabels } from '../core/diagnose/search-labels';
import { agreementSummary, confidenceSummary, diagnoseFile, labelsFor, scorableLabels } from './diagnose';

const LOG = '../shared/data/trajectories/r1searcher_bamboogle_qwen.jsonl';
const LABELS = '../shared/labels/r1searcher_bamboogle_qwen_labels.jsonl';
const LEVELS = ['sure', 'unsure'];

describe('diagnose --json confidence', () => {
  it('gives every record one confidence per search, for under-search and the sufficiency point, with reasons', async () => {
    const { records } = await diagnoseFile(LOG);
    for (const r of records) {
      if ('error' in r) continue;
      const c = r.confidence;
      expect(Object.keys(c)).toEqual(['searches', 'under_search', 'first_sufficient_search', 'reasons']);
      expect(c.searches).toHaveLength(r.searches);
      for (const l of [...c.searches, c.under_search, c.first_sufficient_search]) expect(LEVELS).toContain(l);
      expect(Object.keys(c.reasons)).toEqual(['searches', 'under_search', 'first_sufficient_search']);
      expect(c.reasons.searches).toHaveLength(r.searches);
      for (const why of [...c.reasons.searches, c.reasons.under_search, c.reasons.first_sufficient_search]) {
        expect(Object.keys(why)).toEqual(['code', 'text']);
        expect(why.text.length).toBeGreaterThan(0);
      }
    }
  }, 60_000);

  it('splits the summary by confidence into counts that add up to the overall ones', async () => {
    const { records } = await diagnoseFile(LOG);
    const parsed = parseSearchLabels(readFileSync(LABELS, 'utf8'), 'labels.jsonl');
    const labels = scorableLabels(records, labelsFor(LOG, parsed.labels).labels).labels;
    const all = agreementSummary(LOG, records, labels);
    const by = confidenceSummary(LOG, records, labels);
    for (const kind of ['overSearch', 'underSearch'] as const)
      for (const k of ['tp', 'fp', 'fn', 'tn'] as const)
        expect(by.sure[kind][k] + by.unsure[kind][k], `${kind} ${k}`).toBe(all[kind][k]);
    const diagnosed = records.filter((r) => !('error' in r));
    expect(by.coverage.trajectories).toBe(diagnosed.length);
    expect(by.coverage.searches).toBe(diagnosed.reduce((n, r) => n + ('error' in r ? 0 : r.searches), 0));
  }, 60_000);
});
