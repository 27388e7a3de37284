import { describe, expect, it } from 'vitest';
import { keyedMemo, withoutMemos } from './memo';

describe('keyedMemo', () => {
  it('makes each key once, and again only after emptying at its key bound', () => {
    const made: string[] = [];
    const memo = keyedMemo<string>(3, 160);
    const get = (k: string) => memo(k, () => (made.push(k), k.toUpperCase()));
    expect([get('a'), get('b'), get('a')]).toEqual(['A', 'B', 'A']);
    expect(made).toEqual(['a', 'b']);
    get('c');
    get('d'); // a fourth key: emptied first
    get('a');
    expect(made).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('empties once its keys reach its character bound', () => {
    const made: string[] = [];
    const memo = keyedMemo<string>(100, 160);
    const get = (k: string) => memo(k, () => (made.push(k), k));
    const keys = Array.from({ length: 18 }, (_, i) => `key-${String(i).padStart(6, '0')}`); // 10 chars
    for (const k of keys.slice(0, 16)) get(k); // 160 characters: all held
    get(keys[0] as string);
    expect(made).toHaveLength(16);
    get(keys[16] as string); // 170 > 160: emptied first
    get(keys[0] as string);
    expect(made).toEqual([...keys.slice(0, 17), keys[0]]);
  });

  it('never holds a key longer than a sixteenth of its character bound, nor anything while bypassed', async () => {
    const made: string[] = [];
    const memo = keyedMemo<number>(100, 160);
    const get = (k: string) => memo(k, () => (made.push(k), k.length));
    const big = 'z'.repeat(11);
    get(big);
    get(big);
    expect(made).toEqual([big, big]);
    made.length = 0;
    await withoutMemos(() => [get('q'), get('q')]);
    get('q');
    expect(made).toEqual(['q', 'q', 'q']);
  });
});
