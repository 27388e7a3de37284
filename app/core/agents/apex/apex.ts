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
// 3 docs per retrieval, up to 5 hops. The sub-question loop (Algorithm 2) is apex-subquestion.ts.
import type { PlanNode } from '../../schema/trajectory';
import { apexConfidence, DEFAULT_CONFIDENCE_WEIGHTS } from './apex-confidence';
import { firstLine } from './apex-decision';
import { completeLines, type PlanLine, parsePlan, planNodes, planText, resolveRefs } from './apex-plan';
import { APEX_PROMPTS } from './apex-prompts';
import { answerSubQuestion, type ApexRunState, ask, knowledgeText } from './apex-subquestion';
import type { ApexParams, ApexResume } from './apex-types';
import { type Ev, execute, type Session } from '../session';
import { fillTemplate } from '../template';
import type { FinishReason, StrategyDef } from '../types';

export { firstLine, parseContinue, parseSufficiency, queryFromReply } from './apex-decision';
export { APEX_PROMPTS } from './apex-prompts';
export type { ApexNodeResume, ApexParams, ApexResume } from './apex-types';

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

/** Step 1 (§3.2.1): the plan's lines, with nodes appearing as their lines complete. */
async function* planLines(
  s: Session<ApexParams>,
  question: string,
): AsyncGenerator<Ev, PlanLine[], undefined> {
  const p = s.params;
  // Without planning (the "w/o Plan" ablation) the question itself is the one sub-question.
  if (!p.planning) return [{ id: '1', text: question, dependsOn: [] }];
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
  const lines = parsePlan(planGen.result.text, p.maxPlanSteps);
  if (lines.length === 0) {
    yield s.update(planGen.id, {
      kind: 'invalid',
      raw: planGen.result.text,
      error: 'the plan has no numbered or bulleted sub-questions; the question is kept as a one-step plan',
    });
    return [{ id: '1', text: question, dependsOn: [] }];
  }
  yield s.update(planGen.id, { text: planText(lines), raw: planGen.result.text });
  return lines;
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
  const st: ApexRunState = {
    s,
    answers: new Map<string, string>(resume?.answers ?? []),
    knowledge: [...(resume?.knowledge ?? [])],
    seen: new Set<string>(resume?.seen ?? []),
  };

  // 1. Plan.
  const lines = resume ? resume.lines : yield* planLines(s, question);
  const nodes: PlanNode[] = planNodes(lines);
  // A resumed plan shows its finished sub-questions as they were.
  for (const n of nodes) {
    const a = st.answers.get(n.id);
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
    const cur = resume && k === resume.next ? resume.current : undefined;
    const resolved = cur?.resolved ?? resolveRefs(line.text, st.answers);
    yield patchNode(line.id, { status: 'active', resolvedText: resolved });
    const sub = yield* answerSubQuestion(st, line.id, resolved, cur);
    yield patchNode(line.id, sub === undefined ? { status: 'failed' } : { answer: sub, status: 'done' });
  }

  // 3. Final synthesis (§3.2.3).
  const f = yield* s.generate(
    { kind: 'answer' },
    {
      prompt: ask(fillTemplate(s.prompt('final'), { knowledge: knowledgeText(st), question })),
      maxTokens: p.maxTokens,
      temperature: p.temperature,
    },
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
