// Model probes of over- and under-searching: questions put to a model about one trajectory, whose
// replies become verdicts beside the trace-only detector's. Pure: `planProbes` lists the model
// calls (chat generations and teacher-forced scores), `probeVerdicts` turns their outputs into
// verdicts with quoted evidence; app/services/probe-calls.ts runs the calls and caches them. The four
// probes follow the literature the labelling guidelines cite (docs/diagnose.md, "Model probes"):
//   no-retrieval  HiPRAG: a search is superfluous when the model, asked the search's query without
//                 retrieval, already gives the conclusion the trajectory drew after searching.
//   closed-book   SAAS: a rollout with search disabled; a correct closed-book answer makes every
//                 search unnecessary, a wrong one makes an answer given without search an under-search.
//   answer-now    DAS: at each decision point (after 0, 1, … n searches) the model answers from the
//                 passages retrieved so far; the first correct point is the sufficiency point,
//                 searching past it is over-search, and a stop with no correct point stopped too early.
//   info-gain     IG-Search: a hop's gain is log p(gold | question, its passages) minus
//                 log p(gold | question, as many random passages); no gain means the hop added nothing.
// The probes test the model the user configured, which may not be the agent's own model: a verdict
// says what that model can do, and the panel names it.
import { sameValue } from '../metrics/answer-forms';
import { NEAR_MISS_F1 } from '../metrics/answer-verdict';
import { exactMatch, f1Score } from '../metrics/answer';
import { containsAnyAnswer, normalizeAnswer } from '../metrics/normalize';
import { answerIsUninformative } from '../metrics/query-overlap';
import { finalAnswerText } from '../metrics/trajectory-metrics';
import { goldAnswers, isRetrievalStep } from '../metrics/trajectory-parts';
import type { ChatMessage } from '../llm/types';
import type { Doc, Trajectory } from '../schema/trajectory';
import { quote, type SearchHop, searchHops } from './hops';

export const PROBE_KINDS = ['no-retrieval', 'closed-book', 'answer-now', 'info-gain'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** Bumped when a prompt changes, so cached replies to the old wording are not reused. */
export const PROBE_VERSION = 1;

export const PROBE_INFO: Record<ProbeKind, { name: string; source: string; definition: string }> = {
  'no-retrieval': {
    name: 'Answer without retrieval',
    source: 'HiPRAG',
    definition:
      "each search's query asked without retrieval; over-search when the reply is the conclusion the trajectory drew after that search",
  },
  'closed-book': {
    name: 'Search-disabled rollout',
    source: 'SAAS',
    definition:
      'the question answered with search disabled; correct → the searches were unnecessary, wrong on a trajectory that never searched → under-search',
  },
  'answer-now': {
    name: 'Answer now',
    source: 'DAS',
    definition:
      'at each decision point the model answers from the passages retrieved so far; the first correct point is the sufficiency point, searches after it are over-search, a stop with none correct is under-search',
  },
  'info-gain': {
    name: 'Information gain',
    source: 'IG-Search',
    definition:
      "log p(gold | question, the hop's passages) − log p(gold | question, as many random passages), teacher-forced; gain ≤ 0 → the hop added no information",
  },
};

/** Trajectories with more searches are probed closed-book only: a call per search would be thousands. */
export const MAX_PROBED_SEARCHES = 64;

/** Passages shown to the model at one point, and the characters kept of each (prompt size bound). */
export const MAX_PROBE_PASSAGES = 20;
export const PASSAGE_CHARS = 400;
/** A reply longer than this (in words) that merely contains gold is not counted as that answer. */
export const SHORT_ANSWER_WORDS = 8;

export type ProbeCall =
  | { id: string; probe: ProbeKind; type: 'generate'; messages: ChatMessage[] }
  | { id: string; probe: 'info-gain'; type: 'score'; messages: ChatMessage[]; continuation: string };

export type ProbeOutput = { text: string } | { logprob: number };

export interface ProbePlan {
  calls: ProbeCall[];
  /** Probes that cannot run on this trajectory, and why. */
  skipped: { probe: ProbeKind; reason: string }[];
}

export type ProbeVerdictKind = 'over-search' | 'under-search' | 'sufficiency' | 'necessary';

export interface ProbeVerdict {
  probe: ProbeKind;
  kind: ProbeVerdictKind;
  /** 1-based search; for sufficiency, 0 means before any search. */
  search?: number;
  stepId?: string;
  evidence: string;
}

const SHORT_ANSWER =
  'Reply with the answer only, in as few words as possible, or with "unknown" if you cannot tell.';

function passageBlock(docs: readonly Doc[]): string {
  return docs
    .map((d, i) => {
      const text = d.text.length > PASSAGE_CHARS ? `${d.text.slice(0, PASSAGE_CHARS - 1)}…` : d.text;
      return `(${i + 1}) ${d.title ? `${d.title}: ` : ''}${text.replace(/\s+/g, ' ')}`;
    })
    .join('\n');
}

/** The question alone, from the model's own knowledge (no-retrieval, closed-book, answer-now at 0). */
export function closedBookMessages(question: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `Answer the question from your own knowledge; you cannot search. ${SHORT_ANSWER}`,
    },
    { role: 'user', content: question },
  ];
}

