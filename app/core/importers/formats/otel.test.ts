// Traces written by other tools: Phoenix's span JSONL (nested attributes, a trace over several
// lines) and an OTLP/JSON request with plan nodes, a reranker and a tool, mapped by span kind.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyValue, type OtlpSpan } from '../../otel/otlp-json';
import { importAll, stringChunks } from '../pipeline';

const PHOENIX = 'phoenix-spans.jsonl';
const phoenixText = readFileSync(resolve(__dirname, '../../../testing/importer-fixtures', PHOENIX), 'utf8');

describe('Phoenix span JSONL', () => {
  it('gathers each trace from its lines and maps root, LLM and RETRIEVER spans', async () => {
    const r = await importAll(stringChunks(phoenixText), { file: PHOENIX });
    expect(r.format).toBe('phoenix');
    expect(r.trajectories).toHaveLength(1);
    const t = r.trajectories[0];
    expect(t?.question).toBe('Who founded the city where the founder of geometry lived?');
    expect(t?.answer?.text).toBe('Alexander the Great');
    expect(t?.agent.model).toBe('qwen2.5-7b');
    expect(t?.timing?.ms).toBe(5000);
    expect(t?.steps.map((s) => [s.kind, s.hop ?? null])).toEqual([
      ['think', null],
      ['search', 1],
      ['retrieve', 1],
      ['answer', null],
    ]);
    expect(t?.steps[0]?.tokens).toBe(12);
    expect(t?.steps[1]?.queries).toEqual(['founder of Alexandria']);
    expect(t?.steps[2]?.docs?.map((d) => [d.id, d.title ?? null, d.score, d.rank])).toEqual([
      ['wiki-17', 'Alexandria', 0.91, 1],
      ['wiki-4', null, 0.55, 2],
    ]);
  });

  it('reports the bad trace by line and field and the line that is no span, keeping the good trace', async () => {
    const r = await importAll(stringChunks(phoenixText), { file: PHOENIX });
    expect(r.errors).toEqual([
      expect.objectContaining({ line: 7, message: expect.stringContaining('Phoenix span') }),
      {
        file: PHOENIX,
        line: 5,
        field: 'attributes[retrieval.documents.0.document.score]',
        message: 'document score must be a number',
      },
    ]);
  });
});

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const span = (
  spanId: string,
  parent: string | undefined,
  t0: number,
  attrs: Array<[string, string | number]>,
) => {
  const s: OtlpSpan = {
    traceId: TRACE,
    spanId,
    name: spanId,
    kind: 1,
    startTimeUnixNano: String(BigInt(1_700_000_000_000 + t0) * 1_000_000n),
    endTimeUnixNano: String(BigInt(1_700_000_000_000 + t0 + 10) * 1_000_000n),
    attributes: attrs.map(([k, v]) => keyValue(k, v)),
  };
  if (parent) s.parentSpanId = parent;
  return s;
};

const request = (spans: OtlpSpan[]) =>
  JSON.stringify({
    resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'x' }, spans }] }],
  });

describe('OTLP/JSON from another tool', () => {
  it('maps plan nodes, reranker and tool spans, ordering children by start time', async () => {
    const spans = [
      span('r', undefined, 0, [
        ['openinference.span.kind', 'AGENT'],
        ['input.value', 'Q?'],
        ['output.value', 'A'],
        ['graph.node.id', 'main'],
      ]),
      // Written out of order: the reranker started after the retriever.
      span('k', 'n1', 30, [
        ['openinference.span.kind', 'RERANKER'],
        ['reranker.output_documents.0.document.id', 'd2'],
        ['reranker.output_documents.0.document.content', 'two'],
      ]),
      span('n1', 'r', 5, [
        ['openinference.span.kind', 'CHAIN'],
        ['graph.node.id', 'step-1'],
        ['graph.node.parent_id', 'main'],
        ['graph.node.name', 'Find the city'],
        ['output.value', 'Alexandria'],
      ]),
      span('s', 'n1', 20, [
        ['openinference.span.kind', 'RETRIEVER'],
        ['input.value', 'geometry founder city'],
        ['retrieval.documents.0.document.id', 'd1'],
        ['retrieval.documents.0.document.content', 'one'],
      ]),
      span('tool', 'r', 60, [
        ['openinference.span.kind', 'TOOL'],
        ['tool.name', 'calculator'],
        ['input.value', '2+2'],
        ['output.value', '4'],
      ]),
      span('n2', 'r', 50, [
        ['openinference.span.kind', 'CHAIN'],
        ['graph.node.id', 'step-2'],
        ['graph.node.parent_id', 'step-1'],
        ['input.value', 'Who founded it?'],
      ]),
    ];
    const r = await importAll(stringChunks(request(spans)), { file: 'x.json' });
    expect(r.errors).toEqual([]);
    expect(r.format).toBe('otlp');
    const t = r.trajectories[0];
    expect(t?.plan?.map((n) => [n.id, n.text, n.dependsOn, n.answer ?? null])).toEqual([
      ['step-1', 'Find the city', [], 'Alexandria'],
      ['step-2', 'Who founded it?', ['step-1'], null],
    ]);
    expect(t?.steps.map((s) => [s.kind, s.planNode ?? null])).toEqual([
      ['search', 'step-1'],
      ['retrieve', 'step-1'],
      ['rank', 'step-1'],
      ['decision', null],
    ]);
    expect(t?.steps[2]?.ranking).toEqual(['d2']);
    expect(t?.steps[3]?.text).toBe('calculator(2+2) → 4');
  });

  it('refuses a trace without an AGENT or CHAIN root and names the field', async () => {
    const spans = [span('x', undefined, 0, [['openinference.span.kind', 'LLM']])];
    const r = await importAll(stringChunks(request(spans)), { file: 'x.json' });
    expect(r.trajectories).toEqual([]);
    expect(r.errors).toEqual([
      {
        file: 'x.json',
        line: 1,
        field: 'resourceSpans.0.scopeSpans.0.spans.0.attributes[openinference.span.kind]',
        message: `trace ${TRACE} has no AGENT or CHAIN root span (root spans: LLM)`,
      },
    ]);
  });

  it('reports an undecodable attribute value with its place in the request', async () => {
    const bad = span('r', undefined, 0, [['openinference.span.kind', 'AGENT']]);
    bad.attributes.push({ key: 'input.value', value: { bytesValue: 'AA==' } as never });
    const r = await importAll(stringChunks(request([bad])), { file: 'x.json' });
    expect(r.errors[0]?.field).toBe('resourceSpans.0.scopeSpans.0.spans.0.attributes[input.value]');
    expect(r.errors[0]?.message).toContain('unknown AnyValue type bytesValue');
  });
});
