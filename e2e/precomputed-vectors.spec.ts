// Precomputed embeddings: vectors made offline (here in Node, by the same random-weight test
// model the page loads) become the demo corpus's dense index without embedding one passage in the
// browser, rank as the offline vectors say, and a query embedder of another model is refused.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { env, pipeline } from '@huggingface/transformers';
import type { Page } from '@playwright/test';
import { encodeNpy } from '../app/testing/npy-writer';
import { expect, SHARED, test } from './fixtures';

const MODEL = 'hopscope-test/tiny-random-bert';
const QUERY = 'Who signed the Treaty of Merrowick?';

interface Rec {
  id: string;
  contents: string;
}

async function embed(texts: string[]): Promise<{ data: Float32Array; dims: number }> {
  env.localModelPath = resolve(SHARED, 'models') + '/';
  env.allowRemoteModels = false;
  // q8: what the page loads on WASM, so the query vectors of both sides agree.
  const ex = await pipeline('feature-extraction', MODEL, { dtype: 'q8' });
  const t = await ex(texts, { pooling: 'mean', normalize: true });
  return { data: t.data as Float32Array, dims: t.dims[1]! };
}

/** Titles of the `k` passages nearest the query by the offline vectors. */
function nearest(rows: Float32Array, dims: number, q: Float32Array, titles: string[], k: number): string[] {
  const scores = titles.map((_, i) => {
    let s = 0;
    for (let j = 0; j < dims; j++) s += rows[i * dims + j]! * q[j]!;
    return { i, s };
  });
  return scores
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((x) => titles[x.i]!);
}

async function denseTitles(page: Page): Promise<string[]> {
  const col = page.getByTestId('results-dense');
  await expect(col.getByTestId('hit').first()).toBeVisible({ timeout: 30_000 });
  return col.locator('.hit-title').allTextContents();
}

test('precomputed .npy and JSONL vectors: dense search without embedding passages, another model refused', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const records = readFileSync(resolve('public/demo/world/corpus.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Rec);
  const titles = records.map((r) => r.contents.split('\n')[0]!);
  const { data, dims } = await embed(records.map((r) => r.contents));
  const query = (await embed([QUERY])).data;
  const npy = info.outputPath('world-minilm.npy');
  writeFileSync(npy, encodeNpy(data, [records.length, dims]));
  const jsonl = info.outputPath('world-with-vectors.jsonl');
  writeFileSync(
    jsonl,
    records
      .map((r, i) => JSON.stringify({ ...r, embedding: [...data.subarray(i * dims, (i + 1) * dims)] }))
      .join('\n'),
  );

  await page.goto('/#/corpus');
  await expect(page.getByTestId('corpus-stats')).toContainText(`${records.length} passages`, {
    timeout: 30_000,
  });
  await page.getByTestId('embed-model').fill(MODEL);
  await page.getByTestId('embed-model').blur();
  await page.getByTestId('embed-offline').check();

  await page.getByTestId('precomputed').locator('summary').click();
  await page.getByTestId('vectors-file').setInputFiles(npy);
  const status = page.getByTestId('dense-status');
  await expect(status).toContainText('Precomputed vectors (world-minilm.npy)', { timeout: 60_000 });
  await expect(status).toContainText(`made by ${MODEL}`);
  await expect(status).toContainText(`${records.length} × ${dims}`);
  await page.screenshot({ path: '/tmp/emb13-vectors.png', fullPage: true });

  await page.getByTestId('corpus-query').fill(QUERY);
  await page.getByTestId('corpus-query').press('Enter');
  const shown = await denseTitles(page);
  const offline = nearest(data, dims, query, titles, 10);
  // The page's query vector (WASM) and Node's agree up to rounding: the lists match at the top.
  expect(offline.slice(0, 3)).toContain(shown[0]);
  expect(shown.slice(0, 3)).toContain(offline[0]);
  const counts = await page.evaluate(
    () => (globalThis as { hopscopeEmbedCounts?: { passages: number; queries: number } }).hopscopeEmbedCounts,
  );
  expect(counts).toMatchObject({ passages: 0, queries: 1 });

  // The same vectors in the corpus JSONL, said to be made by another model: stored, but the
  // configured embedder may not query them.
  await page.getByTestId('vectors-model').fill('hopscope-test/another-model');
  await page.getByTestId('vectors-file').setInputFiles(jsonl);
  const error = page.getByTestId('dense-error');
  await expect(error).toContainText(
    'the vectors in world-with-vectors.jsonl (embedding) were made by hopscope-test/another-model',
    { timeout: 60_000 },
  );
  await expect(error).toContainText(`configured embedder is ${MODEL}`);
  await page.screenshot({ path: '/tmp/emb13-mismatch.png', fullPage: true });
});
