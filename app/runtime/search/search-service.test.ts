// The search worker's logic in Node: corpora and question sets from files into IndexedDB
// (fake-indexeddb), BM25 built once and restored from its cache, stale and corrupt caches rebuilt,
// dense vectors cached by model settings, and the three search modes.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDbPerTest, reopenDb } from '../../testing/fresh-db';
import {
  corpusId,
  getIndex,
  indexKey,
  listIndexes,
  listQuestionSets,
  putCorpus,
  putIndex,
} from '../../db/corpus-store';
import { db } from '../../db/db';
import { bm25SettingsKey } from '../../core/search/bm25';
import { importDataset } from './dataset-import';
import { type DenseSettings, denseSettingsKey, SearchService } from './search-service';

const WORLD = resolve('public', 'demo', 'world');
const SHARED = resolve('..', 'shared', 'data');

async function* chunks(text: string, size = 7_000): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

freshDbPerTest();

async function loadWorld() {
  const corpus = await importDataset(
    chunks(readFileSync(resolve(WORLD, 'corpus.jsonl'), 'utf8')),
    'corpus.jsonl',
  );
  const questions = await importDataset(
    chunks(readFileSync(resolve(WORLD, 'questions.jsonl'), 'utf8')),
    'questions.jsonl',
    corpus.corpusId ? { attachTo: corpus.corpusId } : {},
  );
  return { corpus, questions };
}

describe('importDataset', () => {
  it('stores the demo world corpus and links its question set to it', async () => {
    const { corpus, questions } = await loadWorld();
    expect(corpus).toMatchObject({ format: 'flashrag-corpus', passages: 317, questions: 0, errors: [] });
    expect(questions).toMatchObject({ format: 'flashrag-questions', questions: 55, passages: 0, errors: [] });
    expect(questions.linkedCorpusId).toBe(corpus.corpusId);
    const sets = await listQuestionSets();
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ corpusId: corpus.corpusId, questions: 55 });
  });

  it('does not link questions whose supports are not in the corpus', async () => {
    const { corpus } = await loadWorld();
    const text = readFileSync(resolve(SHARED, 'flashrag_format', 'bamboogle', 'dev_subset.jsonl'), 'utf8');
    const r = await importDataset(chunks(text), 'bamboogle.jsonl', { attachTo: corpus.corpusId! });
    expect(r.questions).toBe(75);
    expect(r.linkedCorpusId).toBeUndefined();
  });

  it('reads a HotpotQA file as a corpus plus linked questions, and reports bad records by line', async () => {
    const records = JSON.parse(
      readFileSync(resolve(SHARED, 'hotpotqa', 'dev_subset.json'), 'utf8'),
    ) as unknown[];
    const broken = [records[0], { _id: 'x', question: 42, answer: 'a', context: 'nope' }, records[1]];
    const r = await importDataset(chunks(JSON.stringify(broken, null, 1), 500), 'hotpot.json');
    expect(r.format).toBe('hotpotqa');
    expect(r.questions).toBe(2);
    expect(r.passages).toBeGreaterThan(10);
    expect(r.linkedCorpusId).toBe(r.corpusId);
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors[0]).toMatchObject({ file: 'hotpot.json' });
    expect(r.errors[0]!.line).toBeGreaterThan(1);
  });

  it('says what is wrong with an unreadable file', async () => {
    const r = await importDataset(chunks('just some words\nand more words'), 'notes.txt');
    expect(r.format === null || r.passages + r.questions === 0).toBe(true);
    expect(r.errors.length).toBeGreaterThan(0);
    const empty = await importDataset(chunks(''), 'empty.jsonl');
    expect(empty.errors[0]?.message).toMatch(/empty/);
  });
});

