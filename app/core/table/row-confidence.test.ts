import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { trajectoryView } from '../view/trajectory-view';
import { rowOfView } from './row';
import { unsureCount } from './row-confidence';

const LOG = resolve('..', 'shared', 'data', 'trajectories', 'r1searcher_bamboogle_qwen.jsonl');

describe("the row's verdict confidence", () => {
  it('keeps which verdicts the diagnosis marks unsure, the rules’ verdicts and each reason', async () => {
    const { trajectories } = await importAll(stringChunks(readFileSync(LOG, 'utf8')), {
      file: 'r1searcher_bamboogle_qwen.jsonl',
    });
    let unsureRows = 0;
    for (const t of trajectories) {
      const view = trajectoryView(t);
      const d = view.diagnosis;
      const c = rowOfView(view).sure;
      if (c === null) throw new Error('a derived row always has its confidence');
      const unsure = d.confidence.searches.flatMap((s, i) => (s.level === 'unsure' ? [i + 1] : []));
      expect(c.unsureSearches).toEqual(unsure);
      expect(c.under).toBe(d.confidence.underSearch.level);
      expect(c.redundant).toEqual(d.overSearch);
      expect(c.underSearch).toBe(d.underSearch);
      expect(c.searches).toBe(d.searches);
      if (unsureCount(c) === 0) {
        expect(c.reasons).toHaveLength(1);
        expect(c.reasons[0]).toMatch(/^every verdict sure; under-search: /);
        continue;
      }
      unsureRows += 1;
      // One reason line per unsure verdict (at most 12), each naming its verdict.
      expect(c.reasons).toHaveLength(Math.min(12, unsureCount(c)));
      for (const [i, k] of unsure.slice(0, 12 - (c.under === 'unsure' ? 1 : 0)).entries()) {
        const line = c.reasons[i + (c.under === 'unsure' ? 1 : 0)] ?? '';
        expect(line.startsWith(`search ${k}: `)).toBe(true);
        expect(line.length).toBeLessThanOrEqual(200);
      }
    }
    // The shared set has both kinds, so the filter splits it.
    expect(unsureRows).toBeGreaterThan(0);
    expect(unsureRows).toBeLessThan(trajectories.length);
  }, 60_000);
});
