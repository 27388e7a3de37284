import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chainTrace, otlpRequestText, spanHex, type TestSpan } from '../../testing/otlp-traces';
import { importAll, stringChunks } from '../importers/pipeline';

const REPRO = join(__dirname, '../../../../shared/repro/hardening-3');
const repro = (name: string) => readFileSync(join(REPRO, name), 'utf8');

describe('spans whose parents form a cycle', () => {
  it('a two-span cycle: both spans imported as steps, and a warning names them', async () => {
    const r = await importAll(stringChunks(repro('02-otlp-span-parent-cycle.json')), { file: 'c.json' });
    expect(r.imported).toBe(1);
    expect(r.trajectories[0]?.steps.map((s) => s.kind)).toEqual(['think', 'answer']);
    expect(r.errors).toEqual([
      expect.objectContaining({
        file: 'c.json',
        severity: 'warning',
        field: 'resourceSpans.0.scopeSpans.0.spans.1.parentSpanId',
        message: expect.stringMatching(
          /000c57cdb4f5ea80 → 0009fdbceec29e4b → 000c57cdb4f5ea80 are each other's parents/,
        ),
      }),
    ]);
  });

  it('a span that is its own parent: imported, and reported', async () => {
    const r = await importAll(stringChunks(repro('02b-otlp-span-self-parent.json')), { file: 's.json' });
    expect(r.trajectories[0]?.steps.map((s) => s.kind)).toEqual(['think', 'answer']);
    expect(r.errors).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: 'span 0009fdbceec29e4b is its own parent; it is imported under the root span',
      }),
    ]);
  });

  it('a cycle through the AGENT span: it is still the root, its parent ignored and reported', async () => {
    const spans: TestSpan[] = [
      { id: spanHex(1), parent: spanHex(2), kind: 'AGENT', at: 0, text: 'Q?' },
      { id: spanHex(2), parent: spanHex(1), kind: 'LLM', at: 1, text: 'a' },
      { id: spanHex(3), parent: spanHex(2), kind: 'LLM', at: 2, text: 'b' },
    ];
    const r = await importAll(stringChunks(otlpRequestText(spans)), { file: 'r.json' });
    expect(r.trajectories[0]?.steps.map((s) => s.text)).toEqual(['a', 'b']);
    expect(r.errors).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('it is the root') }),
    ]);
  });

  it('a cycle through the AGENT span and a CHAIN span: the AGENT is the one root, the CHAIN below it', async () => {
    // a (AGENT, parent c) → b (CHAIN) → c (LLM) → a: a and b both lie on the cycle.
    const spans: TestSpan[] = [
      { id: spanHex(1), parent: spanHex(3), kind: 'AGENT', at: 0, text: 'Q?' },
      { id: spanHex(2), parent: spanHex(1), kind: 'CHAIN', at: 1, text: 'plan' },
      { id: spanHex(3), parent: spanHex(2), kind: 'LLM', at: 2, text: 'c' },
    ];
    const r = await importAll(stringChunks(otlpRequestText(spans)), { file: 'r.json' });
    expect(r.imported).toBe(1);
    expect(r.trajectories[0]?.question).toBe('Q?');
    expect(r.trajectories[0]?.steps.map((s) => s.text)).toEqual(['c']);
    expect(r.errors).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('it is the root') }),
    ]);
  });

  it('an AGENT span only below a cycle (none on it) is still the root, reported', async () => {
    const spans: TestSpan[] = [
      { id: spanHex(1), parent: spanHex(2), kind: 'AGENT', at: 0, text: 'Q?' },
      { id: spanHex(2), parent: spanHex(3), kind: 'LLM', at: 1, text: 'a' },
      { id: spanHex(3), parent: spanHex(2), kind: 'LLM', at: 2, text: 'b' },
    ];
    const r = await importAll(stringChunks(otlpRequestText(spans)), { file: 'r.json' });
    expect(r.imported).toBe(1);
    expect(r.trajectories[0]?.steps.map((s) => s.text).sort()).toEqual(['a', 'b']);
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors.every((e) => e.severity === 'warning')).toBe(true);
  });

  it('a cycle with spans hanging below it keeps them below their parents', async () => {
    const spans: TestSpan[] = [
      { id: spanHex(1), kind: 'AGENT', at: 0, text: 'Q?' },
      { id: spanHex(2), parent: spanHex(3), kind: 'LLM', at: 1, text: 'a' },
      { id: spanHex(3), parent: spanHex(2), kind: 'LLM', at: 2, text: 'b' },
      { id: spanHex(4), parent: spanHex(2), kind: 'LLM', at: 3, text: 'c' },
      { id: spanHex(5), parent: spanHex(1), kind: 'LLM', at: 4, text: 'd' },
    ];
    const r = await importAll(stringChunks(otlpRequestText(spans)), { file: 'r.json' });
    // The cycle is cut at its first span in the file: a, then its children b and c by time.
    expect(r.trajectories[0]?.steps.map((s) => s.text)).toEqual(['a', 'b', 'c', 'd']);
    expect(r.errors.filter((e) => e.severity === 'warning')).toHaveLength(1);
  });
});

describe('a deep parent chain', () => {
  it('8,000 spans each the parent of the next import in order (no JSON value is that deep)', async () => {
    const r = await importAll(stringChunks(otlpRequestText(chainTrace(8000))), { file: 'deep.json' });
    expect(r.errors).toEqual([]);
    const steps = r.trajectories[0]?.steps ?? [];
    expect(steps).toHaveLength(8000);
    expect(steps[0]?.text).toBe('step 0');
    expect(steps[7999]?.text).toBe('step 7999');
  });
});
