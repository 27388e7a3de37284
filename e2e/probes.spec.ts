// Model probes on the Diagnose tab against a scripted OpenAI-compatible server on loopback: the
// Run page's model answers each search's query without retrieval (HiPRAG), the question with
// search disabled (SAAS) and at each decision point (DAS); the server has no prompt logprobs, so
// information gain (IG-Search) says why it was skipped. Replies are cached: a reload asks nothing,
// and probing the table's filtered rows asks only what the cache lacks.
import {
  chatModel,
  jawsProberReply,
  postsTo,
  startFakeOpenAiServer,
} from '../app/testing/fake-openai-server';
import { chooseServer, expect, importAndClose, jsonlFile, openApp, openFirstMatch, test } from './fixtures';

const RECORD = {
  question: 'When was the director of Jaws born?',
  answer: 'December 18, 1946',
  gen_text_store:
    'I need the director first. <|begin_of_query|> Jaws director<|end_of_query|>\n\n<|begin_of_documents|>\n' +
    '(1)Title: Jaws (film) Text: Jaws is a 1975 film directed by Steven Spielberg.\n<|end_of_documents|>\n\n' +
    'Jaws was directed by Steven Spielberg. Now his birth date. <|begin_of_query|> Steven Spielberg birth date<|end_of_query|>\n\n' +
    '<|begin_of_documents|>\n(1)Title: Steven Spielberg Text: Steven Spielberg (born 18 December 1946) is a filmmaker.\n' +
    '<|end_of_documents|>\n\nHe was born on 18 December 1946.</think>\n\n<answer> 18 December 1946 </answer>',
};

test('model probes on the configured server: verdicts per probe with evidence, cached across a reload', async ({
  page,
}) => {
  // Knows who directed Jaws; knows the birth date only from Spielberg's passage.
  const server = await startFakeOpenAiServer(chatModel(jawsProberReply));
  const posts = () => postsTo(server);
  try {
    await openApp(page);
    await page.goto('/#/run');
    await chooseServer(page, server.url, 'fake-prober', { blur: true });

    await page.goto('/#/');
    await importAndClose(page, jsonlFile('jaws.jsonl', [RECORD]), '1 of 1 record imported');
    await openFirstMatch(page, 'director of Jaws');

    await page.keyboard.press('d');
    const panel = page.getByTestId('probes-panel');
    await expect(panel.getByTestId('probe-model')).toHaveText('fake-prober');
    await expect(panel.getByTestId('probe-status')).toContainText('0 of');
    expect(posts()).toHaveLength(0);

    await page.keyboard.press('B');
    const verdicts = panel.getByTestId('probe-verdicts');
    const noRetrieval1 = verdicts.locator('li[data-probe="no-retrieval"]').first();
    await expect(noRetrieval1).toHaveAttribute('data-kind', 'over-search', { timeout: 30_000 });
    await expect(noRetrieval1).toContainText(
      'Asked "Jaws director" without retrieval, the model answers "Steven Spielberg"',
    );
    await expect(noRetrieval1).toContainText('Answer without retrieval');
    await expect(verdicts.locator('li[data-probe="no-retrieval"]').nth(1)).toHaveAttribute(
      'data-kind',
      'necessary',
    );
    const sufficient = verdicts.locator('li[data-probe="answer-now"][data-kind="sufficiency"]');
    await expect(sufficient).toContainText('search 2');
    await expect(sufficient).toContainText('After search 2 the model answers "18 December 1946"');
    await expect(verdicts.locator('li[data-probe="closed-book"]')).toHaveCount(0);
    await expect(panel.getByTestId('probe-skipped')).toContainText('Information gain: scoring failed');
    // Two queries, the question closed-book (also answer-now before any search), two more
    // decision points, and one score that failed.
    expect(posts().filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(5);
    expect(posts()).toHaveLength(6);
    await page.screenshot({ path: '/tmp/probes-diagnose.png' });

    // A verdict opens its step.
    await noRetrieval1.getByRole('button', { name: 'search 1' }).click();
    await expect(page).toHaveURL(/#\/t\/[^/]+\/2$/);

    // Cached: after a reload the verdicts are read back without asking the server.
    await page.reload();
    await page.getByRole('tab', { name: 'Diagnose (d)' }).click();
    await expect(
      page.getByTestId('probe-verdicts').locator('li[data-probe="no-retrieval"]').first(),
    ).toHaveAttribute('data-kind', 'over-search');
    await expect(page.getByTestId('probe-status')).toContainText('(6 from the cache)');
    expect(posts()).toHaveLength(6);

    // The same probes over the table's filtered rows: everything but the unscorable comes from the cache.
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.keyboard.type('director of Jaws');
    await page.keyboard.press('Enter');
    await page.getByTestId('probe-batch-run').click();
    const report = page.getByTestId('probe-batch-report');
    await expect(report).toContainText('1 trajectory probed (0 model calls)', { timeout: 30_000 });
    await expect(report).toContainText('Answer without retrieval 1 over / 0 under');
    await expect(report).toContainText('Information gain skipped on 1: scoring failed');
    expect(posts().filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(5);
    await page.screenshot({ path: '/tmp/probes-batch.png' });
  } finally {
    await server.close();
  }
});
