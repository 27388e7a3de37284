// APEX-Searcher logs (Chen et al. 2026, "APEX-Searcher: Augmenting LLMs' Search Capabilities
// through Agentic Planning and Execution"; docs/architecture.md §4). No public code for the log layout was
// found, so Hopscope defines it; the plan text follows the paper (numbered sub-questions, later
// ones naming earlier answers as #1, #2). Plans are read by the live run's own reader
// (agents/apex/apex-plan.ts): "1. …", "1) …", "Step 1: …", "**1.** …", the paper's own
// "(1) … (2) … #1" on one line (v1 Fig. 6), and bullets ("- …", v2 Table 3) numbered by position.
//
// 1. A plain-text plan file (one record per file):
//      Question: <question>            (optional; else the first line that is not a step)
//      Plan:                           (optional heading)
//      1. <sub-question>               (or "- <sub-question>" bullets)
//      2. <sub-question naming #1>
//      Final answer: <text>            (optional)    Confidence: <0..1>   (optional)
//
// 2. JSON objects (JSONL lines, array elements or one document):
//    {
//      "id": "q7",                         optional; kept as source.qid
//      "question": "…",
//      "golden_answers": ["…"],            gold; also "answers" / "answer" / "gold_answer"
//      "plan": "1. …\n2. … #1 …",          or ["…", "…"] or [{"id": "1", "question": "…"}]
//      "sub_questions": [                  optional execution log, one per plan step
//        {
//          "id": 1,                        plan step (default: position + 1)
//          "question": "…",                as planned (informational)
//          "resolved_question": "…",       #n replaced by earlier answers (computed if absent)
//          "decision": "retrieve",         knowledge sufficiency: "retrieve" | "answer", or the
//                                          model's reply, read as a live run reads it; an unclear
//                                          one is kept raw and flagged on its step
//                                          (or "sufficient": true; default: retrieve iff hops)
//          "hops": [                       up to Hmax retrieval rounds
//            { "query": "…",               or "queries": ["…"]
//              "docs": [{"id", "title", "text" | "contents", "score"}],  or strings
//              "continue": true }          optional continuation decision after this hop (or
//                                          "decision": "stop" | "continue" | the reply, read alike)
//          ],
//          "answer": "…"                   the sub-answer
//        }
//      ],
//      "final_answer": "…",                also "prediction" / "pred"
//      "confidence": 0.82                  in [0, 1]
//    }
//
// A `#n` naming a step that is not earlier in the plan (#5 in a 3-step plan, or a step naming
// itself) is a RecordError naming the plan line and field.
import { type DecisionOf, readContinue, readSufficiency } from '../../agents/apex/apex-decision';
import {
  PLAN_META_LINE,
  readPlanSteps,
  readStepLine,
  refsOf,
  resolveRefs,
} from '../../agents/apex/apex-plan';
import type { StepInput, TrajectoryEvent } from '../../schema/builder';
import type { Doc, PlanNode } from '../../schema/trajectory';
import { type FormatImporter, type RecordContext, RecordError } from '../types';
import { goldAnswers, isObj, type Obj, pickString, recordQid, reportedScores } from './xml-tags';

const SUB_KEYS = ['sub_questions', 'subquestions', 'sub_tasks', 'execution'] as const;
const FINAL_KEYS = ['final_answer', 'prediction', 'pred'] as const;
const TAGGED = /<\/?(?:search|information|answer|plan|query|think|reflection)\s*>/i;

interface PlanLine {
  id: string;
  text: string;
  dependsOn: string[];
}

interface Plan {
  nodes: PlanLine[];
  text: string;
}

/** Checks ids are unique and every #n names an earlier step; `where(i)` words the error. */
function checkPlan(nodes: PlanLine[], where: (i: number) => { label: string; field: string }): void {
  const seen = new Set<string>();
  nodes.forEach((n, i) => {
    const at = where(i);
    if (seen.has(n.id)) throw new RecordError(`${at.label}: step ${n.id} appears twice`, at.field);
    for (const ref of n.dependsOn)
      if (!seen.has(ref))
        throw new RecordError(
          `${at.label} ("${n.text}") refers to #${ref}, which is not an earlier step`,
          at.field,
        );
    seen.add(n.id);
  });
}

/** The steps of a plan text, as a live run reads them; other lines (headings, notes) are ignored. */
function planFromText(text: string, field: string, lineOffset = 0): Plan {
  const steps = readPlanSteps(text);
  const nodes = steps.map((st): PlanLine => ({ id: st.id, text: st.text, dependsOn: refsOf(st.text) }));
  const lineNos = steps.map((st) => st.line + lineOffset);
  if (nodes.length === 0)
    throw new RecordError(
      'the plan has no sub-questions: no numbered ("1. …", "(1) …") or bulleted ("- …") lines',
      field,
    );
  checkPlan(nodes, (i) => ({ label: `${field} line ${lineNos[i]}`, field }));
  return { nodes, text: nodes.map((n) => `${n.id}. ${n.text}`).join('\n') };
}

