import { describe, expect, it } from 'vitest';
import { alignVectors, normalizeRows, queryEmbedderMismatch, type VectorOrigin } from './align';

const origin: VectorOrigin = { file: 'wiki.npy', field: 'rows', modelId: 'intfloat/e5-small-v2', dims: 384 };

describe('alignVectors', () => {
  it('wants one row per passage', () => {
    const e = alignVectors(2, undefined, ['a', 'b', 'c'], origin);
    expect(e).toHaveLength(1);
    expect(e[0]!.message).toMatch(/wiki\.npy has 2 vectors, the corpus 3 passages/);
  });

  it('wants JSONL ids in corpus order', () => {
    expect(alignVectors(2, ['a', 'b'], ['a', 'b'], origin)).toEqual([]);
    const e = alignVectors(2, ['b', 'a'], ['a', 'b'], origin);
    expect(e.map((x) => [x.line, x.field])).toEqual([
      [1, 'id'],
      [2, 'id'],
    ]);
  });
});

describe('queryEmbedderMismatch', () => {
  it('accepts the model that made the vectors, at their width', () => {
    expect(queryEmbedderMismatch(origin, { modelId: 'intfloat/e5-small-v2', dims: 384 })).toBeUndefined();
  });

  it('refuses another model id, naming the file and field', () => {
    const why = queryEmbedderMismatch(origin, { modelId: 'Xenova/all-MiniLM-L6-v2', dims: 384 });
    expect(why).toMatch(/wiki\.npy \(rows\) were made by intfloat\/e5-small-v2/);
    expect(why).toMatch(/configured embedder is Xenova\/all-MiniLM-L6-v2/);
  });

  it('refuses the same id at another width', () => {
    expect(queryEmbedderMismatch(origin, { modelId: 'intfloat/e5-small-v2', dims: 768 })).toMatch(
      /have 384 dims; .* gives 768/,
    );
  });
});

describe('normalizeRows', () => {
  it('scales rows to unit length and reports zero rows', () => {
    const m = { rows: 2, dims: 2, data: Float32Array.from([3, 4, 0, 0]) };
    expect(normalizeRows(m, 'vector')).toEqual([
      { line: 2, field: 'vector', message: 'the vector is all zeros' },
    ]);
    expect([...m.data.subarray(0, 2)].map((x) => Math.round(x * 1e6) / 1e6)).toEqual([0.6, 0.8]);
  });
});
