// The indexed redundancy rules give exactly what comparing each search with every earlier one
// gives (the definition, written out naively here), on seeded random searches built to collide.
import { describe, expect, it } from 'vitest';
import { jaccard, REPEATED_QUERY_JACCARD } from '../metrics/query-overlap';
import { normalizeText } from '../metrics/normalize';
import { mulberry32 } from '../random';
import type { Doc, Step } from '../schema/trajectory';
import type { SearchHop } from './hops';
import { contentWords } from './question-kind';
import { searchVerdicts } from './redundancy';

const tokens = (s: string) => new Set(normalizeText(s).split(' ').filter(Boolean));

/** The definition, searched naively: the earliest earlier query that is the same or near. */
function naiveDuplicate(h: SearchHop, earlier: readonly SearchHop[]): number | null {
  const norm = normalizeText(h.query);
  if (norm === '') return null;
  const e = earlier.find(
    (x) =>
      normalizeText(x.query) === norm || jaccard(tokens(x.query), tokens(h.query)) >= REPEATED_QUERY_JACCARD,
  );
  return e ? e.search : null;
}

/** The first earlier passage holding every content word (for queries asking an attribute). */
function naiveReAsk(h: SearchHop, earlier: readonly SearchHop[]): string | null {
  const words = contentWords(h.query);
  const asks = h.query.split(/\s+/).some((w) => /^\p{Ll}/u.test(w) && contentWords(w).length > 0);
  if (words.length === 0 || !asks) return null;
  for (const e of earlier)
    for (const d of e.docs) {
      const hay = ` ${normalizeText(`${d.title ?? ''} ${d.text}`)} `;
      if (words.every((w) => hay.includes(` ${w} `))) return d.id;
    }
  return null;
}

const VOCAB = [
  'Ada',
  'Lovelace',
  'born',
  'father',
  'Byron',
  'poet',
  'capital',
  'France',
  'river',
  'the',
  'of',
];

describe('redundancy rules, indexed vs the definition', () => {
  it('agree on 300 seeded trajectories', () => {
    const rand = mulberry32(7);
    const pick = () => VOCAB[Math.floor(rand() * VOCAB.length)] as string;
    const words = (n: number) => Array.from({ length: n }, pick).join(' ');
    for (let t = 0; t < 300; t++) {
      const hops: SearchHop[] = Array.from({ length: 1 + Math.floor(rand() * 12) }, (_, i) => {
        const docs: Doc[] = Array.from({ length: Math.floor(rand() * 3) }, (_, j) => ({
          id: `d${i}.${j}`,
          title: words(2),
          text: words(6),
          rank: j + 1,
        }));
        const step = { id: `s${i}`, index: i, kind: 'search' } as Step;
        return { search: i + 1, step, query: words(1 + Math.floor(rand() * 9)), docs, lastStepId: step.id };
      });
      const verdicts = searchVerdicts(hops, null, '');
      hops.forEach((h, i) => {
        const v = verdicts[i]!;
        const earlier = hops.slice(0, i);
        const dup = naiveDuplicate(h, earlier);
        const re = dup === null ? naiveReAsk(h, earlier) : null;
        expect(v.rules.includes('near-duplicate'), `trajectory ${t} search ${h.search}`).toBe(dup !== null);
        if (dup !== null) expect(v.evidence).toContain(`of search ${dup} `);
        expect(v.rules.includes('re-asks-retrieved'), `trajectory ${t} search ${h.search}`).toBe(re !== null);
        if (re !== null) {
          const d = earlier.flatMap((e) => e.docs.map((x) => ({ x, e }))).find((p) => p.x.id === re)!;
          expect(v.evidence).toContain(`(search ${d.e.search})`);
        }
      });
    }
  });
});
