// LLM-as-judge correctness (Learning When to Search §4.1, appendix B.4): an answer that EM calls
// wrong (the paper's own example, `16 June 1874` against gold `June 16, 1874`) is judged by the
// model configured on the Run page — here a scripted OpenAI-compatible server on loopback — and
// the answer's verdict and the reward that depends on it change; the verdict is cached.
import type { Page } from '@playwright/test';
import { chatStream, startFakeOpenAiServer } from '../app/testing/fake-openai-server';
import { chooseServer, expect, importAndClose, jsonlFile, openApp, openFirstMatch, test } from './fixtures';

const QUESTION = "When did Lavinia Norcross Dickinson's father die?";
// An R1-Searcher record: one search, then the right date in another form.
const RECORD = {
  question: QUESTION,
  answer: 'June 16, 1874',
  gen_text_store:
    'I should search. <|begin_of_query|> Edward Dickinson death<|end_of_query|>\n\n<|begin_of_documents|>\n' +
    '(1)Title: Edward Dickinson Text: Edward Dickinson died on June 16, 1874.\n' +
    '<|end_of_documents|>\n\nHe died in 1874.</think>\n\n<answer> 16 June 1874 </answer>',
};

/** The scripted judge: YES only when shown the normalized prediction and gold of B.4. */
function startDickinsonJudge() {
  return startFakeOpenAiServer((req) => {
    const prompt = JSON.stringify(req.body ?? '');
    const yes = prompt.includes('16 june 1874') && prompt.includes('june 16 1874');
    return { stream: chatStream([yes ? 'YES' : 'NO'], { finishReason: 'stop' }) };
  });
}

/** The judge at `url` configured on the Run page, then the record imported and opened. */
async function openRecordWithJudge(page: Page, url: string): Promise<void> {
  await openApp(page);
  await page.goto('/#/run');
  await chooseServer(page, url, 'fake-judge', { blur: true });
  await page.goto('/#/');
  await importAndClose(page, jsonlFile('dickinson.jsonl', [RECORD]), '1 of 1 record imported');
  await openFirstMatch(page, 'Lavinia');
}

const wtsValue = (page: Page) =>
  page.locator('[data-reward="when-to-search/total"] [data-testid=reward-value]');

test('an LLM judge on the configured server moves an EM-wrong answer to correct, and rewards follow', async ({
  page,
}) => {
  const server = await startDickinsonJudge();
  const posts = () => server.requests.filter((r) => r.method === 'POST');
  try {
    await openRecordWithJudge(page, server.url);

    const verdict = page.getByTestId('answer-correct');
    await expect(verdict).toHaveText('correct by EM: no');
    await page.keyboard.press('r');
    await expect(page.getByTestId('rewards-signal')).toHaveText('EM');
    await expect(wtsValue(page)).not.toHaveText('–');
    const emReward = Number(await wtsValue(page).textContent());

    await page.getByTestId('correctness-signal').selectOption('llm-judge');
    await expect(verdict).toHaveText('correct by LLM judge · fake-judge: not judged');
    await expect(wtsValue(page)).toHaveText('–');
    expect(posts()).toHaveLength(0);

    await page.keyboard.press('J');
    await expect(verdict).toHaveText('correct by LLM judge · fake-judge: yes');
    await expect(verdict).toHaveAttribute('data-correct', 'true');
    expect(posts()).toHaveLength(1);
    // Stage 1 r_a: wrong −1 + β·RC → correct 1: the reward rises by 2 − 0.3 = 1.7.
    await expect(wtsValue(page)).not.toHaveText('–');
    const judgedReward = Number(await wtsValue(page).textContent());
    expect(judgedReward - emReward).toBeCloseTo(1.7, 6);
    await expect(page.getByTestId('reward-signal').first()).toContainText('LLM judge · fake-judge');
    await page.screenshot({ path: '/tmp/judge10-trajectory.png' });

    // Cached: after a reload the verdict is there without asking the server again.
    await page.reload();
    await expect(page.getByTestId('answer-correct')).toHaveText('correct by LLM judge · fake-judge: yes');
    expect(posts()).toHaveLength(1);

    // The table's filter can be judged as a whole; this answer's verdict comes from the cache.
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.keyboard.type('Lavinia');
    await page.keyboard.press('Enter');
    await page.getByTestId('judge-button').click();
    await expect(page.getByTestId('judge-report')).toHaveText('0 judged, 1 cached');
    expect(posts()).toHaveLength(1);
    await page.screenshot({ path: '/tmp/judge10-dataset.png' });
  } finally {
    await server.close();
  }
});

