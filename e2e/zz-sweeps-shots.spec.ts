import { chatStream, startFakeOpenAiServer } from '../app/core/llm/fake-openai-server';
import { expect, test } from './fixtures';
const words = (s: string) => s.match(/\S+\s*|\s+/g) ?? [];
test('shots', async ({ page }) => {
  test.setTimeout(300_000);
  let k = 0;
  const server = await startFakeOpenAiServer((req) => {
    if (req.path.endsWith('/models')) return { json: { data: [{ id: 'fake' }] } };
    k++;
    const n = (req.rawBody.match(/Doc 1\(Title:/g) ?? []).length;
    const reply = n >= 1 + (k % 2)
      ? `<answer> ${k % 3 ? 'Mount Ceradon' : '1868'} </answer>`
      : '<think>look.</think>\n<search> founder of the institute </search>';
    return { stream: chatStream(words(reply), { finishReason: 'stop' }) };
  });
  await page.goto('/#/run');
  await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({ timeout: 30_000 });
  await page.getByTestId('backend-http').click();
  await page.getByTestId('http-url').fill(server.url);
  await page.getByTestId('http-model').fill('fake');
  await page.getByTestId('batch-tab').click();
  for (const s of ['standard-rag', 'when-to-search', 'ircot']) await page.getByTestId(`batch-strategy-${s}`).check();
  await page.getByTestId('batch-n').fill('3');
  await page.getByTestId('batch-start').click();
  await expect(page.getByTestId('batch-item').first().getByTestId('batch-status')).toHaveText('done', { timeout: 120_000 });
  await page.screenshot({ path: '/tmp/sweeps-batch.png', fullPage: true });
  await page.getByTestId('scatter').screenshot({ path: '/tmp/sweeps-scatter.png' });
  await page.getByTestId('mode-sweep').click();
  await page.getByTestId('sweep-strategy').selectOption('search-r1');
  await page.getByTestId('sweep-values').fill('1, 3');
  await page.getByTestId('sweep-add-param').click();
  await page.getByTestId('sweep-values').nth(1).fill('1, 2, 4');
  await page.getByTestId('sweep-n').fill('2');
  await page.getByTestId('sweep-start').click();
  await expect(page.getByTestId('batch-item').first().getByTestId('batch-status')).toHaveText('done', { timeout: 120_000 });
  await page.screenshot({ path: '/tmp/sweeps-sweep2.png', fullPage: true });
  await page.getByTestId('sweep-values').nth(1).fill('1,2,3,4,5,6,7,8');
  await page.getByTestId('sweep-values').nth(0).fill('1,2,3,4,5,6,7');
  await page.getByTestId('sweep-form').screenshot({ path: '/tmp/sweeps-form.png' });
  await server.close();
});
