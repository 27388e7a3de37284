// Fork an imported R1-Searcher trajectory at its second search, replace one of the documents with
// a passage picked from the demo world's index, continue with Search-R1 against a scripted
// OpenAI-compatible server, and land on the comparison of parent and fork.
import { resolve } from 'node:path';
import { chatStream, type RecordedRequest, startFakeOpenAiServer } from '../app/testing/fake-openai-server';
import { chooseServer, DEMO_ROWS, expect, importAndClose, openApp, R1_LOG, test } from './fixtures';

const KEY = 'sk-fork-secret-42';
const words = (s: string) => s.match(/\S+\s*|\s+/g) ?? [];

test('fork at the second search with a replaced document: only new turns hit the server', async ({
  page,
}) => {
  const server = await startFakeOpenAiServer(() => ({
    stream: chatStream(words('<think>The passage settles it.</think>\n<answer> James Madison </answer>'), {
      finishReason: 'stop',
    }),
  }));
  try {
    await openApp(page);
    await importAndClose(page, R1_LOG);
    await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS + 125} trajectories`);
    await page.keyboard.press('/');
    await page.keyboard.type('the year that Citibank was founded');
    await page.getByTestId('trajectory-row').first().click();
    await expect(page.getByTestId('timeline')).toBeVisible();
    const parentId = decodeURIComponent(/#\/t\/([^/]+)/.exec(page.url())![1]!);

    // The second search, then F.
    const search2 = page.locator('[data-testid=step][data-kind=search]').nth(1);
    const searchIndex = Number(await search2.getAttribute('data-index'));
    await search2.click();
    await page.keyboard.press('Shift+F');
    const panel = page.getByTestId('fork-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('reconstruction')).toContainText('Approximate prompt');
    await expect(panel.getByTestId('reconstruction')).toContainText('does not carry the prompt');
    await expect(panel.getByTestId('whatif-gold')).toBeDisabled();

    // Replace the second document with a demo-world passage found through the index.
    const docs = panel.getByTestId('fork-doc');
    await expect(docs).toHaveCount(5);
    await docs.nth(1).getByTestId('fork-replace').click();
    await panel.getByTestId('fork-replace-query').fill('Casmere Botanical Institute founder');
    await panel.getByTestId('fork-replace-query').press('Enter');
    const hit = panel.getByTestId('fork-hit').first();
    await expect(hit).toBeVisible({ timeout: 30_000 });
    const pickedTitle = (await hit.textContent()) ?? '';
    await hit.click();
    await expect(docs.nth(1).getByTestId('fork-picked')).toContainText(pickedTitle);

    // Continue with Search-R1 on the scripted server.
    await panel.getByTestId('fork-strategy').selectOption('search-r1');
    await chooseServer(panel, server.url, 'fake-r1');
    await panel.getByLabel('API key').fill(KEY);
    await page.screenshot({ path: '/tmp/fork-panel.png' });
    await panel.getByTestId('fork-run').click();

    await expect(page).toHaveURL(new RegExp(`#/compare/${encodeURIComponent(parentId)}/fork_[a-z0-9]+$`), {
      timeout: 60_000,
    });
    const forkId = decodeURIComponent(page.url().split('/').at(-1)!);

    // The fork opens aligned against its parent: two columns, parted at the edited search.
    await expect(page.getByTestId('compare-run')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('divergence-banner')).toContainText('hop 2');
    await expect(page.getByTestId('divergence-banner')).toContainText('documents');
    await page.screenshot({ path: '/tmp/fork-compare.png' });

    // Only the one new turn reached the server, with the replayed prefix and the new document.
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as { messages: Array<{ role: string; content: string }> };
    const assistant = body.messages.at(-1)!.content;
    expect(assistant).toContain('<search> Citibank founding year </search>');
    expect(assistant).toMatch(
      new RegExp(`Doc 2\\(Title: ${pickedTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`),
    );
    expect(assistant).not.toContain('<|begin_of_query|>');

    // Stored with its lineage.
    const stored = await page.evaluate(async (id) => {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('hopscope');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const t = await new Promise<Record<string, unknown>>((res, rej) => {
        const r = db.transaction('trajectories').objectStore('trajectories').get(id);
        r.onsuccess = () => res(r.result as Record<string, unknown>);
        r.onerror = () => rej(r.error);
      });
      db.close();
      return t;
    }, forkId);
    expect(stored.lineage).toMatchObject({
      parentId,
      stepIndex: searchIndex,
      change: { kind: 'replace_doc', doc: { title: pickedTitle } },
      reconstruction: 'approximate',
    });
    expect((stored.answer as { text: string }).text).toBe('James Madison');
    // The key went in the request header and nowhere else.
    expect(posts[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(KEY);

    // Listed under its parent; its own view says where it came from, replayed steps dimmed.
    await page.goto(`/#/t/${encodeURIComponent(parentId)}`);
    const list = page.getByTestId('fork-list');
    await expect(list).toContainText('Forks (1)');
    await expect(list.getByTestId('fork-row')).toContainText(`replaced`);
    await expect(list.getByTestId('fork-row')).toContainText('James Madison');
    await list.getByRole('button', { name: 'open' }).click();
    await expect(page.getByTestId('fork-origin')).toContainText(`at step ${searchIndex + 1}: replaced`);
    await expect(page.getByTestId('answer')).toHaveText('James Madison');
    const docsOfFork = page.locator('[data-testid=step][data-kind=retrieve]').nth(1).getByTestId('doc');
    await expect(docsOfFork.nth(1)).toContainText(pickedTitle);
    await expect(docsOfFork).toHaveCount(5);
    await page.screenshot({ path: '/tmp/fork-view.png' });
  } finally {
    await server.close();
  }
});

