// Under-search (labelling guidelines, `under_search`; ExSearch's and DAS's "stops too early"):
// the agent gave its final answer while the evidence in hand did not support the gold answer, i.e.
// it stopped with the sufficiency point unreached. This covers answering with no search on a
// question the model could not answer, following the wrong entity (the answer comes from a
// passage about another entity, quoted as evidence), and correct answers that were lucky guesses.
// Without gold, the trace-only signals are the answer itself (no retrieved passage states it) and
// a plan node no search worked on (the missing hop).
// Not detectable from the trace: that the retriever could never have returned the missing fact
// (the guidelines then say false); such a trajectory is flagged, and a person rejects the flag.
import type { AnswerVerdict } from '../metrics/answer-verdict';
import { goldAnswers } from '../metrics/trajectory-parts';
import type { Trajectory } from '../schema/trajectory';
import { excerpt, passageName, quote, type SearchHop } from './hops';
import { statedAnswer } from './passage-match';
import { questionEntities } from './question-kind';
import { normalizeText } from '../metrics/normalize';
import type { Sufficiency } from './sufficiency';

export interface UnderSearch {
  under: boolean;
  evidence: string;
  /** The step the flag links to: the final answer's. */
  stepId?: string;
}

/** Where the agent's own answer came from: the first passage stating it. */
function answerSource(pred: string, hops: readonly SearchHop[]): string | null {
  for (const h of hops)
    for (const d of h.docs)
      if (statedAnswer(d, [pred]) !== null)
        return `its answer comes from ${passageName(d, h.search)}: ${excerpt(d.text, pred.split(/[ ,]/)[0] ?? pred)}`;
  return null;
}

/**
 * Most items an evidence line names (plan nodes, entities); the rest are counted. A 200,000-node
 * plan with no searches named every node: an 11.8 MB line the page then laid out (8 s).
 */
export const EVIDENCE_ITEMS = 5;

/** `named` (the first of `total` items) joined by `sep`, then how many more there are. */
function someOf(named: readonly string[], total: number, sep: string, more: string): string {
  const rest = total - named.length;
  return rest > 0 ? `${named.join(sep)}${sep}and ${rest.toLocaleString('en')} more ${more}` : named.join(sep);
}

/** Plan nodes no search worked on (judged only when steps say which node they work on). */
function unsearchedNodes(t: Trajectory): { named: string[]; count: number } {
  if (!t.plan || !t.steps.some((s) => s.planNode !== undefined)) return { named: [], count: 0 };
  // Once per step, not per node and step (200,000 nodes × the steps).
  const searched = new Set<string>();
  for (const s of t.steps) if (s.kind === 'search' && s.planNode !== undefined) searched.add(s.planNode);
  const named: string[] = [];
  let count = 0;
  for (const n of t.plan) {
    if (searched.has(n.id)) continue;
    if (count++ < EVIDENCE_ITEMS)
      named.push(
        `plan node ${n.id} ${quote(n.resolvedText ?? n.text, 80)} (${n.status}) has no search step${n.answer !== undefined ? `; answered ${quote(n.answer, 60)} without retrieval` : ''}`,
      );
  }
  return { named, count };
}

/** Entities the question names that no query asked about: the hop that may be missing. */
function unsearched(t: Trajectory, hops: readonly SearchHop[]): string[] {
  const asked = ` ${hops.map((h) => normalizeText(h.query)).join(' ')} `;
  return questionEntities(t.question).filter((e) => !asked.includes(` ${normalizeText(e)} `));
}

export function underSearch(
  t: Trajectory,
  hops: readonly SearchHop[],
  pred: string | undefined,
  suff: Sufficiency,
  verdict: AnswerVerdict | null,
): UnderSearch {
  // The answer step, else the last step (some logs carry the answer only as a field).
  const answerStep = [...t.steps].reverse().find((s) => s.kind === 'answer') ?? t.steps[t.steps.length - 1];
  const at = answerStep ? { stepId: answerStep.id } : {};
  if (pred === undefined || pred.trim() === '') return { under: false, evidence: 'No final answer.' };
  const nodes = unsearchedNodes(t);
  const hop =
    nodes.count > 0
      ? ` Missing hop: ${someOf(nodes.named, nodes.count, '; ', 'plan nodes with no search step')}.`
      : '';
  if (suff.rule === 'no-gold') {
    // Without gold, an unsearched plan node is the missing hop the guidelines name.
    if (nodes.count > 0) return { under: true, evidence: `No gold.${hop}`, ...at };
    const source = answerSource(pred, hops);
    return source
      ? { under: false, evidence: `No gold; ${source}.`, ...at }
      : {
          under: true,
          evidence: `No gold, and no retrieved passage states the answer ${quote(pred, 60)}.`,
          ...at,
        };
  }
  if (suff.point !== null)
    return {
      under: false,
      evidence: `Answered after the evidence was sufficient (search ${suff.point}).`,
      ...at,
    };
  // The retriever, not the stopping point, is to blame (the guidelines' exception).
  const lacks = suff.chain?.unretrievable;
  if (lacks)
    return {
      under: false,
      evidence: `Answered ${quote(pred, 60)} with the evidence never sufficient, but a further search could not plausibly have found the missing link: ${lacks}.`,
      ...at,
    };
  const n = hops.length;
  const parts = [
    `Answered ${quote(pred, 60)} after ${n} search${n === 1 ? '' : 'es'} with the evidence never sufficient: ${suff.evidence}`,
  ];
  const source = answerSource(pred, hops);
  if (source) parts.push(`${source[0]?.toUpperCase()}${source.slice(1)}.`);
  else if (n > 0) parts.push('No retrieved passage states the answer either.');
  if (verdict && verdict.kind !== 'wrong')
    parts.push('The answer matches the gold: a guess the evidence did not support.');
  const missing = unsearched(t, hops);
  if (n > 0 && missing.length > 0)
    parts.push(
      `Never searched: ${someOf(
        missing.slice(0, EVIDENCE_ITEMS).map((e) => quote(e, 40)),
        missing.length,
        ', ',
        'entities',
      )}.`,
    );
  if (hop) parts.push(hop.trim());
  if (goldAnswers(t).length > 0 && n === 0)
    parts.push(
      `Gold: ${goldAnswers(t)
        .map((a) => quote(a, 60))
        .join(' / ')}.`,
    );
  return { under: true, evidence: parts.join(' '), ...at };
}
