// The optional model-based rewrite of gold sub-questions, beside the deterministic one
// (plan-rewrite.ts). APEX-Searcher had a model rewrite MuSiQue's formatted decompositions into
// natural language (v2 appendix C.1, DeepSeek-V3; v1 §4.1.1); this asks the configured model the
// same, one step at a time, keeping `#n` references to earlier answers as written. Rewrites are
// cached per model; SEPR uses a cached one and falls back to the deterministic form offline.
import { hash53 } from '../hash';
import type { Prompt } from '../llm/types';

export const PLAN_REWRITE_PROMPT = [
  'Rewrite one step of a question decomposition as a natural English question.',
  'Steps may be written as "subject >> relation" (for example "#1 >> capital" asks for the capital',
  'of the answer to step 1). Keep every reference such as #1 or #2 exactly as written, and keep',
  'names as they are. Write only the question, on one line, ending with "?".',
  '',
  'Step: {step}',
  'Question:',
].join('\n');

export function planRewritePrompt(step: string): Prompt {
  return { messages: [{ role: 'user', content: PLAN_REWRITE_PROMPT.replace('{step}', step.trim()) }] };
}

/**
 * The model's question: its first non-empty line, without a "Question:" label or quotes; null
 * when empty or when it dropped a `#n` reference of the step (the rewrite must keep the chain).
 */
export function parsePlanRewrite(reply: string, step: string): string | null {
  const line = reply
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!line) return null;
  const question = line
    .replace(/^question\s*:\s*/i, '')
    .replace(/^["“']|["”']$/g, '')
    .trim();
  if (!question) return null;
  const refs = step.match(/#\d+/g) ?? [];
  return refs.every((r) => new RegExp(`${r}(?!\\d)`).test(question)) ? question : null;
}

/** The cache key of one step's rewrite: the model, the prompt it was asked with, the step as written. */
export function planRewriteKey(model: string, step: string): string {
  return `${model}\u0000${hash53(PLAN_REWRITE_PROMPT)}\u0000${step}`;
}
