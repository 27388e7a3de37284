// OTLP/JSON traces written by hand for tests: an AGENT root with LLM (and CHAIN) spans whose
// parents are whatever the test says (deep chains, cycles, spans that are their own parent).
import { type ExportTraceServiceRequest, keyValue, nanos, type OtlpSpan } from '../core/otel/otlp-json';

export interface TestSpan {
  id: string;
  /** The parent's id; omitted for a root. */
  parent?: string;
  kind: 'AGENT' | 'CHAIN' | 'LLM';
  /** Start time in ms (children are ordered by it). */
  at: number;
  /** The root's question (an AGENT or CHAIN span's input), or an LLM span's output text. */
  text: string;
}

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

/** An 8-byte OTLP span id (16 hex characters) for a test's short name. */
export function spanHex(n: number): string {
  return n.toString(16).padStart(16, '0');
}

export function otlpSpan(s: TestSpan): OtlpSpan {
  const attrs =
    s.kind !== 'LLM'
      ? [keyValue('openinference.span.kind', s.kind), keyValue('input.value', s.text)]
      : [
          keyValue('openinference.span.kind', 'LLM'),
          keyValue('llm.output_messages.0.message.role', 'assistant'),
          keyValue('llm.output_messages.0.message.content', s.text),
        ];
  return {
    traceId: TRACE_ID,
    spanId: s.id,
    ...(s.parent !== undefined ? { parentSpanId: s.parent } : {}),
    name: s.kind.toLowerCase(),
    kind: 1,
    startTimeUnixNano: nanos(s.at),
    endTimeUnixNano: nanos(s.at + 1),
    attributes: attrs,
  };
}

export function otlpRequestText(spans: readonly TestSpan[]): string {
  const request: ExportTraceServiceRequest = {
    resourceSpans: [
      {
        resource: { attributes: [keyValue('service.name', 'test')] },
        scopeSpans: [{ scope: { name: 'test' }, spans: spans.map(otlpSpan) }],
      },
    ],
  };
  return JSON.stringify(request);
}

/** A root and `depth` LLM spans, each the parent of the next: a parent chain `depth` deep. */
export function chainTrace(depth: number): TestSpan[] {
  const spans: TestSpan[] = [{ id: spanHex(1), kind: 'AGENT', at: 0, text: 'How deep is the chain?' }];
  for (let i = 0; i < depth; i++)
    spans.push({ id: spanHex(i + 2), parent: spanHex(i + 1), kind: 'LLM', at: i + 1, text: `step ${i}` });
  return spans;
}
