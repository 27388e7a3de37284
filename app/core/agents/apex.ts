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
import type { Doc, PlanNode } from '../schema/trajectory';
import type { Prompt } from '../llm/types';
import { apexConfidence, type ConfidenceWeights, DEFAULT_CONFIDENCE_WEIGHTS } from './apex-confidence';
import { firstLine, queryFromReply, readContinue, readSufficiency } from './apex-decision';
import { APEX_PROMPTS } from './apex-prompts';
import { completeLines, type PlanLine, parsePlan, planNodes, planText, resolveRefs } from './apex-plan';

export { firstLine, parseContinue, parseSufficiency, queryFromReply } from './apex-decision';
export { APEX_PROMPTS } from './apex-prompts';
import { formatDocs } from './docs';
import { type Ev, execute, type Session } from './session';
import { fillTemplate } from './template';
import type { FinishReason, StrategyDef } from './types';

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
  /**
   * The most sub-questions the planning prompt asks for (v1 §3.3.2: "a manageable number of
   * steps"). The paper does not print its number; 4 is the most steps a MuSiQue question takes,
   * and MuSiQue is what the planner was trained on (v2 §C.1).
   */
  planStepLimit: number;
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
    planStepLimit: 4,
    maxPlanSteps: 8,
    sufficiencyCheck: true,
    maxTokens: 64,
    queryMaxTokens: 128,
    planMaxTokens: 256,
    temperature: 0,
    confidenceWeights: DEFAULT_CONFIDENCE_WEIGHTS,
  },
  prompts: APEX_PROMPTS,
  run: (ctx) => execute(apex, ctx, (s) => apexBody(s)),
};

/** The sub-question a fork cut into: what it had decided, found and tried so far. */
export interface ApexNodeResume {
  /** The sub-question with #n resolved (as its decision step holds it). */
  resolved: string;
  decision: 'answer' | 'retrieve';
  /** Fresh docs found for it so far. */
  found: Doc[];
  /** Queries tried for it so far. */
  tried: string[];
  /** Hops done for it. */
  hops: number;
  /** An edited query whose search step is stored: retrieve it first. */
  pendingQuery?: string;
  /** Its retrieval already ended (a stop decision, or nothing new came back). */
  stopped?: boolean;
  /** Search once more before answering it, without the continuation decision. */
  forceHop?: boolean;
}

/** Where a resumed APEX run starts (a fork): plan, knowledge and query history from stored steps. */
export interface ApexResume {
  lines: PlanLine[];
  /** Sub-answers so far, by plan step id. */
  answers: ReadonlyMap<string, string>;
  /** Accumulated knowledge items, in order. */
  knowledge: readonly string[];
  /** Ids of every doc retrieved so far (later retrievals mark them duplicate). */
  seen: ReadonlySet<string>;
  /** Index in `lines` of the first sub-question not finished. */
  next: number;
  /** Where that sub-question stands when the fork cut into it. */
  current?: ApexNodeResume;
  /** Skip the remaining sub-questions and synthesize now. */
  answerNow?: boolean;
}

/**
 * The APEX run: plan, sub-questions, synthesis. With `resume` the plan and the finished
 * sub-questions come from the fork's prefix and only what is left calls the model.
 */
