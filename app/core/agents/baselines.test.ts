import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../../testing/scripted-llm';
import type { ChatMessage, Prompt } from '../llm/types';
import { direct } from './direct';
import { standardRag } from './standard-rag';
import { kinds, runCollect, stubRetriever } from '../../testing/strategy-harness';

const messagesOf = (p: Prompt | undefined): ChatMessage[] => (typeof p === 'object' ? p.messages : []);

describe('Direct and Standard RAG', () => {
  it('Direct answers in one generation, without retrieval', async () => {
    const llm = new ScriptedLlm([' Paris \n']);
    const retriever = stubRetriever({});
    const { t } = await runCollect(direct, { question: 'What is the capital of France?', llm, retriever });
    expect(kinds(t)).toEqual(['answer']);
    expect(t.steps[0]).toMatchObject({ text: 'Paris', turn: 1 });
    expect(t.answer?.text).toBe('Paris');
    expect(retriever.calls).toHaveLength(0);
    const [system, user] = messagesOf(llm.calls[0]!.prompt);
    expect(system?.content).toMatch(/^Answer the question based on your own knowledge\./);
    expect(user?.content).toBe('Question: What is the capital of France?');
    expect(llm.calls[0]!.options.maxTokens).toBe(32);
  });

  it('Standard RAG retrieves top-k for the question and answers from the docs', async () => {
    const docs = Array.from({ length: 7 }, (_, i) => ({ id: `d${i}`, title: `T${i}`, text: `text ${i}` }));
    const llm = new ScriptedLlm(['T0']);
    const retriever = stubRetriever(() => docs);
    const { t } = await runCollect(standardRag, { question: 'q?', llm, retriever });
    expect(kinds(t)).toEqual(['search', 'retrieve', 'answer']);
    expect(t.steps[1]?.docs).toHaveLength(5);
    expect(retriever.calls[0]).toEqual({ queries: ['q?'], k: 5 });
    const system = messagesOf(llm.calls[0]!.prompt)[0]!.content;
    expect(system).toContain('Doc 1(Title: T0) text 0\nDoc 2(Title: T1) text 1');
    expect(system).not.toContain('Doc 6');
  });

  it('an empty answer is an invalid step, not an answer', async () => {
    const { t } = await runCollect(direct, {
      question: 'q',
      llm: new ScriptedLlm(['   ']),
      retriever: stubRetriever({}),
    });
    expect(kinds(t)).toEqual(['invalid']);
    expect(t.answer).toBeUndefined();
    expect(t.finishReason).toBe('max_turns');
  });
});
