import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonlVectorReader, parseJsonlVectors } from './jsonl-vectors';

const dir = mkdtempSync(join(tmpdir(), 'hopscope-jsonl-vectors-'));
function file(name: string, lines: string[]): string {
  writeFileSync(join(dir, name), lines.join('\n') + '\n');
  return readFileSync(join(dir, name), 'utf8');
}

describe('JSONL vectors', () => {
  it('finds the vector field and keeps ids in file order', () => {
    const text = file('ok.jsonl', [
      '{"id": "a", "contents": "A\\ntext", "embedding": [1, 0, 0]}',
      '{"id": 2, "contents": "B\\ntext", "embedding": [0, 0.5, 0.25]}',
    ]);
    const r = parseJsonlVectors(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.field).toBe('embedding');
    expect(r.ids).toEqual(['a', '2']);
    expect(r.matrix.dims).toBe(3);
    expect([...r.matrix.data]).toEqual([1, 0, 0, 0, 0.5, 0.25]);
  });

  it('reads a named field, chunk by chunk', () => {
    const text = file('named.jsonl', [
      '{"id": "a", "e5": [1, 2], "vector": [9]}',
      '{"id": "b", "e5": [3, 4]}',
    ]);
    const reader = new JsonlVectorReader('e5');
    for (let i = 0; i < text.length; i += 5) reader.write(text.slice(i, i + 5));
    const r = reader.end();
    expect(r.ok && [...r.vectors.data]).toEqual([1, 2, 3, 4]);
  });

  it('reports every bad vector with line and field, and keeps nothing', () => {
    const text = file('bad.jsonl', [
      '{"id": "a", "vector": [1, 2, 3]}',
      '{"id": "b", "vector": [1, 2]}',
      '{"id": "c", "vector": [1, "x", 3]}',
      '{"id": "d", "vector": [1, NaN, 3]}',
      '{"id": "e"}',
      '{"id": "f", "vector": "1 2 3"}',
      '{"id": "g", "vector": [1, null, 3]}',
    ]);
    const r = parseJsonlVectors(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const at = r.errors.map((e) => [e.line, e.field]);
    expect(at).toContainEqual([2, 'vector']);
    expect(at).toContainEqual([3, 'vector.1']);
    expect(at.some(([line]) => line === 4)).toBe(true); // NaN is not JSON: the record reader says so
    expect(at).toContainEqual([5, 'vector']);
    expect(at).toContainEqual([6, 'vector']);
    expect(at).toContainEqual([7, 'vector.1']);
    expect(r.errors.find((e) => e.line === 2)?.message).toBe('2 numbers, the first vector had 3');
  });

  it('says so when no record carries a vector', () => {
    const r = parseJsonlVectors(file('none.jsonl', ['{"id": "a", "contents": "x"}']));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ line: 1, field: 'embedding|vector|embeddings|emb' });
  });
});
