// In-browser retrieval as a user meets it: the demo world indexed with BM25 and a real embedding
// model (random weights, real architecture) in the workers, three result lists, a reload that
// restores both indexes without embedding a single passage, benchmark files through the loader,
// a CSV through the column mapping, WebGPU agreeing with WASM, and a remote retriever over HTTP.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { Bm25Index } from '../app/core/search/bm25';
import { WORLD_PASSAGES } from '../app/demo/world/passages';
import { expect, SHARED, test } from './fixtures';

const TEST_EMBEDDER = 'hopscope-test/tiny-random-bert';

interface Listed {
  id: string;
  score: string;
}

async function column(page: Page, mode: string): Promise<Listed[]> {
  const col = page.getByTestId(`results-${mode}`);
  await expect(col.getByTestId('hit').first()).toBeVisible({ timeout: 30_000 });
  return col.getByTestId('hit').evaluateAll((els) =>
    els.map((el) => ({
      id: el.querySelector('.hit-title')?.textContent ?? '',
      score: el.querySelector('.score')?.textContent ?? '',
    })),
  );
}

async function search(page: Page, query: string): Promise<void> {
  await page.getByTestId('corpus-query').fill(query);
  await page.getByTestId('corpus-query').press('Enter');
}

async function embedCounts(page: Page): Promise<{ passages: number; queries: number }> {
  return page.evaluate(() => {
    const c = (globalThis as { hopscopeEmbedCounts?: { passages: number; queries: number } })
      .hopscopeEmbedCounts;
    return { passages: c?.passages ?? -1, queries: c?.queries ?? -1 };
  });
}

async function useTestEmbedder(page: Page, device: 'auto' | 'wasm' | 'webgpu' = 'auto'): Promise<void> {
  await page.getByTestId('embed-model').fill(TEST_EMBEDDER);
  await page.getByTestId('embed-model').blur();
  await page.getByTestId('embed-device').selectOption(device);
  await page.getByTestId('embed-offline').check();
}

test('demo world: BM25 and dense indexes, three result lists, restored on reload without re-embedding', async ({
  page,
}) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('corpus-stats')).toContainText('317 passages', { timeout: 30_000 });
  await expect(page.getByTestId('bm25-status')).toContainText('Built', { timeout: 30_000 });
  await expect(page.getByTestId('bm25-status')).toContainText('317 passages');

  await useTestEmbedder(page);
  await page.getByTestId('build-dense').click();
  await expect(page.getByTestId('dense-status')).toContainText('Embedded', { timeout: 120_000 });
  // No real GPU here: auto picks WASM and says why.
  await expect(page.getByTestId('dense-status')).toContainText('on WASM');
  await expect(page.getByTestId('dense-status')).toContainText('317 ×');
  expect((await embedCounts(page)).passages).toBe(317);

  await search(page, 'Who signed the Treaty of Merrowick?');
  const bm25 = await column(page, 'bm25');
  const dense = await column(page, 'dense');
  const hybrid = await column(page, 'hybrid');
  expect(bm25[0]?.id).toBe('Treaty of Merrowick');
  expect(bm25).toHaveLength(10);
  expect(dense).toHaveLength(10);
  expect(hybrid).toHaveLength(10);
  // BM25 shows the terms that matched; hybrid shows both component ranks.
  await expect(page.getByTestId('results-bm25').getByTestId('hit').first()).toContainText('merrowick');
  await expect(page.getByTestId('results-hybrid').getByTestId('components').first()).toContainText(
    /BM25 (#\d+|—) · dense (#\d+|—)/,
  );

  // A document opens in the document view, as text.
  await page.getByTestId('results-bm25').locator('.hit-title').first().click();
  await expect(page.getByTestId('document-view')).toContainText('12 September 1861');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('document-view')).toHaveCount(0);

  // Reload: a new page, new workers, the same IndexedDB.
  await page.reload();
  await expect(page.getByTestId('bm25-status')).toContainText('Restored from cache', { timeout: 30_000 });
  await expect(page.getByTestId('dense-status')).toContainText('Restored from cache', { timeout: 60_000 });
  await search(page, 'Who signed the Treaty of Merrowick?');
  expect(await column(page, 'bm25')).toEqual(bm25);
  expect(await column(page, 'dense')).toEqual(dense);
  expect(await column(page, 'hybrid')).toEqual(hybrid);
  // Not a single passage was embedded after the reload; only the query was.
  expect(await embedCounts(page)).toEqual({ passages: 0, queries: 1 });
});

test('questions from the demo world search with their gold passages marked', async ({ page }) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('question').filter({ hasText: 'Treaty of Merrowick signed' }).click();
  await expect(page.getByTestId('gold-line')).toContainText('1861');
  await expect(page.getByTestId('results-bm25')).toContainText('gold 1/1');
  await expect(page.getByTestId('results-bm25').getByTestId('hit').first()).toContainText('gold');
});

