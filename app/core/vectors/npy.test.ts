import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNpyHeader, parseNpyVectors } from './npy';
import { encodeNpy } from '../../testing/npy-writer';

const dir = mkdtempSync(join(tmpdir(), 'hopscope-npy-'));
/** Through the disk, as a user's file arrives. */
function roundTrip(name: string, bytes: Uint8Array): Uint8Array {
  writeFileSync(join(dir, name), bytes);
  return new Uint8Array(readFileSync(join(dir, name)));
}

describe('parseNpyVectors', () => {
  it('reads a float32 [n, d] matrix row-major', () => {
    const data = Float32Array.from([1, 2, 3, 4, 5, 6]);
    const r = parseNpyVectors(roundTrip('a.npy', encodeNpy(data, [3, 2])));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.matrix.rows).toBe(3);
    expect(r.matrix.dims).toBe(2);
    expect([...r.matrix.data]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('reads version 2 headers and narrows float64', () => {
    const r = parseNpyVectors(
      roundTrip('b.npy', encodeNpy(Float64Array.from([0.5, -0.25]), [1, 2], { version: 2 })),
    );
    expect(r.ok && [...r.matrix.data]).toEqual([0.5, -0.25]);
  });

  it('reports NaN and infinities with their row and column', () => {
    const r = parseNpyVectors(
      roundTrip('c.npy', encodeNpy(Float32Array.from([1, NaN, 3, Infinity]), [2, 2])),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { line: 1, field: '[1]', message: 'NaN is not a finite number' },
      { line: 2, field: '[1]', message: 'Infinity is not a finite number' },
    ]);
  });

  it('refuses other dtypes, column-major data, other ranks and truncated data, naming the header field', () => {
    const f32 = Float32Array.from([1, 2, 3, 4]);
    const field = (bytes: Uint8Array) => {
      const r = parseNpyVectors(bytes);
      return r.ok ? 'ok' : r.errors[0]!.field;
    };
    expect(field(encodeNpy(f32, [2, 2], { descr: '<i4' }))).toBe('descr');
    expect(field(encodeNpy(f32, [2, 2], { descr: '>f4' }))).toBe('descr');
    expect(field(encodeNpy(f32, [2, 2], { fortranOrder: true }))).toBe('fortran_order');
    expect(field(encodeNpy(f32, [4]))).toBe('shape');
    expect(field(encodeNpy(f32, [3, 2]))).toBe('data');
    expect(field(new TextEncoder().encode('{"id": 1}\n'))).toBe('magic');
  });

  it('reads the header fields numpy writes', () => {
    const h = parseNpyHeader(encodeNpy(new Float32Array(6), [2, 3]));
    expect('message' in h ? h : { ...h, dataOffset: 0 }).toEqual({
      descr: '<f4',
      fortranOrder: false,
      shape: [2, 3],
      dataOffset: 0,
    });
    expect('message' in h ? 0 : h.dataOffset % 64).toBe(0);
  });
});
