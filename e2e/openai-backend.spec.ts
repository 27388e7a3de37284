// A live Search-R1 run against an OpenAI-compatible server (a scripted one started here on
// loopback, speaking SSE): the page streams its tokens, cuts at </search> itself, appends the
// demo world's passages, and scores the answer. The API key goes in the header and nowhere else.
import { chatStream, startFakeOpenAiServer } from '../app/testing/fake-openai-server';
import type { Page } from '@playwright/test';
import { chooseServer, expect, longTasks, test, watchLongTasks } from './fixtures';

const QUESTION = 'In which city was the founder of the Casmere Botanical Institute born?';
const KEY = 'sk-test-secret-123';

const words = (s: string) => s.match(/\S+\s*|\s+/g) ?? [];

/** The Run page set for Search-R1 on the 2-hop question, against the server at `url`. */
async function setUpSearchR1Run(page: Page, url: string, model: string): Promise<void> {
  await page.goto('/#/run');
  await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({
    timeout: 30_000,
  });
  await page.getByTestId('strategy-select').selectOption('search-r1');
  await page.getByTestId('question-select').selectOption({ label: `[2-hop] ${QUESTION}` });
  await chooseServer(page, url, model);
}

test('Search-R1 through an OpenAI-compatible server: streamed, cut at stop strings, scored', async ({
  page,
}) => {
  const turns = [
    // The server ignores `stop`: the page must cut at </search> and run the search itself.
    '<think>I need the founder of the institute first.</think>\n<search> founder of the Casmere Botanical Institute </search>\n<information>made up</information>',
    '<think>Ilse Varnholt founded it, and she was born in Tavish.</think>\n<answer> Tavish </answer>',
  ];
  const server = await startFakeOpenAiServer((req, i) => {
    if (req.path.endsWith('/models')) return { json: { data: [{ id: 'fake-r1' }] } };
    return {
      stream: chatStream(words(turns[Math.min(i - 1, turns.length - 1)] ?? ''), { finishReason: 'stop' }),
      eventGapMs: 15,
    };
  });
  try {
    await setUpSearchR1Run(page, server.url, 'fake-r1');
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText('reachable · 1 model(s): fake-r1')).toBeVisible();

    await page.getByTestId('run-button').click();
    const live = page.getByTestId('live-view');
    await expect(live.getByTestId('streaming-text')).toBeVisible({ timeout: 30_000 });
    await expect(live).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    const kinds = await live
      .getByTestId('step')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(kinds).toEqual(['think', 'search', 'retrieve', 'think', 'answer']);
    await expect(page.getByTestId('live-answer')).toHaveText('Tavish');
    await expect(live.locator('.pill', { hasText: 'EM' })).toHaveText('EM 1');
    // The page's own information block, not the model's made-up one.
    await expect(live.locator('.step[data-kind="retrieve"]').getByTestId('doc').first()).toBeVisible();
    await expect(live).not.toContainText('made up');
    await expect(
      page.getByTestId('rewards-panel').locator('[data-reward="search-r1/em"] [data-testid=reward-value]'),
    ).toHaveText('1');

    const posts = server.requests.filter((r) => r.method === 'POST');
    // Two turns of the run (a third may come from QAgent's stage-2 reward, which asks the same server).
    expect(posts.length).toBeGreaterThanOrEqual(2);
    for (const p of posts) expect(p.headers.authorization).toBe(`Bearer ${KEY}`);
    // Turn 2 continues the same assistant message with the retrieved documents appended.
    const second = posts[1]!.body as {
      messages: Array<{ role: string; content: string }>;
      continue_final_message?: boolean;
    };
    expect(second.continue_final_message).toBe(true);
    expect(second.messages.at(-1)?.content).toContain('<information>Doc 1(Title: ');
    // The key is in no stored or exported place.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(KEY);
    await page.getByTestId('open-saved').click();
    await expect(page.getByTestId('question')).toContainText(QUESTION);
    await expect(page.locator('body')).not.toContainText(KEY);
  } finally {
    await server.close();
  }
});

