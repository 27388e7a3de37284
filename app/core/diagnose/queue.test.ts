import { describe, expect, it } from 'vitest';
import { judgeDisagreement, labelQueue, uncertainty } from './queue';

const row = (id: string, em: number | null, answerInDocs: number | null, flags: string[] = []) => ({
  id,
  em,
  answerInDocs,
  flags: flags as never,
});

describe('labelQueue', () => {
  it('puts others’ labels first, then uncertain rows, then the rest, skipping mine', () => {
    const rows = [
      row('plain', 1, 1),
      row('lucky', 1, 0, ['under-search']),
      row('theirs', 1, 1),
      row('mine', 0, 1),
      row('ignored', 0, 1),
    ];
    const by = new Map([
      ['theirs', new Set(['bo'])],
      ['mine', new Set(['ana'])],
    ]);
    const q = labelQueue(rows, by, 'ana');
    expect(q.map((i) => [i.id, i.reason])).toEqual([
      ['theirs', 'other-annotator'],
      ['lucky', 'uncertain'],
      ['ignored', 'uncertain'],
      ['plain', 'unlabelled'],
    ]);
  });

  it('names why a row is uncertain', () => {
    expect(uncertainty(row('a', 0, 1))).toMatch(/holds the gold/);
    expect(uncertainty(row('a', 0, 0))).toMatch(/no under-search flag/);
    expect(uncertainty(row('a', 0, 0, ['under-search']))).toBeNull();
    expect(uncertainty(row('a', 1, 1))).toBeNull();
  });
});

describe('the model judge in the queue', () => {
  it('puts rows where the judge contradicts the detector before uncertain ones', () => {
    const rows = [row('unsure', 0, 1), row('contested', 1, 1, ['over-search'])];
    const judged = { search_labels: ['necessary' as const], under_search: true };
    const why = judgeDisagreement(rows[1] as never, judged);
    expect(why).toBe(
      'the detector flags over-search, the judge does not; the judge finds under-search the detector does not',
    );
    const q = labelQueue(rows, new Map(), 'ana', new Map([['contested', why as string]]));
    expect(q.map((i) => [i.id, i.reason])).toEqual([
      ['contested', 'judge-disagrees'],
      ['unsure', 'uncertain'],
    ]);
    expect(
      judgeDisagreement(row('x', 1, 1, ['over-search']), {
        search_labels: ['redundant'],
        under_search: false,
      }),
    ).toBeNull();
  });
});
