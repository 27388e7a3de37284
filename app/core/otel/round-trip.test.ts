// The real R1-Searcher Bamboogle log (shared/data/SOURCES.md) → OTLP/JSON → import: every
// trajectory comes back with the same metrics, and the request carries what OpenInference
// readers (Phoenix) look for.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { trajectoryMetrics } from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';
import type { ExportTraceServiceRequest, OtlpSpan } from './otlp-json';
import { toOtlpRequest } from './otlp-request';

const R1_FILE = 'r1searcher_bamboogle_qwen.jsonl';
const r1Text = readFileSync(resolve(__dirname, '../../../../shared/data/trajectories', R1_FILE), 'utf8');

const attr = (s: OtlpSpan, key: string) => s.attributes.find((a) => a.key === key)?.value;

describe('OTLP round trip of a real R1-Searcher log', () => {
  let original: Trajectory[];
  let request: ExportTraceServiceRequest;
  let back: Awaited<ReturnType<typeof importAll>>;
  beforeAll(async () => {
    original = (await importAll(stringChunks(r1Text), { file: R1_FILE })).trajectories;
    request = toOtlpRequest(
      original.map((trajectory) => ({ trajectory })),
      Date.UTC(2026, 0, 1),
    );
    back = await importAll(stringChunks(JSON.stringify(request)), { file: 'r1.otlp.json' });
  });

  it('imports every trace back, detected as OTLP, without errors', () => {
    expect(original.length).toBeGreaterThan(100);
    expect(back.format).toBe('otlp');
    expect(back.errors).toEqual([]);
    expect(back.trajectories).toHaveLength(original.length);
  });

  it('keeps every metric of every trajectory', () => {
    back.trajectories.forEach((t, i) => {
      const o = original[i] as Trajectory;
      expect(t.question).toBe(o.question);
      expect(trajectoryMetrics(t)).toEqual(trajectoryMetrics(o));
      expect(t.steps.map((s) => s.kind)).toEqual(o.steps.map((s) => s.kind));
    });
  });

  it('writes one trace per trajectory with an AGENT root and a RETRIEVER span per search', () => {
    const spans = request.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    const traces = new Set(spans.map((s) => s.traceId));
    expect(traces.size).toBe(original.length);
    const roots = spans.filter((s) => s.parentSpanId === undefined);
    expect(roots).toHaveLength(original.length);
    const at = original.findIndex((t) => t.steps.some((s) => s.kind === 'search'));
    const o = original[at] as Trajectory;
    const root = roots[at] as OtlpSpan;
    expect(attr(root, 'openinference.span.kind')).toEqual({ stringValue: 'AGENT' });
    expect(attr(root, 'input.value')).toEqual({ stringValue: o.question });
    expect(attr(root, 'output.value')).toEqual({ stringValue: o.answer?.text });
    const retrievers = spans.filter(
      (s) =>
        s.traceId === root.traceId &&
        JSON.stringify(attr(s, 'openinference.span.kind')) === '{"stringValue":"RETRIEVER"}',
    );
    expect(retrievers).toHaveLength(trajectoryMetrics(o).rc);
    const firstSearch = o.steps.find((s) => s.kind === 'search');
    const firstDocs = o.steps.find((s) => s.kind === 'retrieve')?.docs ?? [];
    const r = retrievers[0] as OtlpSpan;
    expect(attr(r, 'input.value')).toEqual({ stringValue: firstSearch?.queries?.[0] });
    expect(attr(r, 'retrieval.documents.0.document.content')).toEqual({ stringValue: firstDocs[0]?.text });
    expect(r.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(r.spanId).toMatch(/^[0-9a-f]{16}$/);
  });
});
