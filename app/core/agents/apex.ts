// APEX-Searcher (Chen et al. 2026, "APEX-Searcher: Augmenting LLMs' Search Capabilities through
// Agentic Planning and Execution", arXiv:2603.13853; later version "Refining Credit Assignment with
// Subgoaling for Agentic Retrieval-Augmented Generation"). No public code was found; the protocol
// is v1 §3.2 (Algorithms 1–2) and the prompts follow what v2 appendix E says each one does, in
// our words (the paper describes them but does not print them):
//   1. plan (§3.2.1): decompose the question into numbered sub-questions, later ones naming
//      earlier answers as #n (a simple question stays one step); nodes appear as the plan streams;
//   2. per sub-question (§3.2.2, Algorithm 2): resolve #n with the answers so far; the knowledge
//      sufficiency check (Answer or Retrieve); on Answer, the answer-from-knowledge prompt (its
//      own prompt, appendix E); on Retrieve, up to Hmax hops: a continuation decision before hop h
//      when 1 < h < Hmax that sees the hop count, the accumulated knowledge and the documents; a
//      query conditioned on the accumulated knowledge, the documents retrieved and the queries
//      tried, with separate first-hop and later-hop prompts (appendix E); retrieval dropping docs
//      seen in any earlier hop or sub-question (kept on the step, marked duplicate) and an early
//      stop when nothing new comes back; then the sub-answer from the documents, added with its
//      sub-question to the accumulated knowledge;
//   3. final synthesis from the knowledge (§3.2.3), with a confidence (apex-confidence.ts).
// Steps mirror the APEX importer: plan; per node decision (text = resolved sub-question),
// search/retrieve per hop (+ decision after a hop), sub_answer; answer. Paper's best settings:
// 3 docs per retrieval, up to 5 hops.
import type { StepInput } from '../schema/builder';
import type { Doc, PlanNode } from '../schema/trajectory';
import type { Prompt } from '../llm/types';
import { apexConfidence, type ConfidenceWeights, DEFAULT_CONFIDENCE_WEIGHTS } from './apex-confidence';
import { readSufficiency } from './apex-decision';
import { completeLines, type PlanLine, parsePlan, planNodes, planText, resolveRefs } from './apex-plan';
import { formatDocs, SEARCH_R1_DOC } from './docs';
import { oneLine } from './parse';
import { type Ev, execute } from './session';
import { fillTemplate } from './template';
import type { StrategyDef } from './types';

export interface ApexParams {
  /** Docs per retrieval. */
  docsPerRetrieval: number;
  /** Hmax: retrieval hops per sub-question. */
  maxHops: number;
  /**
   * The planning module. Off is the "w/o Plan" ablation of Table 2 (v1 §4.4, v2 §3.4): no plan is
   * generated and the execution loop works on the whole question as its one sub-question.
   */
  planning: boolean;
  /** Cap on plan steps read (a guard, not from the paper). */
  maxPlanSteps: number;
  /** Ask whether the accumulated knowledge already answers a sub-question. */
  sufficiencyCheck: boolean;
  /** Tokens for each short generation (decisions, answers). */
  maxTokens: number;
  /** Tokens for a query generation (a line of reasoning, then the query). */
  queryMaxTokens: number;
  planMaxTokens: number;
  temperature: number;
  confidenceWeights: ConfidenceWeights;
}

