import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../../testing/scripted-llm';
import type { GenerateOptions, GenerateResult, Llm, Prompt } from '../llm/types';
import { qagent } from './qagent';
import { searchR1 } from './search-r1';
import { TAGGED_STOPS, turnText } from './tagged-loop';
import { kinds, runCollect, stubRetriever } from '../../testing/strategy-harness';
import { whenToSearch } from './when-to-search';

const PASSAGES = {
  'Veltmark Press founder': [
    { id: 'p1', title: 'Veltmark Press', text: 'Veltmark Press was founded in 1871 by Ilse Marrow.' },
  ],
  'Ilse Marrow birthplace': [{ id: 'p3', title: 'Ilse Marrow', text: 'Ilse Marrow was born in Dunhollow.' }],
};

const result = (text: string, finishReason: GenerateResult['finishReason'], stop?: string) =>
  stop === undefined ? { text, finishReason } : { text, finishReason, stop };

describe('turnText', () => {
  it('puts back a reported stop string', () => {
    expect(turnText(result('<search> q ', 'stop', '</search>'), TAGGED_STOPS)).toBe('<search> q </search>');
  });

  it('closes the open element a server cut at its stop string without naming it', () => {
    const cut = '<think> need it </think>\n<search> q ';
    expect(turnText(result(cut, 'eos'), TAGGED_STOPS)).toBe(`${cut}</search>`);
    expect(turnText(result(cut, 'stop'), TAGGED_STOPS)).toBe(`${cut}</search>`);
    expect(turnText(result('<think> x </think> <answer> Paris', 'eos'), TAGGED_STOPS)).toBe(
      '<think> x </think> <answer> Paris</answer>',
    );
    // QAgent: the queries inside are closed, the search is not.
    expect(turnText(result('<search><query> a </query>', 'eos'), TAGGED_STOPS)).toBe(
      '<search><query> a </query></search>',
    );
  });

  it('leaves alone a turn cut by maxTokens, with nothing open, or closed already', () => {
    expect(turnText(result('<search> q ', 'length'), TAGGED_STOPS)).toBe('<search> q ');
    expect(turnText(result('<think> just thinking </think>', 'eos'), TAGGED_STOPS)).toBe(
      '<think> just thinking </think>',
    );
    expect(turnText(result('<answer> a </answer>', 'eos'), TAGGED_STOPS)).toBe('<answer> a </answer>');
  });

  it('closes the latest open element', () => {
    expect(turnText(result('<search> x </search> <answer> y', 'eos'), TAGGED_STOPS)).toBe(
      '<search> x </search> <answer> y</answer>',
    );
  });
});

/** A server that applies `stop` itself and reports neither the stop string nor 'stop'. */
class SilentStopLlm implements Llm {
  readonly model = 'silent-stop';
  readonly backend = 'test';
  constructor(private readonly replies: string[]) {}
  async generate(_prompt: Prompt, o: GenerateOptions = {}): Promise<GenerateResult> {
    let text = this.replies.shift() ?? '';
    for (const s of o.stop ?? []) {
      const at = text.indexOf(s);
      if (at >= 0) text = text.slice(0, at);
    }
    return { text, finishReason: 'stop', tokensIn: 1, tokensOut: 1, ms: 0 };
  }
}

describe('tagged loop with a server that does not report its stop string', () => {
  const SCRIPT = [
    '<think> I need the founder first. </think>\n<search> Veltmark Press founder </search>',
    '<think> Ilse Marrow founded it. </think>\n<search> Ilse Marrow birthplace </search>',
    '<think> She was born in Dunhollow. </think>\n<answer> Dunhollow </answer>',
  ];

  for (const [name, llm] of [
    ['finishReason eos', () => new ScriptedLlm(SCRIPT, { reportStop: false })],
    ['finishReason stop', () => new SilentStopLlm([...SCRIPT])],
  ] as const) {
    it(`Search-R1 searches and answers (${name})`, async () => {
      const retriever = stubRetriever(PASSAGES);
      const { t } = await runCollect(searchR1, {
        question: 'Where was the founder born',
        llm: llm(),
        retriever,
      });
      expect(kinds(t)).toEqual([
        'think',
        'search',
        'retrieve',
        'think',
        'search',
        'retrieve',
        'think',
        'answer',
      ]);
      expect(retriever.calls.map((c) => c.queries)).toEqual([
        ['Veltmark Press founder'],
        ['Ilse Marrow birthplace'],
      ]);
      expect(t.answer?.text).toBe('Dunhollow');
      expect(t.finishReason).toBe('answer');
    });
  }

  it('When-to-Search and QAgent too', async () => {
    const w = await runCollect(whenToSearch, {
      question: 'Where was the founder born?',
      llm: new ScriptedLlm(
        [
          '<think> Not sure. </think>\n<search> Veltmark Press founder </search>',
          '<reflect> Ilse Marrow. </reflect>\n<answer> Ilse Marrow </answer>',
        ],
        { reportStop: false },
      ),
      retriever: stubRetriever(PASSAGES),
    });
    expect(kinds(w.t)).toEqual(['think', 'search', 'retrieve', 'reflect', 'answer']);
    expect(w.t.answer?.text).toBe('Ilse Marrow');

    const q = await runCollect(qagent, {
      question: 'Who founded Veltmark Press?',
      llm: new ScriptedLlm(
        [
          '<plan> Find the founder. </plan>\n<search><query> Veltmark Press founder </query></search>',
          '<reflection> Ilse Marrow. </reflection>\n<answer> Ilse Marrow </answer>',
        ],
        { reportStop: false },
      ),
      retriever: stubRetriever(PASSAGES),
    });
    expect(kinds(q.t)).toEqual(['plan', 'search', 'retrieve', 'reflect', 'answer']);
    expect(q.t.answer?.text).toBe('Ilse Marrow');
  });
});
