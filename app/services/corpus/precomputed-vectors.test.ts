// Precomputed vectors from real files on disk become a searchable, cached dense index in the
// real SearchService (fake-indexeddb), without any encoder; bad files store nothing.
import 'fake-indexeddb/auto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { precomputedSettings } from '../../core/vectors/align';
import { encodeNpy } from '../../testing/npy-writer';
import { listIndexes, putCorpus } from '../../db/corpus-store';

import { SearchService } from '../../runtime/search/search-service';
import { loadPrecomputedVectors } from './precomputed-vectors';
import { freshDbPerTest } from '../../testing/fresh-db';

const dir = mkdtempSync(join(tmpdir(), 'hopscope-precomputed-'));
const MODEL = 'hopscope-test/tiny-random-bert';
const passages = Array.from({ length: 6 }, (_, i) => ({ id: `p${i}`, title: `T${i}`, text: `passage ${i}` }));

/** Row i points mostly along axis i: each passage's nearest neighbour is itself. */
function rows(n: number, dims: number, scale = 3): Float32Array {
  const v = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < dims; j++) v[i * dims + j] = 0.1;
    v[i * dims + (i % dims)] = scale;
  }
  return v;
}

function onDisk(name: string, bytes: Uint8Array | string) {
  writeFileSync(join(dir, name), bytes);
  return { name, bytes: new Uint8Array(readFileSync(join(dir, name))) };
}

freshDbPerTest();

describe('loadPrecomputedVectors', () => {
  it('makes a .npy matrix the dense index, searchable and restored from the cache', async () => {
    const id = (await putCorpus('toy', 'toy.jsonl', passages)).id;
    const svc = new SearchService();
    const file = onDisk('toy.npy', encodeNpy(rows(6, 8), [6, 8]));
    const r = await loadPrecomputedVectors(
      svc,
      id,
      passages.map((p) => p.id),
      file,
      { modelId: MODEL },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.origin).toEqual({ file: 'toy.npy', field: 'rows', modelId: MODEL, dims: 8 });
    expect(r.status).toMatchObject({
      status: 'hit',
      count: 6,
      dims: 8,
      info: { precomputed: true, file: 'toy.npy' },
    });

    // Rows are normalized: a unit query along passage 4's axis finds it first.
    const q = rows(6, 8).slice(4 * 8, 5 * 8);
    const norm = Math.hypot(...q);
    const vector = q.map((x) => x / norm);
    const hits = await svc.search(id, { query: '', k: 2, modes: ['dense'], vector, dense: r.settings });
    expect(hits.dense!.hits[0]!.id).toBe('p4');
    expect(hits.dense!.hits[0]!.score).toBeCloseTo(1, 5);

    // A new service (a reload) restores the vectors from IndexedDB under the model's id.
    const again = await new SearchService().loadDense(id, precomputedSettings(MODEL));
    expect(again).toMatchObject({ status: 'hit', count: 6, dims: 8, info: { model: MODEL, field: 'rows' } });
    expect((await listIndexes(id)).filter((i) => i.kind === 'dense-partial')).toEqual([]);
  });

  it('reads vectors from the corpus JSONL, checking ids against corpus order', async () => {
    const id = (await putCorpus('toy', 'toy.jsonl', passages)).id;
    const svc = new SearchService();
    const v = rows(6, 4);
    const lines = passages.map((p, i) =>
      JSON.stringify({ id: p.id, contents: `${p.title}\n${p.text}`, vector: [...v.slice(i * 4, i * 4 + 4)] }),
    );
    const ok = await loadPrecomputedVectors(
      svc,
      id,
      passages.map((p) => p.id),
      onDisk('c.jsonl', lines.join('\n')),
      {
        modelId: MODEL,
      },
    );
    expect(ok.ok && ok.origin.field).toBe('vector');

    const swapped = [lines[1]!, lines[0]!, ...lines.slice(2)].join('\n');
    const bad = await loadPrecomputedVectors(
      svc,
      id,
      passages.map((p) => p.id),
      onDisk('s.jsonl', swapped),
      {
        modelId: MODEL,
      },
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]).toMatchObject({ file: 's.jsonl', line: 1, field: 'id' });
  });

  it('stores nothing when a vector is bad or the rows do not match the corpus', async () => {
    const id = (await putCorpus('toy', 'toy.jsonl', passages)).id;
    const svc = new SearchService();
    const ids = passages.map((p) => p.id);
    const v = rows(6, 4);
    v[2 * 4 + 1] = Number.NaN;
    const nan = await loadPrecomputedVectors(svc, id, ids, onDisk('nan.npy', encodeNpy(v, [6, 4])), {
      modelId: MODEL,
    });
    expect(nan.ok || nan.errors).toEqual([
      { file: 'nan.npy', line: 3, field: '[1]', message: 'NaN is not a finite number' },
    ]);
    const short = await loadPrecomputedVectors(
      svc,
      id,
      ids,
      onDisk('short.npy', encodeNpy(rows(5, 4), [5, 4])),
      {
        modelId: MODEL,
      },
    );
    expect(short.ok || short.errors[0]!.message).toMatch(/short\.npy has 5 vectors, the corpus 6 passages/);
    const noModel = await loadPrecomputedVectors(
      svc,
      id,
      ids,
      onDisk('m.npy', encodeNpy(rows(6, 4), [6, 4])),
      {
        modelId: ' ',
      },
    );
    expect(noModel.ok || noModel.errors[0]!.field).toBe('model id');
    expect((await svc.loadDense(id, precomputedSettings(MODEL))).status).toBe('miss');
    expect(await listIndexes(id)).toEqual([]);
  });
});