test('loads a HotpotQA file and a mapped CSV, and reports bad rows by line', async ({ page }, info) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('load-dataset').click();
  await page.getByTestId('dataset-file').setInputFiles(resolve(SHARED, 'data/hotpotqa/dev_subset.json'));
  await expect(page.getByTestId('dataset-format')).toContainText('auto: HotpotQA');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  // A clean load closes the dialog and says what came in.
  await expect(page.getByRole('status')).toContainText('126 questions', { timeout: 60_000 });
  await expect(page.getByRole('dialog', { name: 'Load a corpus or question set' })).toHaveCount(0);
  await expect(page.getByTestId('corpus-stats')).toContainText('hotpotqa');
  await expect(page.getByTestId('corpus-stats')).toContainText('126 questions');
  await expect(page.getByTestId('bm25-status')).toContainText('Built', { timeout: 30_000 });
  await page.getByTestId('question').first().click();
  await expect(page.getByTestId('results-bm25')).toContainText(/gold \d\/\d/);

  const csv = info.outputPath('passages.csv');
  writeFileSync(
    csv,
    [
      'pid,heading,body',
      '1,Lantern Hill,"Lantern Hill is a hill above the harbour, known for its beacon."',
      '2,Copper Street,Copper Street runs from the old mint to the river.',
      '3,Broken,"an unterminated ""quote,',
    ].join('\n'),
  );
  await page.getByTestId('load-dataset').click();
  await page.getByTestId('dataset-file').setInputFiles(csv);
  await expect(page.getByTestId('column-mapping')).toBeVisible();
  await page.getByLabel('column for id').selectOption('pid');
  await page.getByLabel('column for title').selectOption('heading');
  await page.getByLabel('column for text').selectOption('body');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  const report = page.getByTestId('dataset-report');
  await expect(report).toContainText('2 passages');
  await expect(report).toContainText('passages.csv:4');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('corpus-stats')).toContainText('2 passages');
  await expect(page.getByTestId('bm25-status')).toContainText('Built', { timeout: 30_000 });
  await search(page, 'beacon');
  expect((await column(page, 'bm25'))[0]?.id).toBe('Lantern Hill');
});

test('WebGPU (SwiftShader) embeds the same vectors as WASM', async ({ page }, info) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
  const csv = info.outputPath('small.csv');
  writeFileSync(
    csv,
    [
      'id,title,text',
      ...WORLD_PASSAGES.slice(0, 12).map((p) => `${p.id},"${p.title}","${p.text.replace(/"/g, '""')}"`),
    ].join('\n'),
  );
  await page.getByTestId('load-dataset').click();
  await page.getByTestId('dataset-file').setInputFiles(csv);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('12 passages');
  await expect(page.getByTestId('bm25-status')).toContainText('Built', { timeout: 30_000 });

  await useTestEmbedder(page, 'wasm');
  await page.getByLabel('Precision').selectOption('fp32');
  await page.getByTestId('build-dense').click();
  await expect(page.getByTestId('dense-status')).toContainText('fp32 on WASM', { timeout: 120_000 });
  await search(page, 'the capital of Veloria');
  const wasm = await column(page, 'dense');

  await page.getByTestId('embed-device').selectOption('webgpu');
  await page.getByTestId('rebuild-dense').click();
  await expect(page.getByTestId('dense-status')).toContainText('fp32 on WebGPU', { timeout: 180_000 });
  await expect(page.getByTestId('dense-status')).toContainText('software fallback');
  await search(page, 'the capital of Veloria ');
  const gpu = await column(page, 'dense');
  expect(gpu.map((h) => h.id)).toEqual(wasm.map((h) => h.id));
  for (const [i, h] of gpu.entries()) expect(Number(h.score)).toBeCloseTo(Number(wasm[i]!.score), 3);
});

test('a Search-R1 retrieval server answers beside the local index; a dead one shows its error', async ({
  page,
}) => {
  const index = new Bm25Index();
  index.add(WORLD_PASSAGES.map((p) => ({ id: p.id, title: p.title, text: p.text })));
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls++;
      const { queries, topk } = JSON.parse(body) as { queries: string[]; topk: number };
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          result: queries.map((q) =>
            index
              .search(q, topk)
              .map((h) => ({ document: { id: h.id, contents: `"${h.title}"\n${h.text}` }, score: h.score })),
          ),
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/retrieve`;
  try {
    await page.goto('/#/corpus');
    await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('remote-url').fill(url);
    await page.getByTestId('remote-enabled').check();
    await search(page, 'Ambrel Bridge engineer');
    const remote = await column(page, 'remote');
    expect(remote[0]?.id).toBe((await column(page, 'bm25'))[0]?.id);
    expect(calls).toBe(1);

    await page.getByTestId('remote-url').fill('http://127.0.0.1:9/retrieve');
    await search(page, 'Ambrel Bridge engineer again');
    await expect(page.getByTestId('error-remote')).toContainText('127.0.0.1:9', { timeout: 30_000 });
    await expect(page.getByTestId('results-bm25').getByTestId('hit').first()).toBeVisible();
  } finally {
    server.close();
  }
});

test('a missing embedding model is named with the path it was looked for at', async ({ page }) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('bm25-status')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('embed-model').fill('hopscope-test/no-such-model');
  await page.getByTestId('embed-offline').check();
  await page.getByTestId('build-dense').click();
  await expect(page.getByTestId('dense-error')).toContainText('/models/hopscope-test/no-such-model/', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('dense-error')).toContainText('offline mode');
  // The page is still usable.
  await search(page, 'Casmere');
  await expect(page.getByTestId('results-bm25').getByTestId('hit').first()).toBeVisible();
});
