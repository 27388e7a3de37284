// One APEX sub-question (v1 §3.2.2, Algorithm 2): the knowledge sufficiency check, up to Hmax
// retrieval hops (a continuation decision before hop h when 1 < h < Hmax, a query conditioned on
// the knowledge, the documents and the queries tried, docs seen before kept but marked
// duplicate, an early stop when nothing new comes back), then the sub-answer added to the
// accumulated knowledge. apex.ts runs the plan around it.
import type { Prompt } from '../../llm/types';
import type { Doc } from '../../schema/trajectory';
import { firstLine, queryFromReply, readContinue, readSufficiency } from './apex-decision';
import type { ApexNodeResume, ApexParams } from './apex-types';
import { formatDocs } from '../docs';
import type { Ev, Session } from '../session';
import { fillTemplate } from '../template';

/** What every sub-question of one run reads and adds to. */
export interface ApexRunState {
  s: Session<ApexParams>;
  /** Sub-answers so far, by plan step id. */
  answers: Map<string, string>;
  /** Accumulated knowledge items, in order. */
  knowledge: string[];
  /** Ids of every doc retrieved so far. */
  seen: Set<string>;
}

export const ask = (content: string): Prompt => ({ messages: [{ role: 'user', content }] });

export const knowledgeText = (st: ApexRunState): string =>
  st.knowledge.length > 0 ? st.knowledge.join('\n') : '(none)';

const shortOpts = (p: ApexParams) => ({ maxTokens: p.maxTokens, temperature: p.temperature });

/** The sufficiency check: answer from the knowledge, or retrieve. */
async function* decide(
  st: ApexRunState,
  planNode: string,
  resolved: string,
  cur: ApexNodeResume | undefined,
): AsyncGenerator<Ev, 'answer' | 'retrieve', undefined> {
  const { s } = st;
  // A fork's prefix holds the decision already.
  if (cur) return cur.decision;
  if (!s.params.sufficiencyCheck) {
    yield s.step({ kind: 'decision', planNode, decision: 'retrieve', text: resolved });
    return 'retrieve';
  }
  const g = yield* s.generate(
    { kind: 'decision', planNode },
    {
      prompt: ask(
        fillTemplate(s.prompt('sufficiency'), { knowledge: knowledgeText(st), question: resolved }),
      ),
      ...shortOpts(s.params),
    },
  );
  // An unclear reply retrieves, and its step says so (apex-decision.ts).
  const read = readSufficiency(g.result.text);
  yield s.update(g.id, {
    decision: read.decision,
    text: resolved,
    raw: g.result.text,
    ...(read.unclear ? { error: read.unclear } : {}),
  });
  return read.decision;
}

/** Retrieval hops for one sub-question; the fresh docs found land in `found`. */
async function* retrieveHops(
  st: ApexRunState,
  planNode: string,
  resolved: string,
  cur: ApexNodeResume | undefined,
  found: Doc[],
): AsyncGenerator<Ev, void, undefined> {
  const { s, seen } = st;
  const p = s.params;
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
  if (cur?.stopped === true) return;
  let firstHop = (cur?.hops ?? 0) + 1;
  if (cur?.pendingQuery !== undefined) {
    if (!(yield* retrieveHop(cur.hops, cur.pendingQuery))) return;
    firstHop = cur.hops + 1;
  }
  // "Search once more" may go one hop past Hmax.
  const maxHops = cur?.forceHop ? Math.max(p.maxHops, firstHop) : p.maxHops;
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
              knowledge: knowledgeText(st),
              docs: docsText(),
              tried: triedText,
              hops: hop - 1,
              maxHops: p.maxHops,
            }),
          ),
          ...shortOpts(p),
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
            knowledge: knowledgeText(st),
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
    if (forced) break;
  }
}

/**
 * Decides, retrieves and answers one sub-question (`resolved`: its text with #n filled in);
 * returns the sub-answer, or undefined when the model gave none.
 */
export async function* answerSubQuestion(
  st: ApexRunState,
  planNode: string,
  resolved: string,
  cur: ApexNodeResume | undefined,
): AsyncGenerator<Ev, string | undefined, undefined> {
  const { s } = st;
  const decision = yield* decide(st, planNode, resolved, cur);
  const found: Doc[] = [...(cur?.found ?? [])];
  if (decision === 'retrieve') yield* retrieveHops(st, planNode, resolved, cur, found);

  // Algorithm 2: "Answer" answers from the knowledge alone (AnswerFromKnowledge); after
  // retrieval the sub-answer reads the documents too (GenerateAnswer).
  const subPrompt =
    decision === 'answer'
      ? fillTemplate(s.prompt('answerFromKnowledge'), { knowledge: knowledgeText(st), question: resolved })
      : fillTemplate(s.prompt('subAnswer'), {
          knowledge: knowledgeText(st),
          docs: formatDocs(found, s.prompt('doc')) || '(none)',
          question: resolved,
        });
  const a = yield* s.generate(
    { kind: 'sub_answer', planNode },
    { prompt: ask(subPrompt), ...shortOpts(s.params) },
  );
  const sub = firstLine(a.result.text);
  if (!sub) {
    yield s.update(a.id, { raw: a.result.text, error: 'empty sub-answer' });
    return undefined;
  }
  yield s.update(a.id, { text: sub, raw: a.result.text });
  st.answers.set(planNode, sub);
  st.knowledge.push(fillTemplate(s.prompt('knowledgeItem'), { question: resolved, answer: sub }));
  return sub;
}
