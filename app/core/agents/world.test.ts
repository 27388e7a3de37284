// Every strategy once over the bundled demo corpus (BM25 over WORLD_PASSAGES), with a scripted
// model that answers one 2-hop demo question sensibly.
import { describe, expect, it } from 'vitest';
import { WORLD_PASSAGES } from '../../demo/world/passages';
import { WORLD_QUESTIONS } from '../../demo/world/questions';
import { ScriptedLlm } from '../../testing/scripted-llm';
import type { Prompt } from '../llm/types';
import { normalizeAnswer } from '../metrics/normalize';
import type { Gold } from '../schema/trajectory';
import { STRATEGIES } from './registry';
import { bm25Retriever, runCollect } from '../../testing/strategy-harness';

const Q = WORLD_QUESTIONS.find((q) => q.id === 'veloria-2hop-01')!;
const text = (p: Prompt): string => (typeof p === 'string' ? p : p.messages.map((m) => m.content).join('\n'));
const count = (s: string, needle: string) => s.split(needle).length - 1;
/** What the model wrote and was shown so far (the assistant message the tagged loops continue). */
const soFar = (p: Prompt): string => (typeof p === 'string' ? '' : (p.messages[1]?.content ?? ''));

/** A model that knows how each protocol goes for this question. */
function responder(id: string): (p: Prompt, i: number) => string {
  switch (id) {
    case 'direct':
    case 'standard-rag':
      return () => 'Tavish';
    case 'ircot':
      return (_p, i) =>
        i === 0
          ? 'The Casmere Botanical Institute was founded by Ilse Varnholt.'
          : 'Ilse Varnholt was born in Tavish. So the answer is: Tavish.';
    case 'search-r1':
    case 'when-to-search': {
      const note = id === 'search-r1' ? 'think' : 'reflect';
      return (p) =>
        [
          '<think> I need the founder of the institute. </think>\n<search> Casmere Botanical Institute founder </search>',
          `<${note}> It was founded by Ilse Varnholt. </${note}>\n<search> Ilse Varnholt born </search>`,
          `<${note}> She was born in Tavish. </${note}>\n<answer> Tavish </answer>`,
        ][count(soFar(p), '<information>')] ?? '<answer> Tavish </answer>';
    }
    case 'qagent':
      return (p) =>
        [
          '<plan> Find the founder, then where the founder was born. </plan>\n<search><query> Casmere Botanical Institute founder </query><query> Casmere Botanical Institute history </query></search>',
          '<reflection> Ilse Varnholt founded it. </reflection>\n<plan> Find her birthplace. </plan>\n<search><query> Ilse Varnholt born </query></search>',
          '<reflection> She was born in Tavish. </reflection>\n<answer> Tavish </answer>',
        ][count(soFar(p), '<information>')] ?? '<answer> Tavish </answer>';
    case 'exsearch':
      return (p) => {
        const t = text(p);
        if (t.includes('Given the formulated query')) return '[1] > [2]';
        if (t.includes('please give the final answer')) return 'Tavish';
        return (
          [
            '<QUERY> Casmere Botanical Institute founder',
            '<FACT> The institute was founded by Ilse Varnholt.\n<QUERY> Ilse Varnholt born',
          ][count(t, '<SEARCH> ')] ?? '<FACT> Ilse Varnholt was born in Tavish.\n<FINAL>'
        );
      };
    case 'apex':
      return (p) => {
        const t = text(p);
        if (t.startsWith('Break the question down'))
          return '1. Who founded the Casmere Botanical Institute?\n2. In which city was #1 born?';
        if (t.includes('Can the question below be answered')) return 'retrieve';
        if (t.includes('Is the information above enough')) return 'stop';
        if (t.includes('on a last line starting with "Query:"'))
          return t.includes('Question: Who founded')
            ? 'Casmere Botanical Institute founder'
            : 'Ilse Varnholt born';
        if (t.includes('answering its sub-questions')) return 'Tavish';
        return t.includes('Question: Who founded') ? 'Ilse Varnholt' : 'Tavish';
      };
    default:
      throw new Error(`no responder for ${id}`);
  }
}

describe('every strategy over the demo world', () => {
  const retriever = bm25Retriever(WORLD_PASSAGES);
  const gold: Gold = {
    answers: Q.answers,
    plan: Q.decomposition.map((d) => ({ text: d.question, answer: d.answer })),
    supporting: Q.supports.map((docId) => ({ docId })),
  };

  for (const def of STRATEGIES) {
    it(`${def.id} answers "${Q.question}" with a valid trajectory`, async () => {
      const llm = new ScriptedLlm(responder(def.id));
      const { t } = await runCollect(def, {
        question: Q.question,
        llm,
        retriever,
        gold,
        source: { dataset: 'veloria', qid: Q.id },
      });
      expect(t.finishReason).toBe('answer');
      expect(normalizeAnswer(t.answer?.text ?? '')).toBe('tavish');
      expect(t.source).toEqual({ kind: 'live', dataset: 'veloria', qid: Q.id });
      expect(t.agent.strategy).toBe(def.id);
      if (def.id !== 'direct') {
        // The retrievals found both gold passages.
        const found = new Set(t.steps.flatMap((s) => (s.docs ?? []).filter((d) => d.gold).map((d) => d.id)));
        expect([...found].sort()).toEqual([...Q.supports].sort());
      }
    });
  }
});
