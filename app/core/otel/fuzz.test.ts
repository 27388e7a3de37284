// Fuzz suite for OTLP span trees: generated traces whose parent links are chains thousands deep,
// cycles (also through the AGENT root), spans that are their own parent, parents that were not
// exported, spans without one, and CHAIN spans among the LLM spans, in any file order. Seeded (app/core/random.ts), so a failure names a case to re-run.
// Invariants: the trace imports, every LLM span is exactly one step, and a warning is reported
// exactly when some span's parents loop.
import { describe, expect, it } from 'vitest';
import { otlpRequestText, spanHex, type TestSpan } from '../../testing/otlp-traces';
import { importAll, stringChunks } from '../importers/pipeline';
import { mulberry32 } from '../random';

type Rng = () => number;
const int = (rng: Rng, n: number) => Math.floor(rng() * n);

const NOT_EXPORTED = 'ffffffffffffffff';

/** How an LLM span picks its parent. */
const PARENTS: Array<(rng: Rng, i: number, n: number) => string | undefined> = [
  (_rng, i) => spanHex(i), // the span before it: a chain
  () => spanHex(1), // the root
  (rng, _i, n) => spanHex(2 + int(rng, n)), // any LLM span, itself or a later one: cycles
  (_rng, i) => spanHex(i + 2), // itself
  () => NOT_EXPORTED,
  () => undefined, // none: a second top span, hung under the root
];

/** Seeds past this one have CHAIN spans too (never top spans: the AGENT is the one root). */
const CHAIN_SEEDS = 60;
/** Seeds past this one close a parent cycle through the AGENT root (no span is a top AGENT). */
const ROOT_CYCLE_SEEDS = 75;
const SEEDS = 90;

function generate(seed: number): TestSpan[] {
  const rng = mulberry32(seed);
  // A few seeds are one long chain; the rest mix every kind of parent.
  const chain = seed % 10 === 0;
  const n = chain ? 2000 + int(rng, 4000) : 1 + int(rng, 60);
  const spans: TestSpan[] = [{ id: spanHex(1), kind: 'AGENT', at: 0, text: `Question ${seed}?` }];
  // A span whose parent is in the trace may be a CHAIN span (a container, no step of its own).
  const kindUnder = (parent: string | undefined): TestSpan['kind'] =>
    seed > CHAIN_SEEDS && parent !== undefined && parent !== NOT_EXPORTED && rng() < 0.3 ? 'CHAIN' : 'LLM';
  for (let i = 0; i < n; i++) {
    const parent = chain ? spanHex(i + 1) : PARENTS[int(rng, PARENTS.length)]!(rng, i + 1, n);
    const kind = kindUnder(parent);
    spans.push({
      id: spanHex(i + 2),
      ...(parent !== undefined ? { parent } : {}),
      kind,
      at: int(rng, 100),
      text: kind === 'CHAIN' ? `chain ${i}` : `span ${i}`,
    });
  }
  if (seed > ROOT_CYCLE_SEEDS) {
    // The root's parent is the last of a path of 1 to 3 spans (CHAIN or LLM) below it: the root
    // is on a cycle, and CHAIN spans on the same cycle are no second root.
    let parent = spanHex(1);
    for (let j = 0, m = 1 + int(rng, 3); j < m; j++) {
      const kind: TestSpan['kind'] = rng() < 0.5 ? 'CHAIN' : 'LLM';
      const id = spanHex(n + 2 + j);
      spans.push({
        id,
        parent,
        kind,
        at: int(rng, 100),
        text: `${kind === 'CHAIN' ? 'chain' : 'span'} p${j}`,
      });
      parent = id;
    }
    spans[0] = { ...spans[0]!, parent };
  }
  // Any file order: the tree is built from the links, not from where a span is written.
  for (let i = spans.length - 1; i > 0; i--) {
    const j = int(rng, i + 1);
    [spans[i], spans[j]] = [spans[j]!, spans[i]!];
  }
  return spans;
}

/** Whether some span's parent chain loops (the oracle, walked the plain way). */
function someLoop(spans: readonly TestSpan[]): boolean {
  const parent = new Map(spans.map((s) => [s.id, s.parent]));
  // Spans whose chain reaches a top: a walk that meets one stops there (a long chain stays linear).
  const reachesTop = new Set<string>();
  return spans.some((s) => {
    const seen = new Set<string>();
    for (let p: string | undefined = s.id; p !== undefined && parent.has(p); p = parent.get(p)) {
      if (reachesTop.has(p)) break;
      if (seen.has(p)) return true;
      seen.add(p);
    }
    for (const p of seen) reachesTop.add(p);
    return false;
  });
}

describe('OTLP span trees (seeded fuzz)', () => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    it(`seed ${seed}: every LLM span is one step; loops are reported, never dropped`, async () => {
      const spans = generate(seed);
      const r = await importAll(stringChunks(otlpRequestText(spans)), { file: `fuzz-${seed}.json` });
      expect(r.imported).toBe(1);
      const texts = (r.trajectories[0]?.steps ?? []).map((s) => s.text).sort();
      const llm = spans.filter((s) => s.kind === 'LLM').map((s) => s.text);
      expect(texts).toEqual(llm.sort());
      expect(r.errors.every((e) => e.severity === 'warning')).toBe(true);
      expect(r.errors.length > 0).toBe(someLoop(spans));
    });
  }
});
