// `npm run bench -- index [--json] [--docs N] [--queries N] [--dense-docs N] [--no-libs] [--no-embed]
//                         [--no-browser]`
//
// Lexical: on (a) a deterministic synthetic corpus (50,000 passages of 60–120 Zipf-distributed
// words) and (b) every passage buildable from ../shared/data, build our BM25 index, Orama and
// MiniSearch in this process (each indexes one `contents` field = title + "\n" + text), and time the
// same top-10 queries on each (synthetic: 2–6 words drawn from corpus passages; real: the datasets'
// questions). Reports build time, memory kept (V8 heap + ArrayBuffers, after GC), p50/p95 latency,
// and on the real corpus the recall@10 of the gold supporting passages. Also times snapshot
// encode / decode / restore of our index (the IndexedDB path).
// Dense: exact top-10 over N × 384 random unit vectors (float32, int8; WebAssembly SIMD and the JS
// fallback) and int8 recall@10 against float32.
// Embedding: passages/s on the test embedding model, one passage per call vs batched, in Chromium's
// embedding worker and in Node (embed-bench.ts).

import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';
import { Bm25Index, decodeBm25Snapshot, encodeBm25Snapshot } from '../app/core/search/bm25';
import { FloatVectorIndex, Int8VectorIndex, normalize, recallAtK } from '../app/core/search/dense';
import { STOPWORDS } from '../app/core/search/tokenize';
import type { Passage } from '../app/core/search/types';
import { benchEmbedding } from './embed-bench';
import { benchMiniLm } from './minilm-bench';
import { prng, realCorpus, syntheticCorpus, syntheticQueries, type RealQuery } from './corpus';
import { flag, gc, measureBuild, measureLatency, note, round, table } from './util';

interface EngineResult {
  engine: string;
  /** Queries timed (all of them unless the engine hit the time budget). */
  timed: number;
  build_s: number;
  heap_mib: number;
  p50_ms: number;
  p95_ms: number;
  mean_ms: number;
  recall_at_10?: number;
}

interface CorpusResult {
  name: string;
  docs: number;
  queries: number;
  engines: EngineResult[];
  snapshot?: { bytes: number; encode_ms: number; decode_ms: number; restore_ms: number };
}

interface Engine {
  name: string;
  build(passages: readonly Passage[]): Promise<(query: string) => string[] | Promise<string[]>>;
}

const ours: Engine = {
  name: 'hopscope bm25',
  async build(passages) {
    const index = new Bm25Index();
    index.add(passages);
    index.commit(); // merges pending postings: part of the build
    return (q) => index.search(q, 10).map((h) => h.id);
  },
};

const orama: Engine = {
  name: 'orama',
  async build(passages) {
    const db = create({
      schema: { id: 'string', contents: 'string' } as const,
      components: { tokenizer: { stopWords: [...STOPWORDS] } },
    });
    await insertMultiple(
      db,
      passages.map((p) => ({ id: p.id, contents: `${p.title}\n${p.text}` })),
      1000,
    );
    return async (q) => {
      // threshold 1: documents matching any query word (OR), like the others. Orama also expands
      // every query word as a prefix ("paris" matches "parisian"); its `exact` option is not a
      // whole-word switch but a case-sensitive all-words filter, so the default is kept.
      const r = await oramaSearch(db, { term: q, properties: ['contents'], limit: 10, threshold: 1 });
      return r.hits.map((h) => h.id);
    };
  },
};

const minisearch: Engine = {
  name: 'minisearch',
  async build(passages) {
    const ms = new MiniSearch<{ id: string; contents: string }>({
      fields: ['contents'],
      idField: 'id',
      // its default term processing (lowercase) plus the same stopwords as ours
      processTerm: (term) => {
        const t = term.toLowerCase();
        return STOPWORDS.has(t) ? null : t;
      },
    });
    ms.addAll(passages.map((p) => ({ id: p.id, contents: `${p.title}\n${p.text}` })));
    // MiniSearch has no limit option: it scores and sorts every match
    return (q) =>
      ms
        .search(q)
        .slice(0, 10)
        .map((h) => h.id as string);
  },
};

function supportRecall(results: string[][], queries: readonly RealQuery[]): number {
  let sum = 0;
  let n = 0;
  queries.forEach((q, i) => {
    if (q.support.length === 0) return;
    const got = new Set(results[i]);
    sum += q.support.filter((s) => got.has(s)).length / q.support.length;
    n++;
  });
  return n === 0 ? NaN : sum / n;
}