test('one-click what-if: "answer now" after the first search is stored as a fork of its parent', async ({
  page,
}) => {
  const server = await startFakeOpenAiServer(() => ({
    stream: chatStream(words(' Andrew Jackson </answer>'), { finishReason: 'stop' }),
    // Slow enough to read the dialog's status while the fork runs.
    eventGapMs: 400,
  }));
  try {
    await openApp(page);
    await importAndClose(page, R1_LOG);
    await page.keyboard.press('/');
    await page.keyboard.type('the year that Citibank was founded');
    await page.getByTestId('trajectory-row').first().click();
    const parentId = decodeURIComponent(/#\/t\/([^/]+)/.exec(page.url())![1]!);
    await page.locator('[data-testid=step][data-kind=retrieve]').first().click();
    await page.getByTestId('fork-here').click();
    const panel = page.getByTestId('fork-panel');
    await chooseServer(panel, server.url, 'fake-r1');
    await panel.getByTestId('whatif-answer').click();
    // The status names the what-if being run, not "Pick a change" (issue 40 item 8).
    await expect(panel.getByTestId('fork-change-summary')).toHaveText(
      /^(Preparing|Running|Ran): answer now/i,
    );
    await expect(page).toHaveURL(new RegExp(`#/compare/${encodeURIComponent(parentId)}/fork_`), {
      timeout: 60_000,
    });
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as { messages: Array<{ content: string }> };
    // The docs so far, then the answer forced.
    expect(body.messages.at(-1)!.content).toMatch(/<\/information>\n\n<answer>$/);
    await page.goto(`/#/t/${encodeURIComponent(parentId)}`);
    const row = page.getByTestId('fork-list').getByTestId('fork-row');
    await expect(row).toContainText('answer now');
    await expect(row).toContainText('Andrew Jackson');
    await expect(row.locator('td').nth(4)).toHaveText('0');
    await page.screenshot({ path: '/tmp/fork-list.png' });
  } finally {
    await server.close();
  }
});

// Fork an imported APEX trajectory: drop a document of its first retrieval, continue with APEX
// (plan, knowledge and query history rebuilt from the steps) on the scripted server, watch the
// fork run as a live timeline, and land on the comparison of parent and fork.
const APEX_LOG = resolve(import.meta.dirname, '../app/testing/importer-fixtures/apex.jsonl');

/** APEX's replies by prompt: decisions, queries, sub-answers and the synthesis. */
function apexReply(req: RecordedRequest) {
  const body = req.body as { messages: Array<{ content: string }> };
  const prompt = body.messages.at(-1)!.content;
  const reply = (text: string, eventGapMs = 0) => ({
    stream: chatStream(words(text), { finishReason: 'stop' }),
    eventGapMs,
  });
  if (prompt.includes('Is the information above enough')) return reply('stop');
  if (prompt.includes('Can the question below be answered')) return reply('retrieve');
  if (prompt.includes('on a last line starting with "Query:"'))
    return reply('Where?\nQuery: Ilse Marrow birthplace');
  // The synthesis streams slowly, so the live view can be looked at.
  if (prompt.includes('facts collected while answering')) return reply('Sable Reach', 700);
  if (prompt.includes('Question: Who founded Veltmark Press?')) return reply('Ilse Marrow');
  if (prompt.includes('born?')) return reply('Dunhollow');
  return reply('the Sable Reach');
}

test('fork of an imported APEX trajectory continues with APEX and opens aligned against its parent', async ({
  page,
}) => {
  const server = await startFakeOpenAiServer((req) => apexReply(req));
  try {
    await openApp(page);
    await importAndClose(page, APEX_LOG, '3 of 4 records imported');
    await page.keyboard.press('/');
    await page.keyboard.type('birthplace of the founder of Veltmark Press');
    await page.getByTestId('trajectory-row').first().click();
    await expect(page.getByTestId('timeline')).toBeVisible();
    const parentId = decodeURIComponent(/#\/t\/([^/]+)/.exec(page.url())![1]!);

    // The first retrieval, then F; drop its first document (Veltmark Press).
    await page.locator('[data-testid=step][data-kind=retrieve]').first().click();
    await page.keyboard.press('Shift+F');
    const panel = page.getByTestId('fork-panel');
    await expect(panel).toBeVisible();
    await panel.getByTestId('fork-strategy').selectOption('apex');
    await expect(panel.getByTestId('fork-cannot')).toHaveCount(0);
    await expect(panel.getByTestId('reconstruction')).toContainText('does not carry the prompt');
    const docs = panel.getByTestId('fork-doc');
    await expect(docs).toHaveCount(2);
    await docs.first().getByTestId('fork-drop').click();
    await chooseServer(panel, server.url, 'fake-apex');
    await panel.getByTestId('fork-run').click();

    // The live fork: the replayed steps dimmed, the new ones streaming in.
    const live = panel.getByTestId('fork-live');
    await expect(live.getByTestId('timeline')).toBeVisible({ timeout: 60_000 });
    await expect(live.locator('.step.replayed')).toHaveCount(4);
    await expect
      .poll(() => server.requests.some((r) => r.rawBody.includes('facts collected while answering')), {
        timeout: 60_000,
      })
      .toBe(true);
    await expect(live.locator('.step:not(.replayed)').first()).toBeVisible();
    await page.screenshot({ path: '/tmp/fork12-live.png' });

    await expect(page).toHaveURL(new RegExp(`#/compare/${encodeURIComponent(parentId)}/fork_[a-z0-9]+$`), {
      timeout: 60_000,
    });
    await expect(page.getByTestId('compare-run')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('divergence-banner')).toContainText('documents');
    await page.screenshot({ path: '/tmp/fork12-compare.png' });

    // No request for the replayed prefix; the first new one reads the edited documents.
    const posts = server.requests.filter((r) => r.method === 'POST');
    const first = (posts[0]!.body as { messages: Array<{ content: string }> }).messages.at(-1)!.content;
    expect(first).toContain('Is the information above enough');
    expect(first).toContain('Orrin Vale is a market town on the Sable Reach.');
    expect(first).not.toContain('founded in 1871 by the printer Ilse Marrow');
    expect(posts.some((r) => r.rawBody.includes('Break the question down'))).toBe(false);
  } finally {
    await server.close();
  }
});
