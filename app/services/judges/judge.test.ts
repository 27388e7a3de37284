import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAbort } from '../../core/abort';
import { answerCorrect } from '../../core/judge/correctness';
import { DEFAULT_JUDGE_PROMPT } from '../../core/judge/judge-prompt';
import {
  chatModel,
  type FakeOpenAiServer,
  postsTo,
  startFakeOpenAiServer,
} from '../../testing/fake-openai-server';
import { traj } from '../../testing/reward-fakes';
import { JUDGE_DB_NAME, closeJudgeDb } from '../../db/judge-cache';
import { db, DB_NAME, resetDbConnection } from '../../db/db';
import { putTrajectories } from '../../db/store';
import {
  cachedJudgeCorrectness,
  judgeCandidates,
  judgeIdentity,
  judgeLlm,
  judgeTargetTrajectories,
  judgeTrajectories,
  type JudgeSetup,
} from './judge';

// Learning When to Search, Table 6: the right date in another form, and a wrong one.
const gold = { answers: ['June 16, 1874'] };
const Q = "When Lavinia Norcross Dickinson's father died ?";
const dated = traj([], { question: Q, gold, answer: '16 June 1874' });
const wrong = traj([], { question: Q, gold, answer: 'July 4, 1887' });
const silent = traj([], { question: Q, gold });

let server: FakeOpenAiServer;
// The scripted judge: YES when the prompt shows the 1874 date, NO otherwise; "maybe" for a marker.
beforeAll(async () => {
  server = await startFakeOpenAiServer(
    chatModel((prompt) =>
      prompt.includes('MARKER') ? 'maybe' : prompt.includes('16 june 1874') ? 'YES' : 'NO',
    ),
  );
});
afterAll(() => server.close());
beforeEach(async () => {
  await closeJudgeDb();
  await deleteDB(JUDGE_DB_NAME);
});

const setup = (prompt = DEFAULT_JUDGE_PROMPT): JudgeSetup => ({
  llm: { kind: 'http', baseUrl: server.url, model: 'fake-judge', endpoint: 'chat' },
  apiKey: 'sk-judge',
  prompt,
});
const posts = () => postsTo(server).length;

describe('judging with the configured OpenAI-compatible model', () => {
  it('asks the model with the rendered B.4 prompt and caches its verdicts', async () => {
    const before = posts();
    const report = await judgeTrajectories([dated, wrong, silent], setup());
    expect(report).toMatchObject({ judged: 2, cached: 0, skipped: 1, unparsed: 0 });
    expect(posts() - before).toBe(2);
    const last = server.requests.at(-1)!;
    expect(last.headers.authorization).toBe('Bearer sk-judge');
    expect(JSON.stringify(last.body)).toContain('Reference answers: june 16 1874');

    const c = await cachedJudgeCorrectness([dated, wrong], judgeIdentity(setup()));
    expect(c.judgeModel).toBe('fake-judge');
    expect(answerCorrect(dated, c)).toBe(true);
    expect(answerCorrect(wrong, c)).toBe(false);

    // Judged again: all from the cache, no request.
    const again = await judgeTrajectories([dated, wrong], setup());
    expect(again).toMatchObject({ judged: 0, cached: 2 });
    expect(posts() - before).toBe(2);
  });

  it('a verdict under one prompt is not reused under another; an unreadable reply is not cached', async () => {
    await judgeTrajectories([dated], setup());
    const other = setup('MARKER {prediction} vs {references}');
    const r = await judgeTrajectories([dated], other);
    expect(r).toMatchObject({ judged: 0, cached: 0, unparsed: 1, firstUnparsed: 'maybe' });
    expect(answerCorrect(dated, await cachedJudgeCorrectness([dated], judgeIdentity(other)))).toBeNull();
  });

  it("judges the table's filtered rows by id, reading the stored trajectories", async () => {
    (await db()).close();
    resetDbConnection();
    await deleteDB(DB_NAME);
    await putTrajectories([dated, { ...wrong, id: 'other' }]);
    const ts = await judgeTargetTrajectories({ ids: [dated.id, 'other', 'gone'] });
    expect(ts.map((t) => t.id)).toEqual([dated.id, 'other']);
    expect(await judgeTrajectories(ts, setup())).toMatchObject({ judged: 2, skipped: 0 });
  });

  it('stops when cancelled', async () => {
    const ac = new AbortController();
    ac.abort();
    const before = posts();
    await expect(judgeTrajectories([dated], setup(), { signal: ac.signal })).rejects.toSatisfy(isAbort);
    expect(posts()).toBe(before);
  });
});

describe('the judge’s model: the in-browser model or a configured server', () => {
  const browser = {
    kind: 'browser',
    source: { modelId: 'tiny-llm', offline: false, device: 'auto' },
  } as const;
  const fallback = {
    kind: 'browser',
    source: { modelId: 'default-llm', offline: false, device: 'auto' },
  } as const;
  const server = {
    kind: 'http',
    baseUrl: 'http://127.0.0.1:8000/v1',
    model: 'qwen3',
    endpoint: 'chat',
  } as const;
  const ids = (cs: readonly { kind: string }[]) =>
    cs.map((c) => judgeIdentity({ llm: c as never, prompt: '' }).label);

  it('offers the model the Run page runs with first, then the other kind it has configured', () => {
    expect(ids(judgeCandidates(server, { browser }, fallback))).toEqual(['qwen3', 'tiny-llm']);
    expect(ids(judgeCandidates(browser, { http: server }, fallback))).toEqual(['tiny-llm', 'qwen3']);
    // No in-browser model configured yet: the default one; no server set up: none offered.
    expect(ids(judgeCandidates(server, {}, fallback))).toEqual(['qwen3', 'default-llm']);
    expect(ids(judgeCandidates(browser, {}, fallback))).toEqual(['tiny-llm']);
    expect(ids(judgeCandidates(browser, { http: { ...server, model: ' ' } }, fallback))).toEqual([
      'tiny-llm',
    ]);
  });

  it('judges with the chosen kind, else with the Run page’s model', () => {
    expect(judgeLlm(server, { browser }, null, fallback)).toBe(server);
    expect(judgeLlm(server, { browser }, 'browser', fallback)).toBe(browser);
    expect(judgeLlm(browser, { http: server }, 'http', fallback)).toBe(server);
    // A server chosen once but not configured any more: the Run page's model.
    expect(judgeLlm(browser, {}, 'http', fallback)).toBe(browser);
  });
});
