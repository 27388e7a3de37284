// Docs that cannot drift: the diagnose figures in the README and the labelling guide are what the
// CLI's functions print now (regenerate with `npm run docs:figures`), and the guide's key table
// lists every step label key the trajectory view answers to.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIDENCE_DOCS,
  confidenceFigures,
  diagnoseFigures,
  FIGURE_DOCS,
  figureBlocks,
} from './cli/doc-figures';
import { STEP_LABELS, VERDICTS } from './core/annotations/annotation';

const ROOT = resolve(import.meta.dirname, '..');
const read = (f: string) => readFileSync(resolve(ROOT, f), 'utf8');

describe('figures in the docs', () => {
  it('equal what the CLI computes on the shared labels', async () => {
    const figures = await diagnoseFigures(resolve(ROOT, '..', 'shared'));
    for (const f of FIGURE_DOCS) {
      const blocks = figureBlocks(read(f), 'diagnose');
      expect(blocks.length, `${f} has a diagnose figures block`).toBeGreaterThan(0);
      for (const b of blocks) expect(b, `${f} is stale: run npm run docs:figures`).toBe(figures);
    }
  }, 120_000);

  it('by confidence equal what the CLI computes on the shared labels', async () => {
    const figures = await confidenceFigures(resolve(ROOT, '..', 'shared'));
    for (const f of CONFIDENCE_DOCS) {
      const blocks = figureBlocks(read(f), 'confidence');
      expect(blocks.length, `${f} has a confidence figures block`).toBeGreaterThan(0);
      for (const b of blocks) expect(b, `${f} is stale: run npm run docs:figures`).toBe(figures);
    }
  }, 120_000);
});

describe('the labelling key table', () => {
  it('names every step label and verdict key', () => {
    const guide = read('docs/guide/diagnose-and-label.md');
    for (const l of STEP_LABELS)
      expect(guide).toMatch(new RegExp(`\\| \\*\\*${l.key}\\*\\* +\\| ${l.title.toLowerCase()} `));
    expect(guide).toContain(`**${VERDICTS.map((v) => v.key).join(' / ')}**`);
  });
});
