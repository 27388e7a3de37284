// Sufficiency as an evidence chain: the passages that connect the question's entities to its
// answer through what the question needs (question-needs.ts). A labeller calls the evidence
// sufficient when the documents "contain everything needed to derive the gold answer" (labelling
// guidelines, `first_sufficient_search`), and for a multi-hop question that is each hop, not the
// answer string alone (2WikiMultiHopQA's evidence triples, Ho et al. 2020 §3, are such a chain):
// - bridge ("Where was the director of X born?"): a passage about X naming the bridge entity B
//   (relations.ts reads "directed by B"), then a passage about B stating the gold answer;
// - comparison ("Which film has the director who died first, A or B?"): for every side, the
//   compared attribute's value in a passage about that side (or about its bridge entity);
// - otherwise (answer-chain.ts): a passage stating the gold answer that the question reaches: it names an entity of
//   the question, or is the page of an entity a passage naming one mentions. A list or
//   disambiguation page states names without saying which is the one asked about, so it connects
//   nothing.
// Each link records the first search that gives it; the chain's point is the latest of them.
import { normalizeText } from '../metrics/normalize';
import { ChainPassages, isListPage, mentions as has, type Passage } from './chain-passages';
import { excerpt, passageName, quote, type SearchHop } from './hops';
import { statedAnswer } from './passage-match';
import { needName, type QuestionNeeds } from './question-needs';
import { fullNameOnPage, haystackNames } from './name-variants';
import { type Relation, statedNames } from './relations';

export interface ChainLink {
  /** What the link gives: "the director of Free Guy". */
  need: string;
  search: number;
  stepId: string;
  /** The passage that gives it, as a reader names it: `"Jaws (film)" (search 1)`. */
  passage: string;
  /** The passage and its words that give it, quoted. */
  evidence: string;
}

export interface EvidenceChain {
  links: ChainLink[];
  /** The search by which every link is in hand; null when one never is. */
  point: number | null;
  /** The first link never found, as a reader names it ("no passage gives …"). */
  missing: string | null;
  /**
   * The one-hop chain's tie to the question: its passage names (or is named beside) the
   * question's entity, is the page the question's description fits, or nothing ties it.
   */
  reach?: 'named' | 'described' | 'unlinked';
  /**
   * The one-hop chain's passage states the asked relation about the question's entity
   * (asked-relation.ts), not only the gold string.
   */
  stated?: boolean;
  /**
   * A comparison read on each side's own page (compared-sides.ts): what the question asks of every
   * side stated there, whatever the answer.
   */
  sidesStated?: boolean;
  /** The one-hop chain's first search whose passages hold a gold answer; null: none. */
  goldSeenAt?: number | null;
  /**
   * Why a further search could not have found the missing link: the page of the entity it is
   * about was retrieved for a query naming that entity, and does not state it.
   */
  unretrievable?: string;
}

type Partial = { links: ChainLink[]; missing: string | null; unretrievable?: string };

/**
 * The labelling guidelines call it no under-search when "the retriever could not have found" the
 * missing fact. The trace shows that where the agent asked for the entity and got its own page
 * back without the fact (the corpus's copy of the article lacks it).
 */
function pageLacks(passages: ChainPassages, who: string, what: string): string | undefined {
  const p = passages.about(who).find((x) => haystackNames(` ${normalizeText(x.hop.query)} `, who));
  return p
    ? `${passageName(p.doc, p.hop.search)}, retrieved for ${quote(p.hop.query, 80)}, is the page of ${who} and does not give ${what}`
    : undefined;
}

export function link(need: string, p: Passage, at: string): ChainLink {
  return {
    need,
    search: p.hop.search,
    stepId: p.hop.lastStepId,
    passage: passageName(p.doc, p.hop.search),
    evidence: `${passageName(p.doc, p.hop.search)}: ${excerpt(p.doc.text, at)}`,
  };
}

/** The first passage about `subject` stating the attribute (or a gold answer when given). */
function attributeLink(
  passages: ChainPassages,
  subject: string,
  attribute: Relation | undefined,
  need: string,
  answers?: readonly string[],
): ChainLink | null {
  for (const p of passages.about(subject)) {
    if (answers) {
      const a = statedAnswer(p.doc, answers);
      if (a !== null) return link(need, p, a.split(/[ ,]/)[0] ?? a);
    } else if (!attribute) return link(need, p, subject);
    else {
      const m = attribute.stated.exec(p.doc.text);
      if (m) return link(need, p, m[0]);
    }
  }
  return null;
}

/** Bridge entities a passage about `subject` names for the relation, first found first. */
function bridgeLinks(passages: ChainPassages, subject: string, bridge: Relation): Array<[string, ChainLink]> {
  const found = new Map<string, ChainLink>();
  const pages = new Set(passages.about(subject));
  for (const p of passages.all) {
    const about = pages.has(p);
    // The subject's page naming the bridge ("directed by B"), or B's own page naming the subject
    // (a filmography, "his son George"): either connects the two.
    // A surname alone ("directed by Spielberg") is the full name the page wrote before.
    for (const name of about ? statedNames(bridge, p.doc.text).map((n) => fullNameOnPage(n, p.doc.text)) : [])
      if (!found.has(name)) found.set(name, link(`the ${bridge.noun} of ${subject}: ${name}`, p, name));
    const title = (p.doc.title ?? '').replace(/\s*\([^)]*\)\s*$/, '');
    if (!about && title !== '' && !found.has(title) && !isListPage(p.doc) && has(p.doc, subject))
      found.set(title, link(`the ${bridge.noun} of ${subject}: ${title}, whose page names it`, p, subject));
  }
  return [...found];
}

