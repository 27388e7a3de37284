import { describe, expect, it } from 'vitest';
import { CHOICE_KEY, keepChoice, readChoice } from './collection-choice';

function memory(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('the kept collection choice', () => {
  it('reads back what was kept, and the default as no entry', () => {
    const s = memory();
    expect(readChoice(s)).toBeNull();
    keepChoice(['demo', 'c-2'], s);
    expect(readChoice(s)).toEqual(['demo', 'c-2']);
    keepChoice([], s);
    expect(readChoice(s)).toEqual([]);
    keepChoice(null, s);
    expect(s.map.has(CHOICE_KEY)).toBe(false);
    expect(readChoice(s)).toBeNull();
  });

  it('falls back to the default on anything it cannot read', () => {
    const s = memory();
    for (const bad of ['{', '"demo"', '[1,2]', '{"a":1}', 'null']) {
      s.map.set(CHOICE_KEY, bad);
      expect(readChoice(s), bad).toBeNull();
    }
    expect(readChoice(null)).toBeNull();
  });

  it('a store that throws loses the choice, never the page', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    expect(readChoice(broken)).toBeNull();
    expect(() => keepChoice(['a'], broken)).not.toThrow();
  });
});
