import { describe, expect, it } from 'vitest';
import { FILE_NUMBER_WIDTH, fileKey } from './file-key';

describe('fileKey', () => {
  it('pads each run of digits so the key sorts by code point as the name sorts naturally', () => {
    const zeros = (n: number) => '0'.repeat(FILE_NUMBER_WIDTH - n);
    expect(fileKey('run/2.jsonl')).toBe(`run/${zeros(1)}2.jsonl`);
    expect(fileKey('v1.2-step10')).toBe(`v${zeros(1)}1.${zeros(1)}2-step${zeros(2)}10`);
    expect(fileKey('')).toBe('');
    expect(fileKey('no digits')).toBe('no digits');
    // As DuckDB's lpad: a run longer than the width is cut to its first FILE_NUMBER_WIDTH digits.
    expect(fileKey(`x${'9'.repeat(FILE_NUMBER_WIDTH + 3)}`)).toBe(`x${'9'.repeat(FILE_NUMBER_WIDTH)}`);
    expect(fileKey('run/2.jsonl') < fileKey('run/10.jsonl')).toBe(true);
  });
});
