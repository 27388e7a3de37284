// The sufficiency point: the smallest k such that the passages of searches 1..k support the gold
// answer (labelling guidelines, `first_sufficient_search`; ExSearch §5 and "Learning When to
// Search" §3 ask the same question of a trajectory: when did the agent have enough?). Trace-only,
// as an evidence chain (evidence-chain.ts) where the question's shape is known:
// - a joined question set's plan with step answers (MuSiQue, 2Wiki evidences): every step's answer
//   retrieved;
// - gold supporting passages (HotpotQA/MuSiQue supporting facts): all retrieved;
// - comparisons: the compared attribute's value for every side, through its bridge entity when
//   the question has one; bridge questions: the bridge entity named, then its attribute;
// - otherwise a retrieved passage states a gold answer or alias (dates and numbers as values) and
//   the question reaches it (it names a question entity, or is the page of an entity named beside
//   one; list and disambiguation pages reach nothing);
// - comparisons of something else, where the answer (yes, no, a side) says nothing: every side's
//   own page says what the question asks of it (compared-sides.ts);
// - yes/no questions that compare nothing, or whose sides' pages never say it: every entity the
//   question names appears in the retrieved passages (question-kind.ts);
// - no search: 0 when the answer is correct (common knowledge sufficed), else never.
// Sufficiency is about the gold answer, not the agent's: it can be reached and still be ignored.
// `{ chain: false }` gives the rules before the chain (answer containment), kept as the bench's
// baseline.
import { goldAnswers } from '../metrics/trajectory-parts';
import { docHaystack, normalizeText, normalizeTitle } from '../metrics/normalize';
import type { Doc, Trajectory } from '../schema/trajectory';
import { excerpt, passageName, quote, type SearchHop } from './hops';
import { statedAnswer } from './passage-match';
import { answerChain } from './answer-chain';
import { comparedSidesChain } from './compared-sides';
import { type EvidenceChain, goldPlanChain, structuredChain } from './evidence-chain';
import type { KnownAnswer } from './known-answer';
import { descriptionWords } from './description';
import { askedRelations, relationWords } from './asked-relation';
import { contentWords, isUninformative, namesNoEntity, questionEntities } from './question-kind';
import { questionNeeds } from './question-needs';
import {
  answerReading,
  comparedReading,
  FALLBACK_READING,
  patternReading,
  questionSetReading,
  type Reading,
  type SufficiencyBasis,
} from './verdict-basis';

export interface Sufficiency {
  /** 1-based search; 0 = no search needed; null = never sufficient. */
  point: number | null;
  /** Why, quoted from the trajectory; empty when there is nothing to say. */
  evidence: string;
  /** The same in a few words, for the flags that point back to it. */
  brief?: string;
  /** Which rule decided the point. */
  rule:
    | 'no-gold'
    | 'no-search'
    | 'supporting-passages'
    | 'evidence-chain'
    | 'answer-in-passage'
    | 'entities-covered'
    | 'known-before-search'
    | 'never';
  /** The links that make the evidence sufficient, or those found and the first missing one. */
  chain?: EvidenceChain;
  /**
   * Never sufficient because no retrieved passage holds a gold answer in any form the rules know
   * (not even in a list or on a page the question does not reach).
   */
  goldAbsent?: boolean;
  /** How the verdict was reached (verdict-basis.ts): what the analyser understood of the question. */
  basis: SufficiencyBasis;
  /** The same for a reader: "a bridge question: the director, then its birthplace". */
  reading: string;
}

function docWords(d: Doc): string {
  return docHaystack(d).hay;
}