function planFromList(list: readonly unknown[], field: string): Plan {
  const nodes = list.map((item, i): PlanLine => {
    const at = `${field}.${i}`;
    let id = String(i + 1);
    let text: string;
    if (typeof item === 'string') text = item;
    else if (isObj(item)) {
      const t = pickString(item, ['question', 'sub_question', 'text']);
      if (!t) throw new RecordError('plan step without a question', at);
      text = t.value;
      const given = item.id ?? item.step;
      if (typeof given === 'number' || (typeof given === 'string' && given)) id = String(given);
    } else throw new RecordError('plan steps must be strings or objects', at);
    // "2. Where was #1 born?" or "(2) …" in a list: the number is the id, not part of the question.
    const numbered = readStepLine(text);
    if (numbered) {
      if (typeof item === 'string') id = numbered.id;
      text = numbered.text;
    }
    text = text.trim();
    return { id, text, dependsOn: refsOf(text) };
  });
  if (nodes.length === 0) throw new RecordError('the plan is empty', field);
  checkPlan(nodes, (i) => ({ label: `${field}.${i}`, field: `${field}.${i}` }));
  return { nodes, text: nodes.map((n) => `${n.id}. ${n.text}`).join('\n') };
}

function planOf(record: Obj): Plan {
  const p = record.plan;
  if (typeof p === 'string') return planFromText(p, 'plan');
  if (Array.isArray(p)) return planFromList(p, 'plan');
  throw new RecordError('expected `plan`: a numbered list as text, or a list of steps', 'plan');
}

// ---- Execution log ----------------------------------------------------------------------------

function toDoc(d: unknown, id: string, rank: number, query: string | undefined, field: string): Doc {
  let doc: Doc;
  if (typeof d === 'string') doc = splitContents(d, id, rank);
  else if (isObj(d)) {
    const body = pickString(d, ['text', 'contents', 'content', 'passage']);
    if (!body) throw new RecordError('document without text', field);
    doc =
      typeof d.title === 'string'
        ? { id, rank, text: body.value.trim(), title: d.title }
        : splitContents(body.value, id, rank);
    if (typeof d.id === 'string' || typeof d.id === 'number') doc.id = String(d.id);
    if (typeof d.score === 'number') doc.score = d.score;
  } else throw new RecordError('documents must be objects or strings', field);
  if (query !== undefined) doc.query = query;
  return doc;
}

/** `"Title"\ntext` (the wiki-corpus layout) or plain text. */
function splitContents(s: string, id: string, rank: number): Doc {
  const nl = s.indexOf('\n');
  if (nl > 0 && nl < 200) {
    const title = s
      .slice(0, nl)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    return { id, rank, title, text: s.slice(nl + 1).trim() };
  }
  return { id, rank, text: s.trim() };
}

interface Block {
  id: string;
  obj: Obj;
  field: string;
}

function blocksOf(record: Obj, plan: Plan): Map<string, Block> {
  const out = new Map<string, Block>();
  const key = SUB_KEYS.find((k) => Array.isArray(record[k]));
  if (!key) return out;
  const list = record[key] as unknown[];
  const ids = new Set(plan.nodes.map((n) => n.id));
  list.forEach((b, i) => {
    const field = `${key}.${i}`;
    if (!isObj(b)) throw new RecordError('sub-question entries must be objects', field);
    const given = b.id ?? b.step ?? b.index;
    const id =
      typeof given === 'number' || (typeof given === 'string' && given) ? String(given) : String(i + 1);
    if (!ids.has(id)) throw new RecordError(`sub-question ${id} is not a step of the plan`, `${field}.id`);
    out.set(id, { id, obj: b, field });
  });
  return out;
}

/**
 * A logged decision as the step keeps it: the reader's word ("Answer" → "answer"), the logged text
 * as `raw` where it was not that word, and why where it was unclear (as a live run's step says).
 */
function loggedDecision<D extends string>(logged: string, read: (reply: string) => DecisionOf<D>) {
  const r = read(logged);
  return {
    decision: r.decision,
    ...(logged.trim() !== r.decision ? { raw: logged } : {}),
    ...(r.unclear ? { error: r.unclear } : {}),
  };
}