/** The side's attribute, through its bridge when the question has one: the earliest chain. */
function sideChain(
  passages: ChainPassages,
  subject: string,
  needs: QuestionNeeds,
  answers?: readonly string[],
): Partial {
  const attrs = needs.attributes.length > 0 ? needs.attributes : [undefined];
  const through = (who: string): Partial => {
    const links: ChainLink[] = [];
    for (const a of attrs) {
      const l = attributeLink(passages, who, a, needName(a, null, who), answers);
      if (!l) {
        const what = a ? `its ${a.noun}` : 'it';
        const lacks = pageLacks(passages, who, what);
        return {
          links,
          missing: `no passage gives ${needName(a, null, who)}`,
          ...(lacks ? { unretrievable: lacks } : {}),
        };
      }
      links.push(l);
    }
    return { links, missing: null };
  };
  if (!needs.bridge) return through(subject);
  const bridges = bridgeLinks(passages, subject, needs.bridge);
  if (bridges.length === 0)
    return { links: [], missing: `no passage names the ${needs.bridge.noun} of ${subject}` };
  let best: Partial | null = null;
  for (const [name, first] of bridges) {
    const rest = through(name);
    const c: Partial = {
      links: [first, ...rest.links],
      missing: rest.missing && `${rest.missing} (the ${needs.bridge.noun} of ${subject})`,
      ...(rest.unretrievable ? { unretrievable: rest.unretrievable } : {}),
    };
    if (
      !best ||
      (best.missing !== null && c.missing === null) ||
      (c.missing === null && chainPoint(c.links) < chainPoint(best.links))
    )
      best = c;
  }
  return best ?? { links: [], missing: null };
}

export const chainPoint = (links: readonly ChainLink[]) => Math.max(0, ...links.map((l) => l.search));

/** Comparison and bridge questions: every side's (or the named entity's) chain. */
export function structuredChain(
  hops: readonly SearchHop[],
  needs: QuestionNeeds,
  answers: readonly string[],
): EvidenceChain | null {
  const passages = new ChainPassages(hops);
  const subjects = needs.kind === 'comparison' ? needs.sides : needs.kind === 'bridge' ? needs.entities : [];
  if (subjects.length === 0) return null;
  if (needs.kind === 'comparison') {
    // Comparisons compare a date or a country (2Wiki's comparison relations), which a passage
    // visibly states; "Which composer was a Romantic, A or B?" asks a description, left to the
    // answer and entity rules.
    if (!needs.attributes.every((a) => a.value === 'date' || a.value === 'country')) return null;
    const links: ChainLink[] = [];
    for (const s of subjects) {
      const c = sideChain(passages, s, needs);
      links.push(...c.links);
      if (c.missing)
        return {
          links,
          point: null,
          missing: c.missing,
          ...(c.unretrievable ? { unretrievable: c.unretrievable } : {}),
        };
    }
    return { links, point: chainPoint(links), missing: null };
  }
  // A bridge question names one entity the bridge starts from; the earliest complete chain wins.
  let best: Partial | null = null;
  for (const s of subjects) {
    const c = sideChain(passages, s, needs, answers.length > 0 ? answers : undefined);
    if (!best || (best.missing !== null && (c.missing === null || c.links.length > best.links.length)))
      best = c;
    else if (c.missing === null && chainPoint(c.links) < chainPoint(best.links)) best = c;
  }
  if (!best) return null;
  return {
    links: best.links,
    point: best.missing ? null : chainPoint(best.links),
    missing: best.missing,
    ...(best.missing && best.unretrievable ? { unretrievable: best.unretrievable } : {}),
  };
}

/**
 * A plan step's question with its `#k` placeholders (the answer of step k, as MuSiQue and APEX
 * plans write them) replaced by that answer, so a reader sees "In which town did Hendrik Saul
 * die?" rather than "In which town did #1 die?". A placeholder with no answer stays.
 */
export function resolvePlaceholders(text: string, plan: ReadonlyArray<{ answer?: string }>): string {
  return text.replace(/#(\d+)\b/g, (m, k: string) => plan[Number(k) - 1]?.answer?.trim() || m);
}

/**
 * A joined question set's own chain (MuSiQue decompositions, 2Wiki evidence triples as gold plan
 * steps): every step's answer stated in a retrieved passage. Null when the plan has no answers.
 */
export function goldPlanChain(
  hops: readonly SearchHop[],
  plan: ReadonlyArray<{ text: string; question?: string; answer?: string }>,
): EvidenceChain | null {
  if (plan.length < 2 || plan.some((s) => !s.answer)) return null;
  const all = new ChainPassages(hops).all;
  const links: ChainLink[] = [];
  for (const s of plan) {
    const answer = s.answer ?? '';
    const need = `${resolvePlaceholders(s.question ?? s.text, plan)}: ${quote(answer, 60)}`;
    const p = all.find((x) => statedAnswer(x.doc, [answer]) !== null);
    if (!p) return { links, point: null, missing: `no passage gives ${need}` };
    links.push(link(need, p, answer.split(/[ ,]/)[0] ?? answer));
  }
  return { links, point: chainPoint(links), missing: null };
}

/** The chain's links by the step whose passages give them, for drawing beside the steps. */
export function chainLinksByStep(c: EvidenceChain): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const l of c.links) out.set(l.stepId, [...(out.get(l.stepId) ?? []), l.need]);
  return out;
}