export const APEX_PROMPTS = {
  plan: 'Break the question down into an ordered list of simple sub-questions that answer it step by step. Write one sub-question per line, numbered "1.", "2.", and so on. A later sub-question may refer to the answer of an earlier one as #1, #2, and so on; never guess those answers. If the question is simple, write a single sub-question. Write only the list.\n\nQuestion: {question}\nPlan:',
  // Appendix E, "Adaptive Retrieval Decision": can the accumulated knowledge answer the
  // sub-question already (Answer), or must new information be retrieved (Retrieve)?
  sufficiency:
    'Knowledge gathered in earlier steps:\n{knowledge}\n\nCan the question below be answered correctly from this knowledge alone, without searching? Reply with exactly one word: "answer" if the knowledge is sufficient, or "retrieve" if new information must be searched for.\n\nQuestion: {question}\nDecision:',
  // Appendix E, "Answer from Accumulated Knowledge": answer from the knowledge alone; make the
  // best inference even when it is incomplete instead of abstaining; the answer's form fits the
  // question's type; no hedged answers.
  answerFromKnowledge:
    'Answer the question using only the knowledge gathered in earlier steps. Even if that knowledge is incomplete, give your best inference; do not refuse or say that you do not know. Give the answer in the form the question asks for: a name for "who", a place for "where", a date or year for "when", a number for "how many", "yes" or "no" for a yes/no question. Do not hedge (no "maybe", "probably", "unclear"). Reply with the answer only, in a few words.\n\nKnowledge:\n{knowledge}\n\nQuestion: {question}\nAnswer:',
  // Appendix E, "Query Generation (First Hop)": the question and the knowledge so far; reason
  // about what is needed, then write a targeted query.
  queryFirst:
    'You are searching a document collection to answer a question.\n\nKnowledge gathered in earlier steps:\n{knowledge}\n\nQuestion: {question}\n\nFirst say in one sentence what information is still needed to answer the question. Then, on a last line starting with "Query:", write one short, targeted search query for it.',
  // Appendix E, "Query Generation (Subsequent Hops)": the queries tried so far, which must not be
  // repeated; different keywords, a different angle or a different level of detail (v1 §3.2.2:
  // conditioned on the knowledge, the documents retrieved and the query history).
  queryNext:
    'You are searching a document collection to answer a question. Earlier searches did not yet settle it.\n\nKnowledge gathered in earlier steps:\n{knowledge}\n\nDocuments retrieved so far for this question:\n{docs}\n\nQueries already tried:\n{tried}\n\nQuestion: {question}\n\nFirst say in one sentence what is still missing. Then, on a last line starting with "Query:", write one new search query that differs from every query already tried: use other keywords, another angle, or a more specific or more general wording. Do not repeat a query.',
  // Appendix E, "Continue Retrieval Decision": after a hop, with the number of hops done (so the
  // loop cannot run forever), judge whether the information covers the question.
  continue:
    'Question: {question}\n\nKnowledge gathered in earlier steps:\n{knowledge}\n\nDocuments retrieved so far for this question:\n{docs}\n\nQueries tried:\n{tried}\n\nSearches done so far: {hops} of at most {maxHops}.\n\nIs the information above enough to answer the question? Reply with exactly one word: "stop" if it is enough, or "continue" if another search is needed.\nDecision:',
  subAnswer:
    'Answer the question in a few words, using the knowledge gathered in earlier steps and the documents.\n\nKnowledge:\n{knowledge}\n\nDocuments:\n{docs}\n\nQuestion: {question}\nAnswer:',
  // §3.2.3: answer the original question comprehensively from the complete knowledge base.
  final:
    'Answer the question in a few words, using the facts collected while answering its sub-questions.\n\nKnowledge:\n{knowledge}\n\nQuestion: {question}\nAnswer:',
  knowledgeItem: 'Q: {question}\nA: {answer}',
  doc: SEARCH_R1_DOC,
};

/** Sufficiency reply → "answer" | "retrieve" (unclear replies retrieve); reads negations. */
export function parseSufficiency(reply: string): 'answer' | 'retrieve' {
  const r = readSufficiency(reply, { keywords: { answer: 'enough', retrieve: 'more' }, yes: 'enough' });
  return r === 'enough' ? 'answer' : 'retrieve';
}

/** Continuation reply → "continue" | "stop" (unclear replies continue); reads negations. */
export function parseContinue(reply: string): 'continue' | 'stop' {
  const r = readSufficiency(reply, { keywords: { stop: 'enough', continue: 'more' }, yes: 'enough' });
  return r === 'enough' ? 'stop' : 'continue';
}

/** The query of a query-generation reply: its last "Query:" line, else its first line. */
export function queryFromReply(text: string): string {
  const labelled = [...text.matchAll(/^\s*(?:search\s+)?query\s*:\s*(.+)$/gim)].at(-1)?.[1];
  return labelled !== undefined ? firstLine(labelled) : firstLine(text);
}

