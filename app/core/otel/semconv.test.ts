// Pins every OpenInference name to the spelling in the spec (Arize-ai/openinference,
// spec/semantic_conventions.md). A rename in semconv.ts must fail here, not in Phoenix.
import { describe, expect, it } from 'vitest';
import * as sc from './semconv';

describe('OpenInference attribute names', () => {
  it.each([
    [sc.SPAN_KIND, 'openinference.span.kind'],
    [sc.INPUT_VALUE, 'input.value'],
    [sc.INPUT_MIME_TYPE, 'input.mime_type'],
    [sc.OUTPUT_VALUE, 'output.value'],
    [sc.OUTPUT_MIME_TYPE, 'output.mime_type'],
    [sc.METADATA, 'metadata'],
    [sc.AGENT_NAME, 'agent.name'],
    [sc.LLM_MODEL_NAME, 'llm.model_name'],
    [sc.LLM_INVOCATION_PARAMETERS, 'llm.invocation_parameters'],
    [sc.LLM_TOKEN_COUNT_PROMPT, 'llm.token_count.prompt'],
    [sc.LLM_TOKEN_COUNT_COMPLETION, 'llm.token_count.completion'],
    [sc.LLM_TOKEN_COUNT_TOTAL, 'llm.token_count.total'],
    [sc.TOOL_NAME, 'tool.name'],
    [sc.TOOL_PARAMETERS, 'tool.parameters'],
    [sc.GRAPH_NODE_ID, 'graph.node.id'],
    [sc.GRAPH_NODE_NAME, 'graph.node.name'],
    [sc.GRAPH_NODE_PARENT_ID, 'graph.node.parent_id'],
    [sc.RERANKER_QUERY, 'reranker.query'],
    [sc.RERANKER_TOP_K, 'reranker.top_k'],
    [sc.EXCEPTION_MESSAGE, 'exception.message'],
    [sc.PROJECT_NAME, 'openinference.project.name'],
    [sc.retrievalDocument(0, 'id'), 'retrieval.documents.0.document.id'],
    [sc.retrievalDocument(3, 'content'), 'retrieval.documents.3.document.content'],
    [sc.retrievalDocument(1, 'score'), 'retrieval.documents.1.document.score'],
    [sc.retrievalDocument(2, 'metadata'), 'retrieval.documents.2.document.metadata'],
    [sc.rerankerInputDocument(0, 'id'), 'reranker.input_documents.0.document.id'],
    [sc.rerankerOutputDocument(0, 'score'), 'reranker.output_documents.0.document.score'],
    [sc.llmInputMessage(0, 'role'), 'llm.input_messages.0.message.role'],
    [sc.llmInputMessage(1, 'content'), 'llm.input_messages.1.message.content'],
    [sc.llmOutputMessage(0, 'content'), 'llm.output_messages.0.message.content'],
    [sc.spanAnnotation(0, 'name'), 'annotations.0.annotation.name'],
    [sc.spanAnnotation(0, 'score'), 'annotations.0.annotation.score'],
    [sc.spanAnnotation(0, 'label'), 'annotations.0.annotation.label'],
    [sc.spanAnnotation(0, 'explanation'), 'annotations.0.annotation.explanation'],
    [sc.spanAnnotation(0, 'annotator_kind'), 'annotations.0.annotation.annotator_kind'],
    [sc.spanAnnotation(0, 'identifier'), 'annotations.0.annotation.identifier'],
    [sc.spanAnnotation(2, 'metadata'), 'annotations.2.annotation.metadata'],
  ])('%s is spelled %s', (actual, spec) => {
    expect(actual).toBe(spec);
  });

  it('span kinds and annotator kinds are the spec values', () => {
    expect(Object.values(sc.SPAN_KINDS)).toEqual([
      'AGENT',
      'CHAIN',
      'LLM',
      'RETRIEVER',
      'RERANKER',
      'TOOL',
      'EMBEDDING',
      'GUARDRAIL',
      'EVALUATOR',
    ]);
    expect(Object.values(sc.ANNOTATOR_KINDS)).toEqual(['HUMAN', 'LLM', 'CODE']);
  });

  it('the list patterns read back what the builders write', () => {
    expect(sc.RETRIEVAL_DOCUMENT_RE.exec(sc.retrievalDocument(12, 'content'))?.slice(1)).toEqual([
      '12',
      'content',
    ]);
    expect(sc.LLM_OUTPUT_MESSAGE_RE.exec(sc.llmOutputMessage(2, 'role'))?.slice(1)).toEqual(['2', 'role']);
    expect(sc.LLM_INPUT_MESSAGE_RE.exec(sc.llmInputMessage(0, 'content'))?.slice(1)).toEqual([
      '0',
      'content',
    ]);
    expect(sc.RERANKER_OUTPUT_DOCUMENT_RE.exec(sc.rerankerOutputDocument(4, 'id'))?.slice(1)).toEqual([
      '4',
      'id',
    ]);
    expect(sc.SPAN_ANNOTATION_RE.exec(sc.spanAnnotation(1, 'annotator_kind'))?.slice(1)).toEqual([
      '1',
      'annotator_kind',
    ]);
  });
});