function bySupporting(t: Trajectory, hops: readonly SearchHop[]): Verdict | null {
  const supporting = t.gold?.supporting ?? [];
  if (supporting.length === 0) return null;
  const need = new Map<string, { docId?: string; title: string; label: string }>();
  for (const s of supporting) {
    const title = normalizeTitle(s.title ?? '');
    need.set(`${s.docId ?? ''}\u0000${title}`, {
      ...(s.docId !== undefined ? { docId: s.docId } : {}),
      title,
      label: s.title ?? s.docId ?? '',
    });
  }
  const found = new Map<string, string>();
  for (const h of hops) {
    for (const d of h.docs) {
      const t2 = normalizeTitle(d.title ?? '');
      for (const [key, n] of need)
        if (
          !found.has(key) &&
          ((n.docId !== undefined && n.docId === d.id) || (n.title !== '' && n.title === t2))
        )
          found.set(key, passageName(d, h.search));
    }
    if (found.size === need.size)
      return {
        point: h.search,
        rule: 'supporting-passages',
        brief: `all gold supporting passages retrieved`,
        evidence: `All ${need.size} gold supporting passages retrieved by search ${h.search}: ${[...found.values()].join(', ')}.`,
      };
  }
  const missing = [...need.entries()].filter(([k]) => !found.has(k)).map(([, n]) => quote(n.label, 60));
  return {
    point: null,
    rule: 'never',
    // Named as passages (their titles), not as the entities they are about: a chain link can
    // find the entity's name in another passage while its own page stays unretrieved.
    evidence: `Gold supporting ${missing.length === 1 ? 'passage' : 'passages'} never retrieved: ${missing.map((m) => `the passage ${m}`).join(', ')}.`,
  };
}

function byEntities(question: string, hops: readonly SearchHop[]): Verdict {
  const entities = questionEntities(question);
  const seen = new Map<string, string>();
  for (const h of hops) {
    for (const d of h.docs) {
      const words = docWords(d);
      for (const e of entities) {
        const n = normalizeText(e);
        if (!seen.has(e) && n !== '' && words.includes(` ${n} `)) seen.set(e, passageName(d, h.search));
      }
    }
    if (entities.length > 0 && seen.size === entities.length)
      return {
        point: h.search,
        rule: 'entities-covered',
        brief: 'every entity the question names retrieved',
        evidence: `Every entity the question names is in the passages by search ${h.search}: ${entities.map((e) => `${quote(e, 40)} in ${seen.get(e) ?? ''}`).join('; ')}.`,
      };
  }
  const missing = entities.filter((e) => !seen.has(e));
  return {
    point: null,
    rule: 'never',
    evidence: `No retrieved passage covers ${missing.map((e) => quote(e, 40)).join(', ') || 'the question'}.`,
  };
}

type Verdict = Omit<Sufficiency, 'basis' | 'reading'>;

export interface SufficiencyOptions {
  /** false: the rules before the evidence chain (the bench's baseline). */
  chain?: boolean;
  /** Other forms of the gold to look for (the agent's equivalent answer, answer-forms.ts). */
  forms?: readonly string[];
  /** The answer stated before the first search, which only confirmed it (known-answer.ts). */
  known?: KnownAnswer | null;
}

export function sufficiency(
  t: Trajectory,
  hops: readonly SearchHop[],
  answeredCorrectly: boolean | null,
  options: SufficiencyOptions = {},
): Sufficiency {
  let how: Reading = { basis: 'fallback', reading: FALLBACK_READING };
  const v = sufficiencyRules(t, hops, answeredCorrectly, options, (r) => (how = r));
  if (v.rule === 'no-gold') how = { basis: 'not-judged', reading: 'no gold answer to judge by' };
  return { ...v, ...how };
}

