// Two leftovers of issue 10 against a scripted OpenAI-compatible server on loopback:
// - the model rewrite of a MuSiQue gold plan (APEX v2 appendix C.1) shown beside the step as
//   written and its deterministic question form (SEPR's fallback when no rewrite is cached);
// - an ablation preset (ExSearch §5.2, Table 3) run as one batch, each arm labelled in the
//   comparison with its accuracy and retrieval count.
import { writeFileSync } from 'node:fs';
import { chatStream, startFakeOpenAiServer } from '../app/testing/fake-openai-server';
import {
  chooseServer,
  expect,
  importOneAndOpen,
  loadMusiqueQuestions,
  musiqueRecord,
  test,
} from './fixtures';

test('the configured model rewrites a gold plan, shown beside the raw and the SEPR form', async ({
  page,
}, info) => {
  // The fake model turns a step into a question that keeps its `#n` (or drops it for step 3).
  const server = await startFakeOpenAiServer((req) => {
    const body = JSON.stringify(req.body ?? '');
    const step = /Step: (.*?)\\n/.exec(body)?.[1] ?? '';
    const ref = /#\d/.exec(step)?.[0];
    return {
      stream: chatStream([ref ? `Question: Which capital belongs to ${ref}?` : 'Where is Van Hook?']),
    };
  });
  try {
    const rec = musiqueRecord();
    const log = info.outputPath('qagent.jsonl');
    writeFileSync(
      log,
      `${JSON.stringify({ question: rec.question, output: `<answer> ${rec.answer} </answer>` })}\n`,
    );
    await page.goto('/#/run');
    await chooseServer(page, server.url, 'fake-rewriter', { blur: true });

    await loadMusiqueQuestions(page);

    await importOneAndOpen(page, log, rec.question);
    await page.keyboard.press('m');

    const goldPlan = page.getByTestId('gold-plan');
    await expect(goldPlan.getByTestId('gold-plan-model')).toHaveCount(0);
    await page.getByTestId('gold-plan-rewrite').click();
    const model = goldPlan.getByTestId('gold-plan-model');
    await expect(model).toHaveCount(rec.question_decomposition.length, { timeout: 30_000 });
    await expect(goldPlan.locator('thead')).toContainText('by fake-rewriter');
    const second = goldPlan.locator('tbody tr').nth(1).locator('td');
    // Raw, the deterministic question SEPR compares with, and the model's rewrite side by side.
    await expect(second.nth(1)).toHaveText(rec.question_decomposition[1]!.question);
    await expect(second.nth(2)).toHaveText('What is the capital of #1?');
    await expect(second.nth(3)).toHaveText('Which capital belongs to #1?');
    await expect(goldPlan.locator('tbody tr').first().locator('td').nth(3)).toHaveText('Where is Van Hook?');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(
      rec.question_decomposition.length,
    );
    await page.screenshot({ path: '/tmp/i10c-plan-rewrite.png', fullPage: true });
    // The rewrites are cached (SEPR uses them): after a reload they show without asking the model.
    await page.reload();
    await expect(async () => {
      await page.keyboard.press('m');
      await expect(goldPlan).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(goldPlan.locator('tbody tr').nth(1).locator('td').nth(3)).toHaveText(
      'Which capital belongs to #1?',
    );
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(
      rec.question_decomposition.length,
    );
  } finally {
    await server.close();
  }
});

test('an ExSearch ablation preset runs its four arms (Table 3) as one batch, each labelled', async ({
  page,
}) => {
  const server = await startFakeOpenAiServer((req) => {
    if (req.path.endsWith('/models')) return { json: { data: [{ id: 'fake-ex' }] } };
    return { stream: chatStream(['<FINAL> Paris'], { finishReason: 'stop' }) };
  });
  try {
    await page.goto('/#/run');
    await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({
      timeout: 30_000,
    });
    await chooseServer(page, server.url, 'fake-ex');

    await page.getByTestId('batch-tab').click();
    await page.getByTestId('mode-ablation').click();
    await page.getByTestId('ablation-preset').selectOption('exsearch-actions');
    await expect(page.getByTestId('ablation-arms').locator('li')).toHaveText([
      /^full/,
      /^w\/o thinking/,
      /^w\/o search/,
      /^w\/o recording/,
    ]);
    await page.getByTestId('ablation-n').fill('1');
    await expect(page.getByTestId('ablation-start')).toContainText('4 runs');
    await page.getByTestId('ablation-start').click();

    const item = page.getByTestId('batch-item').first();
    await expect(item.getByTestId('batch-status')).toHaveText('done', { timeout: 120_000 });
    await expect(item).toContainText(
      'ablation of exsearch: full vs w/o thinking vs w/o search vs w/o recording',
    );
    const rows = page.getByTestId('ablation-table').locator('tbody tr');
    await expect(rows.locator('th')).toHaveText(['full', 'w/o thinking', 'w/o search', 'w/o recording']);
    for (const i of [0, 1, 2, 3]) await expect(rows.nth(i).locator('td').first()).toHaveText('1');
    // w/o thinking retrieves once, with the question (retrieve-then-generate).
    await expect(rows.nth(1).locator('td').nth(4)).toHaveText('1.00');
    // w/o search (self-ask without external knowledge, §5.2) retrieves nothing.
    await expect(rows.nth(2).locator('td').nth(4)).toHaveText('0.00');
    await page.screenshot({ path: '/tmp/i10c-ablation.png', fullPage: true });
  } finally {
    await server.close();
  }
});