function decisionOf(b: Obj, hops: readonly unknown[]): { decision: string; raw?: string; error?: string } {
  if (typeof b.decision === 'string' && b.decision.trim()) return loggedDecision(b.decision, readSufficiency);
  if (typeof b.sufficient === 'boolean') return { decision: b.sufficient ? 'answer' : 'retrieve' };
  if (typeof b.need_retrieval === 'boolean') return { decision: b.need_retrieval ? 'retrieve' : 'answer' };
  return { decision: hops.length > 0 ? 'retrieve' : 'answer' };
}

function hopSteps(node: string, hops: readonly unknown[], field: string): StepInput[] {
  const steps: StepInput[] = [];
  hops.forEach((h, i) => {
    const at = `${field}.${i}`;
    if (!isObj(h)) throw new RecordError('hops must be objects', at);
    const hop = i + 1;
    const queries = Array.isArray(h.queries)
      ? h.queries.filter((q): q is string => typeof q === 'string' && q.trim() !== '').map((q) => q.trim())
      : typeof h.query === 'string' && h.query.trim()
        ? [h.query.trim()]
        : [];
    if (queries.length === 0) throw new RecordError('hop without a query', `${at}.query`);
    steps.push({ kind: 'search', planNode: node, hop, queries });
    const rawDocs = h.docs ?? h.documents ?? h.retrieved ?? [];
    if (!Array.isArray(rawDocs)) throw new RecordError('`docs` must be a list', `${at}.docs`);
    const docs = rawDocs.map((d, k) =>
      toDoc(d, `${node}.${hop}.${k + 1}`, k + 1, queries[0], `${at}.docs.${k}`),
    );
    steps.push({ kind: 'retrieve', planNode: node, hop, queries, docs });
    if (typeof h.continue === 'boolean' || typeof h.decision === 'string') {
      const read =
        typeof h.decision === 'string'
          ? loggedDecision(h.decision, readContinue)
          : { decision: h.continue ? 'continue' : 'stop' };
      steps.push({ kind: 'decision', planNode: node, hop, ...read });
    }
  });
  return steps;
}

/** Events for one sub-question: its decision, hops and sub-answer, and the node's progress. */
function blockEvents(node: PlanLine, block: Block, answers: Map<string, string>): TrajectoryEvent[] {
  const b = block.obj;
  const hops = b.hops ?? b.retrievals ?? b.rounds ?? [];
  if (!Array.isArray(hops)) throw new RecordError('`hops` must be a list', `${block.field}.hops`);
  const given = pickString(b, ['resolved_question', 'resolved']);
  const resolvedText = given ? given.value.trim() : resolveRefs(node.text, answers);
  const events: TrajectoryEvent[] = [
    { type: 'plan_node', id: node.id, patch: { status: 'active', resolvedText } },
    {
      type: 'step',
      step: { kind: 'decision', planNode: node.id, ...decisionOf(b, hops), text: resolvedText },
    },
  ];
  for (const step of hopSteps(node.id, hops, `${block.field}.hops`)) events.push({ type: 'step', step });
  const answer = pickString(b, ['answer', 'sub_answer']);
  if (answer) {
    const text = answer.value.trim();
    answers.set(node.id, text);
    events.push({ type: 'step', step: { kind: 'sub_answer', planNode: node.id, text } });
    events.push({ type: 'plan_node', id: node.id, patch: { resolvedText, answer: text, status: 'done' } });
  } else {
    events.push({ type: 'plan_node', id: node.id, patch: { resolvedText, status: 'failed' } });
  }
  return events;
}

// ---- Records ----------------------------------------------------------------------------------

interface Parsed {
  question: string;
  plan: Plan;
  rawPlan: string;
  blocks: Map<string, Block>;
  final?: string;
  confidence?: number;
  obj: Obj;
}

function checkConfidence(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || Number.isNaN(v) || v < 0 || v > 1)
    throw new RecordError(`confidence must be a number in [0, 1], got ${JSON.stringify(v)}`, field);
  return v;
}

function parseText(text: string): Parsed {
  const lines = text.split('\n');
  let question = '';
  let final: string | undefined;
  let confidence: number | undefined;
  for (const line of lines) {
    const q = /^\s*question\s*:\s*(.+)$/i.exec(line);
    const a = /^\s*(?:final answer|answer)\s*:\s*(.+)$/i.exec(line);
    const c = /^\s*confidence\s*:\s*(.+)$/i.exec(line);
    if (q && !question) question = (q[1] ?? '').trim();
    else if (a) final = (a[1] ?? '').trim();
    else if (c) confidence = checkConfidence(Number((c[1] ?? '').trim()), 'confidence');
  }
  const plan = planFromText(text, 'plan');
  if (!question) {
    const stepLines = new Set(readPlanSteps(text).map((st) => st.line));
    question =
      lines.find((l, i) => l.trim() && !stepLines.has(i + 1) && !PLAN_META_LINE.test(l))?.trim() ?? '';
  }
  const out: Parsed = { question, plan, rawPlan: text, blocks: new Map(), obj: {} };
  if (final !== undefined) out.final = final;
  if (confidence !== undefined) out.confidence = confidence;
  return out;
}