describe('SearchService BM25', () => {
  it('builds once, then restores from the cache with identical results', async () => {
    const { corpus } = await loadWorld();
    const id = corpus.corpusId!;
    const first = new SearchService();
    const progress: number[] = [];
    const built = await first.ensureBm25(id, { onProgress: (p) => progress.push(p.done) });
    expect(built.source).toBe('built');
    expect(progress.at(-1)).toBe(317);
    const q = { query: 'Who designed the Ambrel Bridge?', k: 5, modes: ['bm25' as const] };
    const before = (await first.search(id, q)).bm25!.hits;
    expect(before[0]!.matchedTerms).toEqual(expect.arrayContaining(['ambrel', 'bridge']));

    await reopenDb(); // a new page: a new worker, same IndexedDB
    const second = new SearchService();
    const restored = await second.ensureBm25(id);
    expect(restored.source).toBe('cache');
    expect(restored.vocabulary).toBe(built.vocabulary);
    expect((await second.search(id, q)).bm25!.hits).toEqual(before);
  });

  it('rebuilds a corrupt cached index and says why', async () => {
    const { corpus } = await loadWorld();
    const id = corpus.corpusId!;
    await new SearchService().ensureBm25(id);
    const settings = bm25SettingsKey();
    // Same sizes, garbage bytes: only decoding can tell.
    await putIndex({
      corpusId: id,
      kind: 'bm25',
      settings,
      count: 317,
      data: new Uint8Array(64).fill(7).buffer,
    });
    const r = await new SearchService().ensureBm25(id);
    expect(r.source).toBe('built');
    expect(r.rebuilt).toMatch(/corrupt/);
    expect((await getIndex(id, 'bm25', settings, { count: 317 })).status).toBe('hit');
  });

  it('treats a cached index of another passage count as corrupt, and drops indexes of an older analysis', async () => {
    const { corpus } = await loadWorld();
    const id = corpus.corpusId!;
    const svc = new SearchService();
    await svc.ensureBm25(id);
    const settings = bm25SettingsKey();
    const good = await getIndex(id, 'bm25', settings, { count: 317 });
    if (good.status !== 'hit') throw new Error('expected a cached index');
    await putIndex({ corpusId: id, kind: 'bm25', settings, count: 316, data: good.data });
    await putIndex({
      corpusId: id,
      kind: 'bm25',
      settings: 'hopscope.bm25/0;old',
      count: 317,
      data: good.data,
    });
    const r = await new SearchService().ensureBm25(id);
    expect(r.rebuilt).toMatch(/holds 316 passages, the corpus has 317/);
    const keys = (await listIndexes(id)).map((x) => x.key);
    expect(keys).toEqual([indexKey(id, 'bm25', settings)]);
  });
});

/** Deterministic unit vectors: passage i points mostly along axis i % dims. */
function fakeVectors(n: number, dims: number): Float32Array {
  const v = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    v[i * dims + (i % dims)] = 0.8;
    v[i * dims + ((i + 1) % dims)] = 0.6;
  }
  return v;
}