/** The question with passages; with none it is exactly the closed-book prompt (one cached reply). */
export function withPassagesMessages(question: string, docs: readonly Doc[]): ChatMessage[] {
  if (docs.length === 0) return closedBookMessages(question);
  return [
    {
      role: 'system',
      content: `Answer the question using the passages and your own knowledge; you cannot search further. ${SHORT_ANSWER}`,
    },
    { role: 'user', content: `Passages:\n${passageBlock(docs)}\n\nQuestion: ${question}` },
  ];
}

/** The passages retrieved by searches 1..p, each once, in order, at most MAX_PROBE_PASSAGES. */
function passagesUpTo(hops: readonly SearchHop[], p: number): Doc[] {
  const seen = new Set<string>();
  const out: Doc[] = [];
  for (const h of hops.slice(0, p))
    for (const d of h.docs) {
      const k = `${d.title ?? ''}\u0000${d.text}`;
      if (seen.has(k) || out.length >= MAX_PROBE_PASSAGES) continue;
      seen.add(k);
      out.push(d);
    }
  return out;
}

/**
 * The model calls `kinds` need on `t`. `randomDocs(hop)` gives the random passages info-gain
 * compares a hop with (as many as the hop brought); return [] when there are none to draw from.
 */
export function planProbes(
  t: Trajectory,
  kinds: readonly ProbeKind[],
  randomDocs: (hop: SearchHop) => Doc[],
): ProbePlan {
  const hops = searchHops(t);
  const golds = goldAnswers(t);
  const calls: ProbeCall[] = [];
  const skipped: ProbePlan['skipped'] = [];
  for (const probe of kinds) {
    if (probe !== 'closed-book' && hops.length > MAX_PROBED_SEARCHES) {
      skipped.push({
        probe,
        reason: `${hops.length} searches: probed per search up to ${MAX_PROBED_SEARCHES} only`,
      });
      continue;
    }
    if (probe === 'no-retrieval') {
      if (hops.length === 0) skipped.push({ probe, reason: 'no search to probe' });
      for (const h of hops)
        calls.push({
          id: `no-retrieval/${h.search}`,
          probe,
          type: 'generate',
          messages: closedBookMessages(h.query),
        });
      continue;
    }
    if (golds.length === 0) {
      skipped.push({ probe, reason: 'no gold answer to compare with' });
      continue;
    }
    if (probe === 'closed-book')
      calls.push({ id: 'closed-book', probe, type: 'generate', messages: closedBookMessages(t.question) });
    else if (probe === 'answer-now')
      for (let p = 0; p <= hops.length; p++)
        calls.push({
          id: `answer-now/${p}`,
          probe,
          type: 'generate',
          messages: withPassagesMessages(t.question, passagesUpTo(hops, p)),
        });
    else {
      const gold = golds[0] as string;
      const withDocs = hops.filter((h) => h.docs.length > 0);
      if (withDocs.length === 0) skipped.push({ probe, reason: 'no search brought passages' });
      for (const h of withDocs) {
        const random = randomDocs(h);
        if (random.length === 0) {
          skipped.push({ probe, reason: 'no corpus to draw random passages from' });
          break;
        }
        const docs = h.docs.slice(0, MAX_PROBE_PASSAGES);
        calls.push(
          {
            id: `info-gain/${h.search}/docs`,
            probe,
            type: 'score',
            messages: withPassagesMessages(t.question, docs),
            continuation: gold,
          },
          {
            id: `info-gain/${h.search}/random`,
            probe,
            type: 'score',
            messages: withPassagesMessages(t.question, random.slice(0, docs.length)),
            continuation: gold,
          },
        );
      }
    }
  }
  return { calls, skipped };
}

