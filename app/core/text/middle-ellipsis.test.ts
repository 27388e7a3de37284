import { describe, expect, it } from 'vitest';
import { middleEllipsis } from './middle-ellipsis';

describe('middleEllipsis', () => {
  it('leaves a name that fits alone', () => {
    expect(middleEllipsis('veloria-search-r1.jsonl', 36)).toBe('veloria-search-r1.jsonl');
    expect(middleEllipsis('x'.repeat(36), 36)).toBe('x'.repeat(36));
  });

  it('keeps both ends of a long name, the end telling two seeds apart', () => {
    const a = middleEllipsis('searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json', 44);
    const b = middleEllipsis('searchr1_flashrag_bamboogle_instruct_seed2_intermediate_data.json', 44);
    expect(a).toBe('searchr1_flash…_seed1_intermediate_data.json');
    expect([...a]).toHaveLength(44);
    expect(b).toBe('searchr1_flash…_seed2_intermediate_data.json');
  });

  it('counts characters, not UTF-16 units, and never splits a surrogate pair', () => {
    const s = '😀'.repeat(50);
    const cut = middleEllipsis(s, 11);
    expect([...cut]).toHaveLength(11);
    expect(cut).toBe(`${'😀'.repeat(3)}…${'😀'.repeat(7)}`);
  });
});
