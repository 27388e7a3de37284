// The probes end to end below the UI: real HTTP to a scripted OpenAI-compatible server (chat for
// replies, /completions with echoed logprobs for scores), real IndexedDB (fake-indexeddb) for the
// cache and the corpus random passages come from.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchHops } from '../../core/diagnose/hops';
import { traj } from '../../testing/reward-fakes';
import type { Doc } from '../../core/schema/trajectory';
import { putCorpus } from '../../db/corpus-store';
import { closeProbeDb, PROBE_DB_NAME } from '../../db/probe-cache';
import {
  chatStream,
  type FakeOpenAiServer,
  jawsProberReply,
  lastMessage,
  startFakeOpenAiServer,
} from '../../testing/fake-openai-server';
import { onDataChange } from '../changes';
import { cachedProbes, pickRandom, type ProbeSetup, runProbes, runProbesOn } from './probe-calls';
import { putTrajectories } from '../../db/store';

const doc = (id: string, title: string, text: string): Doc => ({ id, title, text, rank: 1 });
const JAWS = doc('j', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.');
const SPIELBERG = doc('s', 'Steven Spielberg', 'Steven Spielberg (born 18 December 1946) is a filmmaker.');
const GOLD = 'December 18, 1946';
const T = traj(
  [
    { kind: 'search', queries: ['Jaws director'], docs: [JAWS] },
    { kind: 'think', text: 'Jaws was directed by Steven Spielberg.' },
    { kind: 'search', queries: ['Steven Spielberg birth date'], docs: [SPIELBERG] },
    { kind: 'think', text: 'So he was born on 18 December 1946.' },
  ],
  { question: 'When was the director of Jaws born?', gold: { answers: [GOLD] }, answer: '18 December 1946' },
);

const cp = (s: string) => [...s].length;
let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer((req) => {
    if (req.path.endsWith('/completions') && !req.path.endsWith('/chat/completions')) {
      // Teacher-forced score: the gold continuation is likely when Spielberg's birth passage is shown.
      const prompt = (req.body as { prompt: string }).prompt;
      const lp = prompt.includes('born 18 December') ? -1 : -8;
      const L = cp(prompt);
      return {
        json: {
          choices: [
            {
              text: '.',
              logprobs: {
                tokens: ['P', GOLD, '.'],
                text_offset: [0, L - cp(GOLD), L],
                token_logprobs: [null, lp, -0.1],
              },
            },
          ],
          usage: { prompt_tokens: 2 },
        },
      };
    }
    // The scripted model knows who directed Jaws, and the date only from the passage.
    return { stream: chatStream([jawsProberReply(lastMessage(req))], { finishReason: 'stop' }) };
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  await closeProbeDb();
  await deleteDB(PROBE_DB_NAME);
});

const setup = (): ProbeSetup => ({
  llm: { kind: 'http', baseUrl: server.url, model: 'fake-prober', endpoint: 'chat' },
  apiKey: 'sk-probe',
});
const posts = () => server.requests.filter((r) => r.method === 'POST').length;

describe('running probes with the configured server', () => {
  it('asks what the cache lacks, caches it, and reads the verdicts back without the model', async () => {
    await putCorpus('noise', 'test', [
      { id: 'n1', title: 'Shark', text: 'Sharks are fish.' },
      { id: 'n2', title: 'Whale', text: 'Whales are mammals.' },
      { id: 'n3', title: 'Dates', text: 'Something happened on December 18, 1946.' },
    ]);
    const announced: string[] = [];
    const off = onDataChange((n) => announced.push(...n.changes));
    const before = posts();
    const r = await runProbes(T, ['no-retrieval', 'answer-now', 'info-gain'], setup());
    off();
    // 2 no-retrieval + 3 answer-now points + 2 hops × 2 scores.
    expect(r.calls).toBe(9);
    expect(r.missing).toBe(0);
    expect(r.asked).toBe(9);
    expect(posts() - before).toBe(9);
    expect(announced).toContain('probes');
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-probe');

    const byProbe = (p: string) => r.verdicts.filter((v) => v.probe === p).map((v) => [v.kind, v.search]);
    expect(byProbe('no-retrieval')).toEqual([
      ['over-search', 1],
      ['necessary', 2],
    ]);
    expect(byProbe('answer-now')).toEqual([['sufficiency', 2]]);
    expect(byProbe('info-gain')).toEqual([
      ['over-search', 1],
      ['necessary', 2],
    ]);

    const again = await cachedProbes(T, ['no-retrieval', 'answer-now', 'info-gain'], setup().llm);
    expect(posts() - before).toBe(9);
    expect(again.cached).toBe(9);
    expect(again.verdicts).toEqual(r.verdicts);
  });

  it('draws random passages that are not the hop’s own and hold no gold answer, the same every time', () => {
    const pool = [
      { id: 'a', title: 'Shark', text: 'Sharks are fish.' },
      { id: 'b', title: 'Dates', text: 'On December 18, 1946 it rained.' },
      { id: 'c', title: 'Steven Spielberg', text: SPIELBERG.text },
      { id: 'd', title: 'Whale', text: 'Whales are mammals.' },
    ];
    const hop = searchHops(T)[1]!;
    const picked = pickRandom(T, hop, pool);
    expect(picked).toHaveLength(1);
    expect(['a', 'd']).toContain(picked[0]?.id);
    expect(pickRandom(T, hop, pool)).toEqual(picked);
  });

  it('a cache-only read asks nothing and leaves the calls missing', async () => {
    const before = posts();
    const r = await cachedProbes(T, ['closed-book'], setup().llm);
    expect(posts()).toBe(before);
    expect(r).toMatchObject({ calls: 1, cached: 0, missing: 1, verdicts: [] });
  });
});

describe('probing stored trajectories as a batch', () => {
  it('counts verdicts per probe, reads the cache first, and stops scoring after a server refuses it', async () => {
    // A chat-only server: /completions answers 404, so information gain cannot be scored.
    const chatOnly = await startFakeOpenAiServer((req) =>
      req.path.endsWith('/chat/completions')
        ? { stream: chatStream(['Steven Spielberg'], { finishReason: 'stop' }) }
        : { json: { error: { message: 'no such route' } }, status: 404 },
    );
    try {
      const other = traj([{ kind: 'search', queries: ['Jaws director'], docs: [JAWS] }], {
        question: 'Who directed Jaws?',
        gold: { answers: ['Steven Spielberg'] },
        answer: 'Steven Spielberg',
      });
      await putTrajectories([T, other]);
      const cfg: ProbeSetup = {
        llm: { kind: 'http', baseUrl: chatOnly.url, model: 'chat-only', endpoint: 'chat' },
      };
      const scores = () =>
        chatOnly.requests.filter((r) => r.method === 'POST' && !r.path.includes('/chat/')).length;
      const report = await runProbesOn([T.id, other.id, 'gone'], ['closed-book', 'info-gain'], cfg);
      expect(report.trajectories).toBe(2);
      // "Steven Spielberg" closed-book is right for the second question only.
      expect(report.overSearch['closed-book']).toBe(1);
      expect(scores()).toBe(1);
      expect(report.skipped).toHaveLength(1);
      expect(report.skipped[0]).toMatchObject({ probe: 'info-gain', count: 2 });
      expect(report.skipped[0]?.reason).toMatch(/^scoring failed: .*404/);
      expect(report.asked).toBe(2);
      const again = await runProbesOn([T.id, other.id], ['closed-book'], cfg);
      expect(again.asked).toBe(0);
      expect(again.overSearch['closed-book']).toBe(1);
    } finally {
      await chatOnly.close();
    }
  });
});