describe('SearchService dense and hybrid', () => {
  const settings: DenseSettings = { modelId: 'test/model', dtype: 'q8' };

  it('caches vectors by model settings and searches float, int8 and hybrid', async () => {
    const passages = Array.from({ length: 40 }, (_, i) => ({
      id: `p${i}`,
      title: `Title ${i}`,
      text: i === 3 ? 'the lighthouse keeper of Orra' : `filler passage number ${i}`,
    }));
    const id = (await putCorpus('toy', 'toy.jsonl', passages)).id;
    expect(id).toBe(corpusId(passages));
    const svc = new SearchService();
    expect(await svc.loadDense(id, settings)).toEqual({ status: 'miss', count: 40 });
    await svc.beginDense(id, settings, 8);
    const v = fakeVectors(40, 8);
    await svc.appendDense(id, settings, 0, v.slice(0, 20 * 8));
    await expect(svc.commitDense(id, settings)).rejects.toThrow(/only 20 of 40/);
    await svc.beginDense(id, settings, 8);
    await svc.appendDense(id, settings, 0, v.slice(0, 20 * 8));
    await svc.appendDense(id, settings, 20, v.slice(20 * 8));
    await svc.commitDense(id, settings, { device: 'wasm' });
    await svc.ensureBm25(id);

    const query = v.slice(3 * 8, 4 * 8); // passage 3's own vector: rows 3, 11, 19, … tie at cosine 1
    const r = await svc.search(id, {
      query: 'lighthouse keeper',
      k: 3,
      modes: ['bm25', 'dense', 'hybrid'],
      vector: query,
      dense: settings,
    });
    expect(r.bm25!.hits[0]!.id).toBe('p3');
    expect(r.dense!.hits.map((h) => h.id)).toEqual(['p3', 'p11', 'p19']);
    expect(r.dense!.hits[0]!.score).toBeCloseTo(1, 5);
    // p3 is first in both lists: RRF 2 / (60 + 1)
    expect(r.hybrid!.hits[0]).toMatchObject({
      id: 'p3',
      components: { bm25: { rank: 1 }, dense: { rank: 1 } },
    });
    expect(r.hybrid!.hits[0]!.score).toBeCloseTo(2 / 61, 10);
    const int8 = await svc.search(id, {
      query: '',
      k: 3,
      modes: ['dense'],
      vector: query,
      dense: settings,
      int8: true,
    });
    expect(int8.dense!.hits[0]!.id).toBe('p3');

    // another page: vectors come from the cache; other settings miss
    await reopenDb();
    const again = new SearchService();
    expect(await again.loadDense(id, settings)).toMatchObject({
      status: 'hit',
      dims: 8,
      info: { device: 'wasm' },
    });
    expect((await again.loadDense(id, { ...settings, dtype: 'fp32' })).status).toBe('miss');
    const same = await again.search(id, {
      query: '',
      k: 3,
      modes: ['dense'],
      vector: query,
      dense: settings,
    });
    expect(same.dense!.hits).toEqual(r.dense!.hits);
  });

  it('reports a cached dense index of the wrong size as a miss with the reason', async () => {
    const passages = [{ id: 'a', title: 'A', text: 'alpha' }];
    const id = (await putCorpus('one', 'one.jsonl', passages)).id;
    await putIndex({
      corpusId: id,
      kind: 'dense',
      settings: denseSettingsKey(settings),
      count: 1,
      dims: 8,
      data: new ArrayBuffer(12),
    });
    const r = await new SearchService().loadDense(id, settings);
    expect(r).toEqual({ status: 'miss', count: 1, why: 'cached dense index has 12 bytes, expected 32' });
  });
});

describe('SearchService memory', () => {
  const settings: DenseSettings = { modelId: 'test/model', dtype: 'q8' };
  const toy = (tag: string) =>
    Array.from({ length: 12 }, (_, i) => ({
      id: `${tag}${i}`,
      title: `${tag} ${i}`,
      text: `passage ${i} about ${tag}`,
    }));

  it('reopens an evicted corpus and restores its indexes on the next search', async () => {
    const ids = [];
    for (const tag of ['alpha', 'beta', 'gamma', 'delta'])
      ids.push((await putCorpus(tag, `${tag}.jsonl`, toy(tag))).id);
    const svc = new SearchService(2);
    await svc.ensureBm25(ids[0]!);
    await svc.beginDense(ids[0]!, settings, 8);
    await svc.appendDense(ids[0]!, settings, 0, fakeVectors(12, 8));
    await svc.commitDense(ids[0]!, settings);
    for (const id of ids.slice(1)) await svc.ensureBm25(id); // evicts the first corpus
    const r = await svc.search(ids[0]!, {
      query: 'alpha',
      k: 3,
      modes: ['bm25', 'dense'],
      vector: fakeVectors(12, 8).slice(0, 8),
      dense: settings,
    });
    expect(r.bm25!.hits[0]!.id).toMatch(/^alpha/);
    expect(r.dense!.hits[0]!.id).toBe('alpha0');
  });

  it('never evicts a corpus while its dense build is in progress', async () => {
    const ids = [];
    for (const tag of ['one', 'two', 'three']) ids.push((await putCorpus(tag, `${tag}.jsonl`, toy(tag))).id);
    const svc = new SearchService(1);
    await svc.beginDense(ids[0]!, settings, 8);
    await svc.appendDense(ids[0]!, settings, 0, fakeVectors(6, 8));
    await svc.ensureBm25(ids[1]!);
    await svc.ensureBm25(ids[2]!);
    await svc.appendDense(ids[0]!, settings, 6, fakeVectors(12, 8).slice(6 * 8));
    expect((await svc.commitDense(ids[0]!, settings)).status).toBe('hit');
  });

  it('stores BM25 lean: the snapshot holds no passage text', async () => {
    const { corpus } = await loadWorld();
    await new SearchService().ensureBm25(corpus.corpusId!);
    const cached = await getIndex(corpus.corpusId!, 'bm25', bm25SettingsKey(), { count: 317 });
    if (cached.status !== 'hit') throw new Error('expected a cached index');
    const text = new TextDecoder().decode(cached.data);
    expect(text).not.toContain('five-arch stone bridge');
  });
});

