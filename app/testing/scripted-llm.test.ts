import { describe, expect, it } from 'vitest';
import { ScriptedLlm, scriptPieces } from './scripted-llm';
import { AbortError } from '../core/llm/types';

describe('ScriptedLlm', () => {
  it('replies in order, streams pieces that join to the text, and records calls', async () => {
    const llm = new ScriptedLlm(['hello there world', 'second']);
    const pieces: string[] = [];
    const r = await llm.generate('prompt one', { onToken: (t) => pieces.push(t) });
    expect(r.text).toBe('hello there world');
    expect(r.finishReason).toBe('eos');
    expect(r.tokensOut).toBe(3);
    expect(r.tokensIn).toBe(2);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(r.text);
    const r2 = await llm.generate({ messages: [{ role: 'user', content: 'q' }] });
    expect(r2.text).toBe('second');
    expect(llm.calls).toHaveLength(2);
    expect(llm.calls[0]?.prompt).toBe('prompt one');
    expect(llm.calls[1]?.result?.text).toBe('second');
    expect(llm.remaining).toBe(0);
  });

  it('cuts at the first stop string, never streams it, and reports it', async () => {
    const llm = new ScriptedLlm(['<think> go </think> <search> capital of France </search> junk after']);
    const pieces: string[] = [];
    const r = await llm.generate('p', { stop: ['</search>', '</answer>'], onToken: (t) => pieces.push(t) });
    expect(r.text).toBe('<think> go </think> <search> capital of France ');
    expect(r.stop).toBe('</search>');
    expect(r.finishReason).toBe('stop');
    expect(pieces.join('')).toBe(r.text);
    expect(pieces.join('')).not.toContain('</search');
  });

  it('with reportStop: false, cuts at a stop string without naming it (like llama.cpp, Ollama)', async () => {
    const llm = new ScriptedLlm(['<search> capital of France </search> junk'], { reportStop: false });
    const r = await llm.generate('p', { stop: ['</search>'] });
    expect(r.text).toBe('<search> capital of France ');
    expect(r.stop).toBeUndefined();
    expect(r.finishReason).toBe('eos');
  });

  it('finds a stop string inside a piece (no surrounding whitespace)', async () => {
    const llm = new ScriptedLlm(['<answer>Paris</answer>tail']);
    const r = await llm.generate('p', { stop: ['</answer>'] });
    expect(r.text).toBe('<answer>Paris');
    expect(r.finishReason).toBe('stop');
  });

  it('ends with "length" after maxTokens pieces', async () => {
    const llm = new ScriptedLlm(['one two three four five']);
    const r = await llm.generate('p', { maxTokens: 3 });
    expect(r.text).toBe('one two three');
    expect(r.tokensOut).toBe(3);
    expect(r.finishReason).toBe('length');
  });

  it('a function script sees the prompt and the call index', async () => {
    const llm = new ScriptedLlm((prompt, i) => `${i}:${typeof prompt === 'string' ? prompt : 'chat'}`);
    expect((await llm.generate('a')).text).toBe('0:a');
    expect((await llm.generate({ messages: [] })).text).toBe('1:chat');
    expect(llm.remaining).toBe(Infinity);
  });

  it('throws a clear error when the script runs out', async () => {
    const llm = new ScriptedLlm(['only']);
    await llm.generate('a');
    await expect(llm.generate('the second prompt')).rejects.toThrow(/script ran out: call #2/);
  });

  it('rejects with a scripted Error', async () => {
    const llm = new ScriptedLlm([new Error('server down')]);
    await expect(llm.generate('a')).rejects.toThrow('server down');
  });

  it('aborts within one piece of the signal', async () => {
    const llm = new ScriptedLlm([Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ')]);
    const ctrl = new AbortController();
    const seen: string[] = [];
    const p = llm.generate('p', {
      signal: ctrl.signal,
      onToken: (t) => {
        seen.push(t);
        if (seen.length === 3) ctrl.abort();
      },
    });
    await expect(p).rejects.toBeInstanceOf(AbortError);
    expect(seen.length).toBeLessThanOrEqual(4);
  });

  it('aborts at once when the signal is already aborted', async () => {
    const llm = new ScriptedLlm(['x']);
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(llm.generate('p', { signal: ctrl.signal })).rejects.toBeInstanceOf(AbortError);
  });

  it('has score only when a score function is given', async () => {
    expect(new ScriptedLlm([]).score).toBeUndefined();
    const llm = new ScriptedLlm([], { score: (_p, c) => -c.length });
    expect(await llm.score?.('q', 'ab cd')).toEqual({ logprob: -5, tokens: 2 });
  });

  it('splits pieces so they join back exactly', () => {
    for (const s of ['', '  a b ', 'a\n\nb', 'x']) expect(scriptPieces(s).join('')).toBe(s);
  });
});
