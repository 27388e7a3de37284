import { describe, expect, it } from 'vitest';
import { questionNeeds } from './question-needs';

const read = (q: string, answerNamed = false) => {
  const n = questionNeeds(q, answerNamed);
  return {
    kind: n.kind,
    asked: n.attributes.map((a) => a.id),
    bridge: n.bridge?.id ?? null,
    sides: n.sides,
    first: n.entities[0],
  };
};

describe('questionNeeds', () => {
  it('reads a bridge question: the role, the attribute, and the entity it starts from', () => {
    expect(read('When was the composer of Carol of the Bells born?')).toEqual({
      kind: 'bridge',
      asked: ['date of birth'],
      bridge: 'composer',
      sides: [],
      first: 'Carol of the Bells',
    });
    expect(read("When did Henry Grey, 4Th Earl Of Kent's father die?")).toMatchObject({
      asked: ['date of death'],
      bridge: 'father',
      first: 'Henry Grey, 4Th Earl Of Kent',
    });
    expect(read('Who is the spouse of the director of film The Golden Calf (1930 Film)?')).toMatchObject({
      asked: ['spouse'],
      bridge: 'director',
      first: 'The Golden Calf (1930 Film)',
    });
  });

  it('reads comparison sides, with a comma inside a title and through a bridge', () => {
    expect(
      read(
        'Which film has the director who is older than the other, One Woman To Another or Come On, Rangers?',
      ),
    ).toEqual({
      kind: 'comparison',
      asked: ['date of birth'],
      bridge: 'director',
      sides: ['One Woman To Another', 'Come On, Rangers'],
      first: expect.any(String),
    });
    expect(read('Were Pikahsso and Alex Debrincat from the same country?').sides).toEqual([
      'Pikahsso',
      'Alex Debrincat',
    ]);
    expect(read('Who lived longer, Friedrich Gogarten or Giangiacomo Feltrinelli?').asked).toEqual([
      'date of birth',
      'date of death',
    ]);
  });

  it('asks nothing of the lexicon for a question without a known relation', () => {
    expect(read('When did the first prime minister of the Russian Empire come into office?')).toMatchObject({
      kind: 'single',
      bridge: null,
    });
  });
});