function parseObject(o: Obj): Parsed {
  const plan = planOf(o);
  const q = pickString(o, ['question', 'query', 'input']);
  const out: Parsed = {
    question: q ? q.value.trim() : '',
    plan,
    rawPlan: typeof o.plan === 'string' ? o.plan : plan.text,
    blocks: blocksOf(o, plan),
    obj: o,
  };
  const final = pickString(o, FINAL_KEYS);
  if (final) out.final = final.value.trim();
  const confidence = checkConfidence(o.confidence, 'confidence');
  if (confidence !== undefined) out.confidence = confidence;
  return out;
}

function toEvents(p: Parsed, ctx: RecordContext, raw: string): TrajectoryEvent[] {
  const start: TrajectoryEvent & { type: 'start' } = {
    type: 'start',
    question: p.question,
    source: { kind: 'import', format: 'apex', file: ctx.file, line: ctx.line },
    agent: { strategy: 'apex', params: {} },
    raw,
  };
  const qid = recordQid(p.obj);
  if (qid) start.source.qid = qid;
  if (typeof p.obj.model === 'string') start.agent.model = p.obj.model;
  const answers = goldAnswers(p.obj);
  if (answers.length > 0) start.gold = { answers };
  const reported = reportedScores(p.obj, ['score', 'em', 'f1', 'acc', 'sepr']);
  if (reported) start.reported = reported;
  const nodes: PlanNode[] = p.plan.nodes.map((n) => ({
    id: n.id,
    text: n.text,
    dependsOn: n.dependsOn,
    status: 'pending',
  }));
  const events: TrajectoryEvent[] = [
    start,
    { type: 'plan', nodes },
    { type: 'step', step: { kind: 'plan', text: p.plan.text, raw: p.rawPlan } },
  ];
  const subAnswers = new Map<string, string>();
  for (const node of p.plan.nodes) {
    const block = p.blocks.get(node.id);
    if (block) events.push(...blockEvents(node, block, subAnswers));
  }
  if (p.final !== undefined) {
    const step: StepInput = { kind: 'answer', text: p.final };
    events.push({ type: 'step', step });
    events.push(
      p.confidence !== undefined
        ? { type: 'answer', text: p.final, confidence: p.confidence }
        : { type: 'answer', text: p.final },
    );
  }
  events.push({ type: 'finish', reason: p.final !== undefined ? 'answer' : 'no_answer' });
  return events;
}

// ---- Detection --------------------------------------------------------------------------------

function stepCount(text: string): number {
  return readPlanSteps(text).length;
}

/** Mostly a numbered list (≥ 2 steps) naming earlier answers as #n, or under a "Plan:" heading. */
function scoreText(text: string): number {
  if (TAGGED.test(text)) return 0;
  const lines = text.split('\n').filter((l) => l.trim() && !PLAN_META_LINE.test(l));
  const steps = stepCount(text);
  if (steps < 2 || steps / Math.max(1, lines.length) < 0.6) return 0;
  return /#\d+/.test(text) || /^\s*plan\s*:/im.test(text) ? 0.8 : 0;
}

function scoreObject(o: Obj): number {
  if (typeof o.plan === 'string') {
    if (stepCount(o.plan) >= 1) return 0.9;
    // A question with a plan is an APEX record even when its plan cannot be read: it is reported
    // as one, not read by a format that knows only its question (FlashRAG's dataset records).
    return typeof o.question === 'string' ? 0.5 : 0;
  }
  if (Array.isArray(o.plan) && o.plan.length > 0) return 0.9;
  return 0;
}

export const apexFormat: FormatImporter = {
  id: 'apex',
  label: 'APEX-Searcher plan + execution log',
  detect(sample) {
    if (sample.length === 0) return 0;
    const scores = sample.map((r) => (typeof r === 'string' ? scoreText(r) : isObj(r) ? scoreObject(r) : 0));
    const hits = scores.filter((s) => s > 0);
    // A plan log with a few broken lines is still a plan log: a majority decides.
    if (hits.length * 2 < sample.length) return 0;
    return Math.min(...hits);
  },
  toEvents(record: unknown, ctx: RecordContext): TrajectoryEvent[] {
    if (typeof record === 'string') return toEvents(parseText(record), ctx, record);
    if (!isObj(record)) throw new RecordError('expected a plan text or a JSON object with `plan`');
    return toEvents(parseObject(record), ctx, JSON.stringify(record));
  },
};