/** The first non-empty line, without quotes or a "Query:"/"Answer:" label. */
export function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return oneLine(line)
    .replace(/^(?:query|answer|search query)\s*:\s*/i, '')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim();
}

export const apex: StrategyDef<ApexParams> = {
  id: 'apex',
  label: 'APEX-Searcher',
  paper:
    'Chen et al. 2026, APEX-Searcher: Augmenting LLMs’ Search Capabilities through Agentic Planning and Execution',
  description:
    'Plans sub-questions (later ones naming earlier answers as #n), then answers each from accumulated knowledge or with up to Hmax retrieval hops, and synthesizes a final answer with a confidence.',
  defaults: {
    docsPerRetrieval: 3,
    maxHops: 5,
    planning: true,
    maxPlanSteps: 8,
    sufficiencyCheck: true,
    maxTokens: 64,
    queryMaxTokens: 128,
    planMaxTokens: 256,
    temperature: 0,
    confidenceWeights: DEFAULT_CONFIDENCE_WEIGHTS,
  },
  prompts: APEX_PROMPTS,
  run: (ctx) =>
    execute(apex, ctx, async function* (s) {
      const p = s.params;
      const question = s.question.trim();
      const ask = (content: string): Prompt => ({ messages: [{ role: 'user', content }] });
      const opts = { maxTokens: p.maxTokens, temperature: p.temperature };
      const answers = new Map<string, string>();
      const knowledge: string[] = [];
      const knowledgeText = () => (knowledge.length > 0 ? knowledge.join('\n') : '(none)');
      const seen = new Set<string>();

      // 1. Plan, with nodes appearing as their lines complete; without planning (the ablation),
      // the question itself is the one sub-question.
      let lines: PlanLine[] = [{ id: '1', text: question, dependsOn: [] }];
      if (p.planning) {
        let shown = 0;
        const planGen = yield* s.generate(
          { kind: 'plan' },
          {
            prompt: ask(fillTemplate(s.prompt('plan'), { question })),
            maxTokens: p.planMaxTokens,
            temperature: p.temperature,
            watch: (streamed): Ev[] => {
              const lines = parsePlan(completeLines(streamed), p.maxPlanSteps);
              if (lines.length <= shown) return [];
              shown = lines.length;
              return [{ type: 'plan', nodes: planNodes(lines) }];
            },
          },
        );
        lines = parsePlan(planGen.result.text, p.maxPlanSteps);
        if (lines.length === 0) {
          yield s.update(planGen.id, {
            kind: 'invalid',
            raw: planGen.result.text,
            error: 'the plan has no numbered sub-questions; the question is kept as a one-step plan',
          });
          lines = [{ id: '1', text: question, dependsOn: [] }];
        } else {
          yield s.update(planGen.id, { text: planText(lines), raw: planGen.result.text });
        }
      }
      const nodes: PlanNode[] = planNodes(lines);
      yield { type: 'plan', nodes: nodes.map((n) => ({ ...n })) };
      const patchNode = (id: string, patch: Partial<PlanNode>): Ev => {
        const n = nodes.find((x) => x.id === id);
        if (n) Object.assign(n, patch);
        return { type: 'plan_node', id, patch };
      };

      // 2. Sub-questions in plan order.
      for (const line of lines) {
        const planNode = line.id;
        const resolved = resolveRefs(line.text, answers);
        yield patchNode(planNode, { status: 'active', resolvedText: resolved });

        let decision: 'answer' | 'retrieve' = 'retrieve';
        if (p.sufficiencyCheck) {
          const g = yield* s.generate(
            { kind: 'decision', planNode },
            {
              prompt: ask(
                fillTemplate(s.prompt('sufficiency'), { knowledge: knowledgeText(), question: resolved }),
              ),
              ...opts,
            },
          );
          decision = parseSufficiency(g.result.text);
          yield s.update(g.id, { decision, text: resolved, raw: g.result.text });
        } else {
          yield s.step({ kind: 'decision', planNode, decision, text: resolved });
        }

        const found: Doc[] = [];
        const tried: string[] = [];
        const docsText = () => formatDocs(found, s.prompt('doc')) || '(none)';
        if (decision === 'retrieve') {
          for (let hop = 1; hop <= p.maxHops; hop++) {
            const triedText = tried.length > 0 ? tried.map((q) => `- ${q}`).join('\n') : '(none)';
            if (hop > 1 && hop < p.maxHops) {
              const c = yield* s.generate(
                { kind: 'decision', planNode, hop: hop - 1 },
                {
                  prompt: ask(
                    fillTemplate(s.prompt('continue'), {
                      question: resolved,
                      knowledge: knowledgeText(),
                      docs: docsText(),
                      tried: triedText,
                      hops: hop - 1,
                      maxHops: p.maxHops,
                    }),
                  ),
                  ...opts,
                },
              );
              const go = parseContinue(c.result.text);
              yield s.update(c.id, { decision: go, text: c.result.text.trim(), raw: c.result.text });
              if (go === 'stop') break;
            }
            // Appendix E: the first hop and later hops have their own query prompts.
            const q = yield* s.generate(
              { kind: 'search', planNode, hop },
              {
                prompt: ask(
                  fillTemplate(s.prompt(hop === 1 ? 'queryFirst' : 'queryNext'), {
                    question: resolved,
                    knowledge: knowledgeText(),
                    docs: docsText(),
                    tried: triedText,
                  }),
                ),
                maxTokens: p.queryMaxTokens,
                temperature: p.temperature,
              },
            );
            const query = queryFromReply(q.result.text);
            if (!query) {
              yield s.update(q.id, { kind: 'invalid', raw: q.result.text, error: 'empty search query' });
              break;
            }
            yield s.update(q.id, { queries: [query], text: query, raw: q.result.text });
            tried.push(query);
            // Docs seen in an earlier hop or sub-question stay on the step, marked, but are not used again.
            const r = yield* s.retrieve({ planNode, hop }, [query], p.docsPerRetrieval, (docs) =>
              docs.map((d) => ({ ...d, duplicate: seen.has(d.id) })),
            );
            const fresh = r.docs.filter((d) => !d.duplicate);
            for (const d of r.docs) seen.add(d.id);
            if (fresh.length === 0) {
              yield s.step({
                kind: 'decision',
                planNode,
                hop,
                decision: 'stop',
                text: 'nothing new came back',
              });
              break;
            }
            found.push(...fresh);
          }
        }

        // Algorithm 2: "Answer" answers from the knowledge alone (AnswerFromKnowledge); after
        // retrieval the sub-answer reads the documents too (GenerateAnswer).
        const subPrompt =
          decision === 'answer'
            ? fillTemplate(s.prompt('answerFromKnowledge'), {
                knowledge: knowledgeText(),
                question: resolved,
              })
            : fillTemplate(s.prompt('subAnswer'), {
                knowledge: knowledgeText(),
                docs: docsText(),
                question: resolved,
              });
        const a = yield* s.generate({ kind: 'sub_answer', planNode }, { prompt: ask(subPrompt), ...opts });
        const sub = firstLine(a.result.text);
        if (!sub) {
          yield s.update(a.id, { raw: a.result.text, error: 'empty sub-answer' });
          yield patchNode(planNode, { status: 'failed' });
          continue;
        }
        const patch: Partial<StepInput> = { text: sub, raw: a.result.text };
        yield s.update(a.id, patch);
        answers.set(planNode, sub);
        knowledge.push(fillTemplate(s.prompt('knowledgeItem'), { question: resolved, answer: sub }));
        yield patchNode(planNode, { answer: sub, status: 'done' });
      }

      // 3. Final synthesis.
      const f = yield* s.generate(
        { kind: 'answer' },
        { prompt: ask(fillTemplate(s.prompt('final'), { knowledge: knowledgeText(), question })), ...opts },
      );
      const answer = firstLine(f.result.text);
      if (!answer) {
        yield s.update(f.id, { kind: 'invalid', raw: f.result.text, error: 'empty final answer' });
        return 'max_turns';
      }
      yield s.update(f.id, { text: answer, raw: f.result.text });
      yield s.answer(answer, apexConfidence(answer, nodes, p.confidenceWeights));
      return 'answer';
    }),
};
