// OpenInference semantic-convention attribute names (Arize-ai/openinference,
// spec/semantic_conventions.md), the only spellings the OTLP importer and exporter use. List
// attributes are flattened with zero-based indices (`retrieval.documents.0.document.id`).
// semconv.test.ts pins every name to the spec's spelling.

export const SPAN_KIND = 'openinference.span.kind';
export const INPUT_VALUE = 'input.value';
export const INPUT_MIME_TYPE = 'input.mime_type';
export const OUTPUT_VALUE = 'output.value';
export const OUTPUT_MIME_TYPE = 'output.mime_type';
export const METADATA = 'metadata';
export const AGENT_NAME = 'agent.name';
export const LLM_MODEL_NAME = 'llm.model_name';
export const LLM_INVOCATION_PARAMETERS = 'llm.invocation_parameters';
export const LLM_TOKEN_COUNT_PROMPT = 'llm.token_count.prompt';
export const LLM_TOKEN_COUNT_COMPLETION = 'llm.token_count.completion';
export const LLM_TOKEN_COUNT_TOTAL = 'llm.token_count.total';
export const TOOL_NAME = 'tool.name';
export const TOOL_PARAMETERS = 'tool.parameters';
export const GRAPH_NODE_ID = 'graph.node.id';
export const GRAPH_NODE_NAME = 'graph.node.name';
export const GRAPH_NODE_PARENT_ID = 'graph.node.parent_id';
export const RERANKER_QUERY = 'reranker.query';
export const RERANKER_TOP_K = 'reranker.top_k';
export const EXCEPTION_MESSAGE = 'exception.message';
/** Resource attribute naming the Phoenix project the trace belongs to. */
export const PROJECT_NAME = 'openinference.project.name';

/** `openinference.span.kind` values. */
export const SPAN_KINDS = {
  agent: 'AGENT',
  chain: 'CHAIN',
  llm: 'LLM',
  retriever: 'RETRIEVER',
  reranker: 'RERANKER',
  tool: 'TOOL',
  embedding: 'EMBEDDING',
  guardrail: 'GUARDRAIL',
  evaluator: 'EVALUATOR',
} as const;

/** `annotation.annotator_kind` values. */
export const ANNOTATOR_KINDS = { human: 'HUMAN', llm: 'LLM', code: 'CODE' } as const;

export type DocumentField = 'id' | 'content' | 'score' | 'metadata';
export type MessageField = 'role' | 'content' | 'name';
export type AnnotationField =
  'name' | 'score' | 'label' | 'explanation' | 'annotator_kind' | 'identifier' | 'metadata';

/** `retrieval.documents.{i}.document.{field}` on RETRIEVER spans. */
export const retrievalDocument = (i: number, field: DocumentField) =>
  `retrieval.documents.${i}.document.${field}`;
/** `reranker.input_documents.{i}.document.{field}` on RERANKER spans. */
export const rerankerInputDocument = (i: number, field: DocumentField) =>
  `reranker.input_documents.${i}.document.${field}`;
/** `reranker.output_documents.{i}.document.{field}` on RERANKER spans. */
export const rerankerOutputDocument = (i: number, field: DocumentField) =>
  `reranker.output_documents.${i}.document.${field}`;
/** `llm.input_messages.{i}.message.{field}` on LLM spans. */
export const llmInputMessage = (i: number, field: MessageField) => `llm.input_messages.${i}.message.${field}`;
/** `llm.output_messages.{i}.message.{field}` on LLM spans. */
export const llmOutputMessage = (i: number, field: MessageField) =>
  `llm.output_messages.${i}.message.${field}`;
/** Span-scoped feedback: `annotations.{i}.annotation.{field}`. */
export const spanAnnotation = (i: number, field: AnnotationField) => `annotations.${i}.annotation.${field}`;

/** Indexed-list patterns the importer reads (index in group 1, field in group 2). */
export const RETRIEVAL_DOCUMENT_RE = /^retrieval\.documents\.(\d+)\.document\.(\w+)$/;
export const RERANKER_OUTPUT_DOCUMENT_RE = /^reranker\.output_documents\.(\d+)\.document\.(\w+)$/;
export const LLM_INPUT_MESSAGE_RE = /^llm\.input_messages\.(\d+)\.message\.(\w+)$/;
export const LLM_OUTPUT_MESSAGE_RE = /^llm\.output_messages\.(\d+)\.message\.(\w+)$/;
export const SPAN_ANNOTATION_RE = /^annotations\.(\d+)\.annotation\.(\w+)$/;

/**
 * Hopscope's own attributes, for what OpenInference has no name for (gold answers, step kinds,
 * hops). Namespaced so other tools ignore them; the importer reads them when present so a
 * Hopscope export imports back with the same metrics.
 */
export const HOPSCOPE = {
  stepKind: 'hopscope.step.kind',
  stepHop: 'hopscope.step.hop',
  stepTurn: 'hopscope.step.turn',
  stepDecision: 'hopscope.step.decision',
  stepRaw: 'hopscope.step.raw',
  /** The search step had no retrieve step after it (a failed or empty retrieval). */
  searchOnly: 'hopscope.search_only',
  gold: 'hopscope.gold',
  reported: 'hopscope.reported',
  source: 'hopscope.source',
  finishReason: 'hopscope.finish_reason',
  planStatus: 'hopscope.plan.status',
  planDependsOn: 'hopscope.plan.depends_on',
  planResolvedText: 'hopscope.plan.resolved_text',
} as const;

/** Annotation identifiers Hopscope writes, so its own rewards are not re-read as reported scores. */
export const HOPSCOPE_ANNOTATION_PREFIX = 'hopscope:';