describe('SearchService: a dense build pauses and resumes across reloads', () => {
  const settings: DenseSettings = { modelId: 'test/model', dtype: 'q8' };
  const passages = Array.from({ length: 50 }, (_, i) => ({ id: `p${i}`, title: '', text: `passage ${i}` }));

  it('keeps each embedded chunk, resumes after a reload where it stopped, and cleans up on commit', async () => {
    const id = (await putCorpus('toy', 'toy.jsonl', passages)).id;
    const v = fakeVectors(50, 8);
    let svc = new SearchService();
    expect(await svc.beginDense(id, settings, 8)).toBe(0);
    await svc.appendDense(id, settings, 0, v.slice(0, 16 * 8));
    await svc.appendDense(id, settings, 16, v.slice(16 * 8, 32 * 8));
    await svc.abortDense(id, settings); // pause
    const partial = (await listIndexes(id)).find((i) => i.kind === 'dense-partial');
    expect(partial).toMatchObject({ count: 32, total: 50, dims: 8 });

    await reopenDb(); // a new page: nothing in memory
    svc = new SearchService();
    expect(await svc.beginDense(id, settings, 8)).toBe(32);
    await svc.appendDense(id, settings, 32, v.slice(32 * 8));
    await svc.commitDense(id, settings);
    expect((await listIndexes(id)).map((i) => i.kind)).toEqual(['dense']);
    expect((await (await db()).getAllKeys('indexData')).filter((k) => k.includes('#'))).toEqual([]);

    // The committed vectors equal what was embedded before and after the reload.
    const cached = await getIndex(id, 'dense', denseSettingsKey(settings), { count: 50, dims: 8 });
    expect(cached.status).toBe('hit');
    expect(new Float32Array((cached as { data: ArrayBuffer }).data)).toEqual(v);
  });

  it('starts afresh on rebuild, on discard, and when the vector width changed', async () => {
    const id = (await putCorpus('toy', 'toy.jsonl', passages)).id;
    const svc = new SearchService();
    await svc.beginDense(id, settings, 8);
    await svc.appendDense(id, settings, 0, fakeVectors(16, 8));
    expect(await svc.beginDense(id, settings, 8, true)).toBe(0);
    await svc.appendDense(id, settings, 0, fakeVectors(16, 8));
    expect(await svc.beginDense(id, settings, 4)).toBe(0); // another width: dropped
    await svc.appendDense(id, settings, 0, fakeVectors(16, 4));
    await svc.discardPartialDense(id, denseSettingsKey(settings));
    expect(await listIndexes(id)).toEqual([]);
    expect(await svc.beginDense(id, settings, 4)).toBe(0);
  });
});