/** A probe reply as an answer: tags, "Answer:" and trailing sentences removed; '' for "unknown". */
export function probeAnswer(reply: string): string {
  let s = reply.replace(/<think>[\s\S]*?<\/think>/g, '');
  const tagged = /<answer>([\s\S]*?)(?:<\/answer>|$)/.exec(s);
  if (tagged) s = tagged[1] ?? '';
  s = s.trim().split('\n')[0] ?? '';
  s = s.replace(/^(final\s+)?answer\s*[:-]\s*/i, '').trim();
  return /^(unknown|i (do not|don't) know|not sure)\b/i.test(s) ? '' : s;
}

/** Whether a probe's answer is the gold answer: EM, the same date or number, F1 ≥ 0.8, or a short reply holding gold. */
export function probeCorrect(answer: string, golds: readonly string[]): boolean {
  if (answer === '' || golds.length === 0) return false;
  if (exactMatch(answer, golds) === 1 || sameValue(answer, golds) !== null) return true;
  if (f1Score(answer, golds) >= NEAR_MISS_F1) return true;
  const words = normalizeAnswer(answer).split(' ').filter(Boolean).length;
  return words <= SHORT_ANSWER_WORDS && containsAnyAnswer(answer, golds);
}

/**
 * What the trajectory concluded after each hop: the text of the steps after its last retrieval up
 * to the next search, by search number. One pass over the steps.
 */
export function hopConclusions(t: Trajectory, hops: readonly SearchHop[]): Map<number, string> {
  const endOf = new Map(hops.map((h) => [h.lastStepId, h.search]));
  const out = new Map<number, string[]>();
  let open: number | undefined;
  for (const s of t.steps) {
    if (s.kind === 'search') open = undefined;
    if (open !== undefined && !isRetrievalStep(s) && s.text) out.get(open)?.push(s.text);
    const ended = endOf.get(s.id);
    if (ended !== undefined) {
      open = ended;
      out.set(ended, []);
    }
  }
  return new Map([...out].map(([k, parts]) => [k, parts.join(' ')]));
}

const textOf = (o: ProbeOutput | undefined) => (o && 'text' in o ? o.text : undefined);
const lpOf = (o: ProbeOutput | undefined) => (o && 'logprob' in o ? o.logprob : undefined);
const nats = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}`;
const said = (a: string) => (a === '' ? 'does not know' : `answers ${quote(a, 80)}`);

/** Verdicts from the outputs at hand (calls without an output give no verdict yet). */
export function probeVerdicts(
  t: Trajectory,
  kinds: readonly ProbeKind[],
  outputs: ReadonlyMap<string, ProbeOutput>,
): ProbeVerdict[] {
  const hops = searchHops(t);
  const golds = goldAnswers(t);
  const gold = quote(golds[0] ?? '', 80);
  const out: ProbeVerdict[] = [];
  for (const probe of kinds) {
    if (probe === 'no-retrieval') {
      const conclusions = hopConclusions(t, hops);
      for (const h of hops) {
        const reply = textOf(outputs.get(`no-retrieval/${h.search}`));
        if (reply === undefined) continue;
        const a = probeAnswer(reply);
        const conclusion = conclusions.get(h.search) ?? '';
        const base = { probe, search: h.search, stepId: h.step.id };
        const asked = `Asked ${quote(h.query, 80)} without retrieval, the model ${said(a)}`;
        if (a === '') out.push({ ...base, kind: 'necessary', evidence: `${asked}.` });
        else if (conclusion === '')
          continue; // nothing recorded after the search to compare with
        else if (!answerIsUninformative(h.query, [a]) && containsAnyAnswer(conclusion, [a]))
          out.push({
            ...base,
            kind: 'over-search',
            evidence: `${asked}, which the conclusion after the search already states: ${quote(conclusion)}.`,
          });
        else
          out.push({
            ...base,
            kind: 'necessary',
            evidence: `${asked}; the conclusion after the search is ${quote(conclusion)}.`,
          });
      }
    } else if (probe === 'closed-book') {
      const reply = textOf(outputs.get('closed-book'));
      if (reply === undefined || golds.length === 0) continue;
      const a = probeAnswer(reply);
      const ok = probeCorrect(a, golds);
      const first = hops[0];
      if (ok && hops.length > 0)
        out.push({
          probe,
          kind: 'over-search',
          ...(first ? { stepId: first.step.id } : {}),
          evidence: `With search disabled the model ${said(a)}, which matches gold ${gold}: the ${hops.length} search${hops.length === 1 ? ' was' : 'es were'} not needed.`,
        });
      else if (!ok && hops.length === 0 && finalAnswerText(t) !== undefined)
        out.push({
          probe,
          kind: 'under-search',
          evidence: `The agent answered without searching, but with search disabled the model ${said(a)}, not gold ${gold}.`,
        });
    } else if (probe === 'answer-now') {
      if (golds.length === 0) continue;
      const answers: (string | undefined)[] = [];
      for (let p = 0; p <= hops.length; p++) {
        const reply = textOf(outputs.get(`answer-now/${p}`));
        answers.push(reply === undefined ? undefined : probeAnswer(reply));
      }
      // Every point must be in hand: a later correct point says nothing about an earlier one.
      if (answers.some((a) => a === undefined)) continue;
      const point = answers.findIndex((a) => probeCorrect(a ?? '', golds));
      if (point >= 0) {
        const at = point > 0 ? hops[point - 1] : undefined;
        const where = point === 0 ? 'Before any search' : `After search ${point}`;
        out.push({
          probe,
          kind: 'sufficiency',
          search: point,
          ...(at ? { stepId: at.step.id } : {}),
          evidence: `${where} the model ${said(answers[point] ?? '')} (gold ${gold}).`,
        });
        for (const h of hops.slice(point))
          out.push({
            probe,
            kind: 'over-search',
            search: h.search,
            stepId: h.step.id,
            evidence: `Kept searching with enough in hand: ${where.toLowerCase()} the model already ${said(answers[point] ?? '')}.`,
          });
      } else if (finalAnswerText(t) !== undefined) {
        const last = hops[hops.length - 1];
        out.push({
          probe,
          kind: 'under-search',
          ...(last ? { stepId: last.step.id } : {}),
          evidence: `Stopped too early: given every passage retrieved (${hops.length} search${hops.length === 1 ? '' : 'es'}) the model ${said(answers[hops.length] ?? '')}, not gold ${gold}.`,
        });
      }
    } else {
      for (const h of hops) {
        const withDocs = lpOf(outputs.get(`info-gain/${h.search}/docs`));
        const random = lpOf(outputs.get(`info-gain/${h.search}/random`));
        if (withDocs === undefined || random === undefined) continue;
        const gain = withDocs - random;
        out.push({
          probe,
          kind: gain > 0 ? 'necessary' : 'over-search',
          search: h.search,
          stepId: h.step.id,
          evidence: `log p(${gold}) is ${withDocs.toFixed(2)} with this search's passages and ${random.toFixed(2)} with random ones: gain ${nats(gain)} nats.`,
        });
      }
    }
  }
  return out;
}

/** Per probe, the 1-based searches it judges redundant (the form the trace detector reports). */
export function probeOverSearch(
  verdicts: readonly ProbeVerdict[],
  probe: ProbeKind,
  searches: number,
): number[] {
  const mine = verdicts.filter((v) => v.probe === probe && v.kind === 'over-search');
  if (mine.some((v) => v.search === undefined)) return Array.from({ length: searches }, (_, i) => i + 1);
  return [...new Set(mine.map((v) => v.search as number))].sort((a, b) => a - b);
}