export async function* apexBody(
  s: Session<ApexParams>,
  resume?: ApexResume,
): AsyncGenerator<Ev, FinishReason, undefined> {
  const p = s.params;
  const question = s.question.trim();
  const ask = (content: string): Prompt => ({ messages: [{ role: 'user', content }] });
  const opts = { maxTokens: p.maxTokens, temperature: p.temperature };
  const answers = new Map<string, string>(resume?.answers ?? []);
  const knowledge: string[] = [...(resume?.knowledge ?? [])];
  const knowledgeText = () => (knowledge.length > 0 ? knowledge.join('\n') : '(none)');
  const seen = new Set<string>(resume?.seen ?? []);

  let lines: PlanLine[];
  if (resume) lines = resume.lines;
  else if (!p.planning) {
    // Without planning (the "w/o Plan" ablation) the question itself is the one sub-question.
    lines = [{ id: '1', text: question, dependsOn: [] }];
  } else {
    // 1. Plan, with nodes appearing as their lines complete.
    let shown = 0;
    const planGen = yield* s.generate(
      { kind: 'plan' },
      {
        prompt: ask(fillTemplate(s.prompt('plan'), { question, maxSteps: p.planStepLimit })),
        maxTokens: p.planMaxTokens,
        temperature: p.temperature,
        watch: (streamed): Ev[] => {
          const ls = parsePlan(completeLines(streamed), p.maxPlanSteps);
          if (ls.length <= shown) return [];
          shown = ls.length;
          return [{ type: 'plan', nodes: planNodes(ls) }];
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
  // A resumed plan shows its finished sub-questions as they were.
  for (const n of nodes) {
    const a = answers.get(n.id);
    if (a !== undefined) Object.assign(n, { answer: a, status: 'done' });
  }
  yield { type: 'plan', nodes: nodes.map((n) => ({ ...n })) };
  const patchNode = (id: string, patch: Partial<PlanNode>): Ev => {
    const n = nodes.find((x) => x.id === id);
    if (n) Object.assign(n, patch);
    return { type: 'plan_node', id, patch };
  };

  // 2. Sub-questions in plan order.
  const from = resume?.answerNow ? lines.length : (resume?.next ?? 0);
  for (const [k, line] of lines.entries()) {
    if (k < from) continue;
    const planNode = line.id;
    const cur = resume && k === resume.next ? resume.current : undefined;
    const resolved = cur?.resolved ?? resolveRefs(line.text, answers);
    yield patchNode(planNode, { status: 'active', resolvedText: resolved });

    let decision: 'answer' | 'retrieve' = cur?.decision ?? 'retrieve';
    if (cur) {
      // The decision is in the fork's prefix.
    } else if (p.sufficiencyCheck) {
      const g = yield* s.generate(
        { kind: 'decision', planNode },
        {
          prompt: ask(
            fillTemplate(s.prompt('sufficiency'), { knowledge: knowledgeText(), question: resolved }),
          ),
          ...opts,
        },
      );
      // An unclear reply retrieves, and its step says so (apex-decision.ts).
      const read = readSufficiency(g.result.text);
      decision = read.decision;
      yield s.update(g.id, {
        decision,
        text: resolved,
        raw: g.result.text,
        ...(read.unclear ? { error: read.unclear } : {}),
      });
    } else {
      yield s.step({ kind: 'decision', planNode, decision, text: resolved });
    }

    const found: Doc[] = [...(cur?.found ?? [])];
    const tried: string[] = [...(cur?.tried ?? [])];
    const docsText = () => formatDocs(found, s.prompt('doc')) || '(none)';
    /** Retrieves `query` at `hop`; false when nothing new came back (retrieval ends). */
    async function* retrieveHop(hop: number, query: string) {
      tried.push(query);
      // Docs seen in an earlier hop or sub-question stay on the step, marked, but are not used again.
      const r = yield* s.retrieve({ planNode, hop }, [query], p.docsPerRetrieval, (docs) =>
        docs.map((d) => ({ ...d, duplicate: seen.has(d.id) })),
      );
      const fresh = r.docs.filter((d) => !d.duplicate);
      for (const d of r.docs) seen.add(d.id);
      if (fresh.length === 0) {
        yield s.step({ kind: 'decision', planNode, hop, decision: 'stop', text: 'nothing new came back' });
        return false;
      }
      found.push(...fresh);
      return true;
    }
    let go = decision === 'retrieve' && cur?.stopped !== true;
    let firstHop = (cur?.hops ?? 0) + 1;
    if (go && cur?.pendingQuery !== undefined) {
      go = yield* retrieveHop(cur.hops, cur.pendingQuery);
      firstHop = cur.hops + 1;
    }
    // "Search once more" may go one hop past Hmax.
    const maxHops = cur?.forceHop ? Math.max(p.maxHops, firstHop) : p.maxHops;
    if (go) {
      for (let hop = firstHop; hop <= maxHops; hop++) {
        const triedText = tried.length > 0 ? tried.map((q) => `- ${q}`).join('\n') : '(none)';
        const forced = cur?.forceHop === true && hop === firstHop;
        if (hop > 1 && hop < maxHops && !forced) {
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
          const read = readContinue(c.result.text);
          yield s.update(c.id, {
            decision: read.decision,
            text: c.result.text.trim(),
            raw: c.result.text,
            ...(read.unclear ? { error: read.unclear } : {}),
          });
          if (read.decision === 'stop') break;
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
        if (!(yield* retrieveHop(hop, query))) break;
        if (forced && cur?.forceHop) break;
      }
    }

    // Algorithm 2: "Answer" answers from the knowledge alone (AnswerFromKnowledge); after
    // retrieval the sub-answer reads the documents too (GenerateAnswer).
    const subPrompt =
      decision === 'answer'
        ? fillTemplate(s.prompt('answerFromKnowledge'), { knowledge: knowledgeText(), question: resolved })
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
    yield s.update(a.id, { text: sub, raw: a.result.text });
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
}