async function benchCorpus(
  name: string,
  passages: Passage[],
  queries: string[],
  engines: Engine[],
  gold?: RealQuery[],
): Promise<CorpusResult> {
  const result: CorpusResult = { name, docs: passages.length, queries: queries.length, engines: [] };
  for (const engine of engines) {
    note(`  ${name}: building ${engine.name} over ${passages.length} passages…`);
    const built = await measureBuild(() => engine.build(passages));
    const run = built.value;
    // a slow engine is timed on the first queries only (same order for all): ≥ 30 queries or 30 s
    const latency = await measureLatency(queries, run, { budgetMs: 30_000, minRuns: 30 });
    const row: EngineResult = {
      engine: engine.name,
      timed: latency.n,
      build_s: round(built.seconds, 2),
      heap_mib: round(built.heapMiB, 1),
      p50_ms: round(latency.p50),
      p95_ms: round(latency.p95),
      mean_ms: round(latency.mean),
    };
    if (gold) {
      const results = latency.outputs.slice();
      for (const q of queries.slice(results.length)) results.push(await run(q));
      row.recall_at_10 = round(supportRecall(results, gold));
    }
    result.engines.push(row);
    gc();
  }

  // persistence path of our index: snapshot → one ArrayBuffer → back → restored index
  const index = new Bm25Index();
  index.add(passages);
  let t = performance.now();
  const buf = encodeBm25Snapshot(index.toSnapshot());
  const encode = performance.now() - t;
  t = performance.now();
  const snap = decodeBm25Snapshot(buf);
  const decode = performance.now() - t;
  t = performance.now();
  const restored = Bm25Index.fromSnapshot(snap);
  restored.search(queries[0] ?? '', 10);
  const restore = performance.now() - t;
  result.snapshot = {
    bytes: buf.byteLength,
    encode_ms: round(encode, 1),
    decode_ms: round(decode, 1),
    restore_ms: round(restore, 1),
  };
  return result;
}

interface DenseResult {
  docs: number;
  dim: number;
  queries: number;
  simd: boolean;
  float_p50_ms: number;
  float_p95_ms: number;
  int8_p50_ms: number;
  int8_p95_ms: number;
  float_js_p50_ms: number;
  int8_js_p50_ms: number;
  int8_recall_at_10: number;
  int8_recall_at_10_near: number;
  float_mib: number;
  int8_mib: number;
}