test('without a judge, the Rewards tab says the When-to-Search reward is EM and judges it in one click', async ({
  page,
}) => {
  const server = await startDickinsonJudge();
  const posts = () => server.requests.filter((r) => r.method === 'POST');
  try {
    await openRecordWithJudge(page, server.url);
    await page.keyboard.press('r');

    // No signal chosen and no verdict: EM decides, and the card says so beside its value.
    const card = page.locator('[data-reward="when-to-search/total"]');
    await expect(wtsValue(page)).not.toHaveText('–');
    const emReward = Number(await wtsValue(page).textContent());
    const note = card.getByTestId('paper-judge-note');
    await expect(note).toBeVisible();
    await expect(note).toContainText(
      'correct by EM, not the paper’s LLM judge (Learning When to Search §4.1, appendix B.4)',
    );
    // The configured server and the in-browser model are both offered as the judge.
    const offers = note.getByTestId('paper-judge');
    await expect(offers).toHaveCount(2);
    await expect(offers.first()).toHaveText('fake-judge (server)');
    await expect(offers.nth(1)).toHaveAttribute('data-kind', 'browser');
    // QAgent decides by EM itself: no note on its cards.
    await expect(page.locator('[data-reward="qagent/stage1"] [data-testid=paper-judge-note]')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/papers-wts-rewards-em-note.png' });

    // One click: the server judges this answer; the reward takes the verdict, the note goes.
    await offers.first().click();
    await expect(note).toHaveCount(0);
    expect(posts()).toHaveLength(1);
    const judgedReward = Number(await wtsValue(page).textContent());
    expect(judgedReward - emReward).toBeCloseTo(1.7, 6);
    await expect(card.getByTestId('reward-signal')).toContainText('LLM judge · fake-judge');
    // The signal itself was not chosen: the answer's own verdict is still EM's.
    await expect(page.getByTestId('answer-correct')).toHaveText('correct by EM: no');
  } finally {
    await server.close();
  }
});

test('the four categories say they are EM, not the paper’s judge, and one click judges them all', async ({
  page,
}) => {
  const server = await startFakeOpenAiServer((req) => {
    if (req.path.endsWith('/models')) return { json: { data: [{ id: 'fake-judge' }] } };
    // The judge's prompt asks for YES or NO; the runs answer at once.
    const judging = JSON.stringify(req.body ?? '').includes('YES');
    return { stream: chatStream([judging ? 'YES' : '<answer> Paris </answer>'], { finishReason: 'stop' }) };
  });
  try {
    await page.goto('/#/run');
    await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({
      timeout: 30_000,
    });
    await chooseServer(page, server.url, 'fake-judge', { blur: true });
    await page.getByTestId('batch-tab').click();
    await page.getByTestId('batch-n').fill('1');
    await expect(page.getByTestId('batch-start')).toContainText('2 runs');
    await page.getByTestId('batch-start').click();
    await expect(page.getByTestId('batch-item').first().getByTestId('batch-status')).toHaveText('done', {
      timeout: 120_000,
    });
    await expect(page.getByTestId('four-categories').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('categories-signal')).toHaveText('(correct by EM)');
    const note = page.getByTestId('compare').getByTestId('paper-judge-note');
    await expect(note).toBeVisible();
    await expect(note).toContainText(
      'correct by EM, not the paper’s LLM judge (Learning When to Search §4.1, appendix B.4)',
    );
    await page.screenshot({ path: '/tmp/papers-wts-categories-em-note.png', fullPage: true });
    await note.getByTestId('paper-judge').first().click();
    await expect(page.getByTestId('categories-signal')).toHaveText('(correct by LLM judge · fake-judge)');
    await expect(note).toHaveCount(0);
  } finally {
    await server.close();
  }
});
