// Evidence in plain words: quotes cut at word boundaries, plan placeholders resolved to the
// entities found, and an unretrieved supporting passage named as a passage (read on the demo's
// own under-searched record, where each of these showed).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePlaceholders } from './evidence-chain';
import { excerpt, quote } from './hops';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('quote and excerpt', () => {
  const text =
    'The Ambrel Railway Company was founded in 1870 by the industrialist Hendrik Saul and has its headquarters in Casmere. Its main line follows the valley of the river from the capital down to the coast.';

  it('cut at a space, not inside a word, and mark the cut', () => {
    expect(quote(text, 60)).toBe('"The Ambrel Railway Company was founded in 1870 by the…"');
    const e = JSON.parse(excerpt(text, 'Hendrik Saul', 80)) as string;
    expect(e).toContain('Hendrik Saul');
    expect(e.startsWith('…')).toBe(true);
    expect(e.endsWith('…')).toBe(true);
    // Every word of the excerpt is a whole word of the passage.
    const words = new Set(text.split(/\s+/));
    for (const w of e.replace(/…/g, '').trim().split(/\s+/)) expect(words.has(w), w).toBe(true);
  });

  it('cut inside a word only when it is longer than the slack', () => {
    expect(quote('x'.repeat(100), 20)).toBe(`"${'x'.repeat(19)}…"`);
    expect(quote('short', 20)).toBe('"short"');
  });
});

describe('resolvePlaceholders', () => {
  it('replaces #k by the answer of step k, and keeps one with no answer', () => {
    const plan = [{ answer: 'Hendrik Saul' }, { answer: '' }];
    expect(resolvePlaceholders('In which town did #1 die?', plan)).toBe(
      'In which town did Hendrik Saul die?',
    );
    expect(resolvePlaceholders('Where is #2, and #3?', plan)).toBe('Where is #2, and #3?');
  });
});

describe('the demo record the evidence read wrongly on', () => {
  it('names the entity found, not #1, and the unretrieved passages as passages', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve(ROOT, 'app/cli/main.ts'),
        'diagnose',
        resolve(ROOT, 'public/demo/veloria-search-r1.jsonl'),
        '--questions',
        resolve(ROOT, 'public/demo/world/questions.jsonl'),
        '--json',
      ],
      { encoding: 'utf8', cwd: ROOT },
    );
    const evidence = out
      .split('\n')
      .filter((l) => l.includes('Ambrel Railway'))
      .flatMap((l) => (JSON.parse(l) as { flags: Array<{ evidence: string }> }).flags.map((f) => f.evidence))
      .join('\n');
    expect(evidence).toContain('no passage gives In which town did Hendrik Saul die?');
    expect(evidence).not.toMatch(/#\d/);
    expect(evidence).toContain('never retrieved: the passage "');
    expect(readFileSync(resolve(ROOT, 'public/demo/world/questions.jsonl'), 'utf8')).toContain('#1');
  });
});