function randomUnitVectors(n: number, dim: number, rand: () => number): Float32Array {
  const data = new Float32Array(n * dim);
  for (let i = 0; i < data.length; i += 2) {
    // Box–Muller: two standard normals per pair of uniforms
    const u = Math.max(rand(), 1e-12);
    const v = rand();
    const r = Math.sqrt(-2 * Math.log(u));
    data[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < data.length) data[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  for (let row = 0; row < n; row++) normalize(data.subarray(row * dim, (row + 1) * dim));
  return data;
}

async function benchDense(docs: number, nQueries: number): Promise<DenseResult> {
  const dim = 384;
  const rand = prng(2024);
  note(`  dense: ${docs} × ${dim} random unit vectors…`);
  const data = randomUnitVectors(docs, dim, rand);
  const qData = randomUnitVectors(nQueries, dim, rand);
  const queries = Array.from({ length: nQueries }, (_, i) => qData.subarray(i * dim, (i + 1) * dim));
  // queries near stored vectors (a document plus noise), closer to how real query embeddings sit
  const noise = randomUnitVectors(nQueries, dim, rand);
  const near = queries.map((_, i) => {
    const row = Math.floor(rand() * docs);
    const v = new Float32Array(dim);
    for (let j = 0; j < dim; j++) v[j] = data[row * dim + j]! + 0.8 * noise[i * dim + j]!;
    return normalize(v);
  });

  const f = await measureBuild(() => new FloatVectorIndex(dim, data));
  const q8 = await measureBuild(() => Int8VectorIndex.fromFloat(f.value));
  const fl = await measureLatency(queries, (q) => f.value.search(q, 10));
  const il = await measureLatency(queries, (q) => q8.value.search(q, 10));
  const jsQueries = queries.slice(0, Math.min(60, nQueries));
  const fJs = new FloatVectorIndex(dim, data, { simd: false });
  const fjl = await measureLatency(jsQueries, (q) => fJs.search(q, 10), { warmup: 5 });
  const iJs = Int8VectorIndex.fromFloat(fJs, { simd: false });
  const ijl = await measureLatency(jsQueries, (q) => iJs.search(q, 10), { warmup: 5 });
  return {
    docs,
    dim,
    queries: nQueries,
    simd: f.value.simd && q8.value.simd,
    float_p50_ms: round(fl.p50),
    float_p95_ms: round(fl.p95),
    int8_p50_ms: round(il.p50),
    int8_p95_ms: round(il.p95),
    float_js_p50_ms: round(fjl.p50),
    int8_js_p50_ms: round(ijl.p50),
    int8_recall_at_10: round(recallAtK(f.value, q8.value, queries, 10), 4),
    int8_recall_at_10_near: round(recallAtK(f.value, q8.value, near, 10), 4),
    float_mib: round(f.value.bytes / 1024 / 1024, 1),
    int8_mib: round(q8.value.bytes / 1024 / 1024, 1),
  };
}

function printCorpus(r: CorpusResult): void {
  console.log(`\n${r.name}: ${r.docs} passages, ${r.queries} queries, top-10`);
  const hasRecall = r.engines.some((e) => e.recall_at_10 !== undefined);
  console.log(
    table(
      [
        'engine',
        'queries',
        'build s',
        'MiB kept',
        'p50 ms',
        'p95 ms',
        'mean ms',
        ...(hasRecall ? ['support R@10'] : []),
      ],
      r.engines.map((e) => [
        e.engine,
        String(e.timed),
        e.build_s.toFixed(2),
        e.heap_mib.toFixed(1),
        e.p50_ms.toFixed(3),
        e.p95_ms.toFixed(3),
        e.mean_ms.toFixed(3),
        ...(hasRecall ? [e.recall_at_10?.toFixed(3) ?? ''] : []),
      ]),
    ),
  );
  if (r.snapshot) {
    const s = r.snapshot;
    console.log(
      `snapshot: ${(s.bytes / 1024 / 1024).toFixed(1)} MiB, encode ${s.encode_ms} ms, decode ${s.decode_ms} ms, restore ${s.restore_ms} ms`,
    );
  }
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const docs = Number(flag(args, 'docs') ?? 50_000);
  const nQueries = Number(flag(args, 'queries') ?? 200);
  const denseDocs = Number(flag(args, 'dense-docs') ?? 50_000);
  const engines = args.includes('--no-libs') ? [ours] : [ours, orama, minisearch];
  const started = performance.now();

  note(`synthetic corpus: ${docs} passages…`);
  const synth = syntheticCorpus({ docs });
  const synthQueries = syntheticQueries(synth, nQueries);
  const synthetic = await benchCorpus('synthetic', synth, synthQueries, engines);
  synth.length = 0;
  gc();

  note('real corpus from shared data…');
  const realData = realCorpus();
  let real: CorpusResult | null = null;
  if (realData) {
    const qs = realData.queries;
    real = await benchCorpus(
      'shared data (HotpotQA + 2Wiki + MuSiQue paragraphs, trajectory passages)',
      realData.passages,
      qs.map((q) => q.question),
      engines,
      qs,
    );
  } else note(`  skipped: no data folder (set HOPSCOPE_DATA_DIR)`);
  gc();

  const dense = await benchDense(denseDocs, nQueries);
  const embed = args.includes('--no-embed')
    ? null
    : await benchEmbedding({ browser: !args.includes('--no-browser') });

  const minilm = args.includes('--no-embed')
    ? null
    : await benchMiniLm({ browser: !args.includes('--no-browser') });

  printCorpus(synthetic);
  if (real) printCorpus(real);
  if (realData) console.log(`sources: ${JSON.stringify(realData.sources)}`);
  console.log(
    `\ndense exact top-10: ${dense.docs} × ${dense.dim}, ${dense.queries} queries, SIMD ${dense.simd}`,
  );
  console.log(
    table(
      ['vectors', 'MiB', 'p50 ms', 'p95 ms', 'JS fallback p50 ms'],
      [
        [
          'float32',
          dense.float_mib.toFixed(1),
          dense.float_p50_ms.toFixed(3),
          dense.float_p95_ms.toFixed(3),
          dense.float_js_p50_ms.toFixed(3),
        ],
        [
          'int8',
          dense.int8_mib.toFixed(1),
          dense.int8_p50_ms.toFixed(3),
          dense.int8_p95_ms.toFixed(3),
          dense.int8_js_p50_ms.toFixed(3),
        ],
      ],
    ),
  );
  console.log(
    `int8 recall@10 vs float32: ${dense.int8_recall_at_10} (random queries), ${dense.int8_recall_at_10_near} (queries near a stored vector)`,
  );
  if (embed) {
    console.log(
      `\nembedding (${embed.model}, ${embed.dtype}, ${embed.dims} dims, ${embed.passages} passages, batches of ${embed.batch_size})`,
    );
    const rows = [
      ...(embed.browser
        ? [
            [
              `Chromium worker (${embed.browser.device}, ${embed.browser.threads} threads)`,
              embed.browser,
            ] as const,
          ]
        : []),
      ['Node (onnxruntime-node)', embed.node] as const,
    ];
    console.log(
      table(
        ['where', 'one per call /s', 'batched /s', 'ratio'],
        rows.map(([w, r]) => [w, r.single_per_s.toFixed(1), r.batched_per_s.toFixed(1), `${r.ratio}×`]),
      ),
    );
  }
  if (minilm) {
    console.log(
      `\nMiniLM-sized encoder (${minilm.model}, ${minilm.dtype}, ${minilm.passages} passages of ${minilm.mean_tokens} tokens, batches of ${minilm.batch_size}): ` +
        `Chromium worker ${minilm.embed_minilm_browser_per_s ?? '–'}/s (${minilm.browser_device ?? '–'}, ${minilm.browser_threads ?? '–'} threads), ` +
        `onnxruntime-node ${minilm.embed_minilm_node_per_s}/s (${minilm.browser_vs_node ?? '–'}×, target ≥ 0.7)`,
    );
  }
  const total = (performance.now() - started) / 1000;
  console.log(`\ntotal ${total.toFixed(0)} s`);

  if (json) {
    const by = (r: CorpusResult | null, engine: string) => r?.engines.find((e) => e.engine === engine);
    const s = by(synthetic, ours.name)!;
    const out = {
      corpus_docs: synthetic.docs,
      build_s: s.build_s,
      heap_mib: s.heap_mib,
      bm25_p50_ms: s.p50_ms,
      bm25_p95_ms: s.p95_ms,
      bm25_p50_ms_orama: by(synthetic, orama.name)?.p50_ms ?? null,
      bm25_p95_ms_orama: by(synthetic, orama.name)?.p95_ms ?? null,
      bm25_p50_ms_minisearch: by(synthetic, minisearch.name)?.p50_ms ?? null,
      bm25_p95_ms_minisearch: by(synthetic, minisearch.name)?.p95_ms ?? null,
      build_s_orama: by(synthetic, orama.name)?.build_s ?? null,
      build_s_minisearch: by(synthetic, minisearch.name)?.build_s ?? null,
      dense_top10_ms: dense.float_p50_ms,
      dense_top10_ms_int8: dense.int8_p50_ms,
      dense_top10_ms_js: dense.float_js_p50_ms,
      dense_top10_ms_int8_js: dense.int8_js_p50_ms,
      dense_simd: dense.simd,
      int8_recall_at_10: dense.int8_recall_at_10,
      int8_recall_at_10_near: dense.int8_recall_at_10_near,
      real_corpus_docs: real?.docs ?? null,
      real_bm25_p50_ms: by(real, ours.name)?.p50_ms ?? null,
      real_bm25_p50_ms_orama: by(real, orama.name)?.p50_ms ?? null,
      real_bm25_p50_ms_minisearch: by(real, minisearch.name)?.p50_ms ?? null,
      real_recall_at_10: by(real, ours.name)?.recall_at_10 ?? null,
      real_recall_at_10_orama: by(real, orama.name)?.recall_at_10 ?? null,
      real_recall_at_10_minisearch: by(real, minisearch.name)?.recall_at_10 ?? null,
      // the browser worker's numbers (the app's path); Node's are under `embed.node`
      embed_batched_per_s: (embed?.browser ?? embed?.node)?.batched_per_s ?? null,
      embed_single_per_s: (embed?.browser ?? embed?.node)?.single_per_s ?? null,
      embed_batched_vs_single: (embed?.browser ?? embed?.node)?.ratio ?? null,
      embed_minilm_browser_per_s: minilm?.embed_minilm_browser_per_s ?? null,
      embed_minilm_node_per_s: minilm?.embed_minilm_node_per_s ?? null,
      embed_minilm_browser_vs_node: minilm?.browser_vs_node ?? null,
      total_s: round(total, 1),
      corpora: { synthetic, real },
      dense,
      embed,
      minilm,
    };
    console.log(JSON.stringify(out));
  }
}
