import { describe, expect, it } from 'vitest';
import { arrowBuffers } from './arrow-columns';

describe('Arrow column buffers', () => {
  it('marks NULLs in the validity bitmap and packs the values', () => {
    const d = arrowBuffers({ name: 'f1', type: 'DOUBLE', values: [0.5, null, 1] });
    expect([...d.nullBitmap]).toEqual([0b101]);
    expect(d.nullCount).toBe(1);
    expect([...(d.data as Float64Array)]).toEqual([0.5, 0, 1]);
    const b = arrowBuffers({ name: 'ok', type: 'BOOLEAN', values: [true, false, null, true] });
    expect([...b.data]).toEqual([0b1001]);
    expect([...b.nullBitmap]).toEqual([0b1011]);
  });

  it('writes text as UTF-8 with offsets', () => {
    const s = arrowBuffers({ name: 'q', type: 'VARCHAR', values: ['ab', null, 'é'] });
    expect([...(s.valueOffsets as Int32Array)]).toEqual([0, 2, 2, 4]);
    expect(new TextDecoder().decode(s.data)).toBe('abé');
    expect(s.arrowType).toBe('Utf8');
  });
});
