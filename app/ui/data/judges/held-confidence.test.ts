import { describe, expect, it } from 'vitest';
import type { RowConfidence } from '../../../core/table/row-confidence';
import { heldConfidence } from './held-confidence';

const unsure = (why: string) => ({ em: why }) as unknown as RowConfidence;

describe('heldConfidence', () => {
  it('takes the confidences the table worker holds; reads from storage only the ids it lacks', async () => {
    const asked: string[][] = [];
    const stored: string[][] = [];
    const read = heldConfidence(
      {
        confidences: async (ids: string[]) => {
          asked.push(ids);
          return {
            held: [
              ['a', unsure('a')],
              ['b', null],
            ] as Array<[string, RowConfidence | null]>,
            missing: ids.filter((id) => id === 'c'),
          };
        },
      } as unknown as Parameters<typeof heldConfidence>[0],
      async (ids) => {
        stored.push([...ids]);
        return new Map([['c', unsure('c')]]);
      },
    );
    const got = await read(['a', 'b', 'c']);
    expect(asked).toEqual([['a', 'b', 'c']]);
    // Only the id the worker does not hold is read from IndexedDB (on the page's thread).
    expect(stored).toEqual([['c']]);
    // A row without a confidence ('b') is left out, as the stored read leaves it out.
    expect([...got.keys()]).toEqual(['a', 'c']);
  });

  it('reads nothing from storage when the worker holds every row', async () => {
    let stored = 0;
    const read = heldConfidence(
      {
        confidences: async (ids: string[]) => ({
          held: ids.map((id) => [id, unsure(id)]),
          missing: [],
        }),
      } as unknown as Parameters<typeof heldConfidence>[0],
      async () => (stored++, new Map()),
    );
    expect((await read(['x', 'y'])).size).toBe(2);
    expect(stored).toBe(0);
  });
});