function sufficiencyRules(
  t: Trajectory,
  hops: readonly SearchHop[],
  answeredCorrectly: boolean | null,
  options: SufficiencyOptions,
  readAs: (r: Reading) => void,
): Verdict {
  const golds = goldAnswers(t);
  if (golds.length === 0 && (t.gold?.supporting ?? []).length === 0)
    return { point: null, rule: 'no-gold', evidence: 'No gold answer: sufficiency cannot be judged.' };
  const answers = golds.length > 0 ? [...golds, ...(options.forms ?? [])] : golds;
  if (hops.length === 0) {
    readAs({ basis: 'fallback', reading: "no search: judged by the answer's correctness" });
    return answeredCorrectly
      ? {
          point: 0,
          rule: 'no-search',
          evidence: 'Answered correctly with no search: common knowledge sufficed.',
        }
      : { point: null, rule: 'never', evidence: 'Answered with no search and not correctly.' };
  }
  if (options.known) {
    readAs({
      basis: 'fallback',
      reading: 'the answer stated before the first search, which only confirmed it',
    });
    return {
      point: 0,
      rule: 'known-before-search',
      brief: 'the answer was stated before the first search',
      evidence: `No search was needed: ${options.known.evidence}`,
    };
  }
  // All supporting passages in hand settle it; when some never came, a passage stating the gold
  // answer may still have (the supporting facts name one path to the answer, not the only one).
  const supported = bySupporting(t, hops);
  const plan = options.chain !== false && t.gold?.plan ? goldPlanChain(hops, t.gold.plan) : null;
  // A plan's step answers carry no aliases ("Robert Moses" where the passage says "Moses"): a
  // complete plan chain may settle the point earlier, an incomplete one never overrides the
  // supporting passages.
  const bySet = questionSetReading(plan !== null, supported !== null);
  if (plan?.point != null && (supported?.point == null || plan.point <= supported.point)) {
    readAs(bySet);
    return fromChain(plan, 'the gold plan');
  }
  if (supported?.point != null || plan) readAs(bySet);
  if (supported?.point != null) return supported;
  if (plan) return fromChain(plan, 'the gold plan', supported);
  const uninformative = isUninformative(t.question, answers);
  if (options.chain !== false) {
    const needs = questionNeeds(t.question, uninformative);
    const structured =
      needs.attributes.length > 0 || needs.bridge ? structuredChain(hops, needs, answers) : null;
    if (structured) {
      readAs(patternReading(needs));
      return fromChain(structured, `the question's ${needs.kind}`, supported);
    }
    // A comparison of what the lexicon does not know: each side's own page saying what is asked.
    const compared = uninformative ? comparedSidesChain(hops, t.question, needs) : null;
    if (compared) {
      readAs(comparedReading(needs.sides.length));
      return fromChain(compared, "the question's comparison", supported);
    }
    if (!uninformative) {
      const described = answerChain(
        hops,
        needs.entities,
        answers,
        descriptionWords(t.question, needs.entities),
        relationWords(t.question, needs.entities, answers),
        askedRelations(t.question),
        namesNoEntity(t.question) ? namelessWords(t.question, answers) : [],
      );
      if (described.reach) readAs(answerReading(described.reach));
      return fromChain(described, 'the answer', supported, answers);
    }
  }
  if (uninformative) {
    readAs({
      basis: 'fallback',
      reading:
        'no question pattern recognised, and the answer does not tell: every entity the question names retrieved',
    });
    return byEntities(t.question, hops);
  }
  for (const h of hops)
    for (const d of h.docs) {
      const a = statedAnswer(d, answers);
      if (a !== null)
        return {
          point: h.search,
          rule: 'answer-in-passage',
          brief: `gold ${quote(a, 60)} stated in ${passageName(d, h.search)}`,
          evidence: `Gold ${quote(a, 60)} is stated in ${passageName(d, h.search)}: ${excerpt(d.text, a.split(/[ ,]/)[0] ?? a)}.`,
        };
    }
  const none = `No retrieved passage states the gold answer (${answers.map((a) => quote(a, 60)).join(' / ')}).`;
  return { point: null, rule: 'never', evidence: supported ? `${supported.evidence} ${none}` : none };
}

/** A nameless question's content words outside the gold's (which the passage holds anyway). */
function namelessWords(question: string, answers: readonly string[]): string[] {
  const gold = new Set(answers.flatMap((a) => normalizeText(a).split(' ')));
  return contentWords(question).filter((w) => !gold.has(w) && /\p{L}/u.test(w));
}

/** A chain as the sufficiency verdict: each link quoted, or the links found and the missing one. */
function fromChain(
  c: EvidenceChain,
  through: string,
  supported?: Verdict | null,
  answers?: readonly string[],
): Verdict {
  const quoted = c.links.map((l, i) => `(${i + 1}) ${l.need} in ${l.evidence}`).join('; ');
  if (c.point !== null)
    return {
      point: c.point,
      rule: 'evidence-chain',
      brief: `the evidence chain complete (${c.links.map((l) => `${l.need} in ${l.passage}`).join('; ')})`,
      evidence: `The evidence chain through ${through} is complete by search ${c.point}: ${quoted}.`,
      chain: c,
    };
  // The one-hop chain names no missing link only when no passage holds the gold at all.
  const absent = answers !== undefined && c.missing === null;
  const missing =
    c.missing ??
    `no retrieved passage states the gold answer${answers ? ` (${answers.map((a) => quote(a, 60)).join(' / ')})` : ''}`;
  const found = c.links.length > 0 ? ` Found: ${quoted}.` : '';
  const why = `Missing link: ${missing}.${found}`;
  return {
    point: null,
    rule: 'never',
    evidence: supported ? `${supported.evidence} ${why}` : why,
    chain: { ...c, missing },
    ...(absent ? { goldAbsent: true } : {}),
  };
}