test('a server that applies the stop strings itself (llama.cpp, Ollama) still drives Search-R1', async ({
  page,
}) => {
  // Cut before </search> and </answer>, as such servers do, with finish_reason "stop" and no word
  // of which stop string matched.
  const turns = [
    '<think>First the founder.</think>\n<search> founder of the Casmere Botanical Institute </search>',
    '<think>Ilse Varnholt, born in Tavish.</think>\n<answer> Tavish </answer>',
  ].map((t) => t.replace(/<\/(search|answer)>$/, ''));
  const server = await startFakeOpenAiServer((req, i) => ({
    stream: chatStream(words(turns[Math.min(i, turns.length - 1)] ?? ''), { finishReason: 'stop' }),
  }));
  try {
    await setUpSearchR1Run(page, server.url, 'fake');
    await page.getByTestId('run-button').click();
    const live = page.getByTestId('live-view');
    await expect(live).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    const kinds = await live
      .getByTestId('step')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(kinds).toEqual(['think', 'search', 'retrieve', 'think', 'answer']);
    await expect(page.getByTestId('live-answer')).toHaveText('Tavish');
  } finally {
    await server.close();
  }
});

test('a flooding server is read in the server worker: the page never freezes and says what happened', async ({
  page,
}) => {
  // One 12 MB stream event (under the 16 MB response cap, over the 1,000,000-character answer
  // cap): reading, SSE parsing and JSON parsing all happen off the page's main thread.
  const flood = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'x'.repeat(12_000_000) } }] })}\n\n`;
  const server = await startFakeOpenAiServer(() => ({ text: flood, contentType: 'text/event-stream' }));
  try {
    await setUpSearchR1Run(page, server.url, 'fake-flood');
    await watchLongTasks(page);
    await page.getByTestId('run-button').click();
    const live = page.getByTestId('live-view');
    // The run ends on the model's error, shown as its last step with the reason; a failed run is
    // not stored as finished.
    await expect(live).toHaveAttribute('data-status', 'error', { timeout: 60_000 });
    await expect(live).toContainText('finish: llm_error');
    await expect(page.getByTestId('live-error')).toContainText('nothing was stored');
    await expect(live).toContainText(
      'sent more than 1,000,000 characters in one answer; Hopscope stopped reading (maxResponseChars)',
    );
    const long = await longTasks(page);
    console.log(`flood: ${long.length} long tasks, longest ${Math.round(Math.max(0, ...long))} ms`);
    // A freeze bound (parsing 12 MB on the page's thread), not a speed target: a shared CI
    // machine at load ≈ 30 stretches every task several times over.
    expect(Math.max(0, ...long), 'longest main-thread task while the server floods (ms)').toBeLessThan(1_000);
  } finally {
    await server.close();
  }
});

test('a run whose server fails is a failure: not stored, shown with its error, and retried', async ({
  page,
}) => {
  let down = true;
  const answer = '<think>Ilse Varnholt, born in Tavish.</think>\n<answer> Tavish </answer>';
  const server = await startFakeOpenAiServer(() =>
    down
      ? { json: { error: { message: 'model not loaded yet' } }, status: 400 }
      : { stream: chatStream(words(answer), { finishReason: 'stop' }) },
  );
  try {
    await setUpSearchR1Run(page, server.url, 'fake-down');
    await page.getByTestId('run-button').click();
    const live = page.getByTestId('live-view');
    await expect(live).toHaveAttribute('data-status', 'error', { timeout: 60_000 });
    await expect(page.getByTestId('live-status')).toHaveText('Failed');
    await expect(page.getByTestId('live-error')).toContainText('The run did not finish (llm_error');
    await expect(page.getByTestId('live-error')).toContainText('nothing was stored');
    await expect(page.getByTestId('open-saved')).toHaveCount(0);

    // The server is back: Retry runs the same question, strategy and model, and this one is stored.
    down = false;
    await page.getByTestId('live-retry').click();
    await expect(live).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(page.getByTestId('live-answer')).toHaveText('Tavish');
    await page.getByTestId('open-saved').click();
    await expect(page.getByTestId('timeline')).toBeVisible();
  } finally {
    await server.close();
  }
});
