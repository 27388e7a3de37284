// The rules that make more trajectory verdicts sure where the trace settles them (docs/diagnose.md,
// "How sure a verdict is"): the asked relation stated in its own wording, a question naming no
// entity restated by one sentence, and a correct answer the passages state.
import { describe, expect, it } from 'vitest';
import { doc, traj as fakeTraj } from '../../testing/reward-fakes';
import type { StepInput } from '../schema/builder';
import type { Doc, Gold, Trajectory } from '../schema/trajectory';
import { diagnose } from './diagnose';

const search = (q: string, docs: Doc[]): StepInput => ({ kind: 'search', queries: [q], docs });
const traj = (question: string, gold: Gold, steps: StepInput[], answer: string): Trajectory =>
  fakeTraj(steps, { question, gold, answer });

describe('the asked relation in its own wording', () => {
  it('is stated when the sentence gives the gold as the value of the relation the question asks', () => {
    // "father" is not in the sentence; "son of NAME" is the father relation's wording.
    const d = diagnose(
      traj(
        'Who was the father of Tom Zorb?',
        { answers: ['Abel Zorb'] },
        [search('Tom Zorb father', [doc('t', 'Tom Zorb', 'Tom Zorb is the son of Abel Zorb and Ida Zorb.')])],
        'Abel Zorb',
      ),
    );
    expect(d.firstSufficientSearch).toBe(1);
    expect(d.confidence.firstSufficientSearch).toMatchObject({ level: 'sure', reason: 'answer-stated' });
  });

  it('is not stated when the gold stands elsewhere in the sentence than the relation names', () => {
    const d = diagnose(
      traj(
        'Who was the father of Tom Zorb?',
        { answers: ['Abel Zorb'] },
        [
          search('Tom Zorb father', [
            doc('t', 'Tom Zorb', 'Tom Zorb is the son of Carl Zorb, and worked with Abel Zorb.'),
          ]),
        ],
        'Carl Zorb',
      ),
    );
    expect(d.confidence.firstSufficientSearch.level).toBe('unsure');
  });
});

describe('a question naming no entity', () => {
  const Q = 'Who was the father of the founder of zorbism?';

  it('is stated by a sentence holding the gold and most of the question', () => {
    const d = diagnose(
      traj(
        Q,
        { answers: ['Abel Zorb'] },
        [
          search('zorbism founder', [doc('a', 'Zorbism', 'Zorbism is a school of thought.')]),
          search('father of Tom Zorb', [
            doc('b', 'Abel Zorb', 'Abel Zorb was the father of Tom Zorb, the founder of zorbism.'),
          ]),
        ],
        'Abel Zorb',
      ),
    );
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.confidence.firstSufficientSearch).toMatchObject({ level: 'sure', reason: 'answer-stated' });
  });

  it('is not stated by a sentence holding few of its words, nor one ending a quotation before it', () => {
    const d = diagnose(
      traj(
        Q,
        { answers: ['Abel Zorb'] },
        [
          search('zorbism founder father', [
            doc(
              'b',
              'Zorb family',
              'The founder of zorbism wrote "On the father." Abel Zorb visited the town in 1901.',
            ),
          ]),
        ],
        'Carl Zorb',
      ),
    );
    expect(d.confidence.firstSufficientSearch.level).toBe('unsure');
  });

  it("is not stated by a looser form of the gold's name, which may be the question's own subject", () => {
    // "Tom Zorb Sr." names the father; "Tom Zorb" is the founder himself.
    const d = diagnose(
      traj(
        Q,
        { answers: ['Tom Zorb Sr.'] },
        [
          search('zorbism founder', [
            doc('b', 'Tom Zorb', 'Tom Zorb was the founder of zorbism, like his father.'),
          ]),
        ],
        'Carl Zorb',
      ),
    );
    expect(d.confidence.firstSufficientSearch.level).toBe('unsure');
  });
});

describe('a correct answer the passages state', () => {
  // The gold beside the question's entity without the asked relation: the point stays unsure.
  const steps = [search('Zorblax author', [doc('z', 'Zorblax', 'Zorblax was reviewed by Mary Quill.')])];

  it('makes no under-search sure, the sufficiency point staying unsure', () => {
    const d = diagnose(traj('Who wrote Zorblax?', { answers: ['Mary Quill'] }, steps, 'Mary Quill'));
    expect(d.underSearch).toBe(false);
    expect(d.confidence.firstSufficientSearch.level).toBe('unsure');
    expect(d.confidence.underSearch).toMatchObject({ level: 'sure', reason: 'correct-answer-held' });
  });

  it('leaves a wrong answer unsure', () => {
    const d = diagnose(traj('Who wrote Zorblax?', { answers: ['Mary Quill'] }, steps, 'Jane Quill'));
    expect(d.confidence.underSearch.level).toBe('unsure');
  });

  it('leaves a correct yes or no unsure: every entity retrieved is not the answer stated', () => {
    const d = diagnose(
      traj(
        'Were Zorblax and Quillmore written in the same year?',
        { answers: ['no'] },
        [
          search('Zorblax', [doc('z', 'Zorblax', 'Zorblax is a novel.')]),
          search('Quillmore', [doc('q', 'Quillmore', 'Quillmore is a novel.')]),
        ],
        'no',
      ),
    );
    expect(d.underSearch).toBe(false);
    expect(d.confidence.underSearch.level).toBe('unsure');
  });
});

describe('a comparison of what the relation lexicon does not know', () => {
  const Q = 'Were both Ann Zorb and Bo Quill lead singers for bands?';
  const ann = doc('a', 'Ann Zorb', 'Ann Zorb (born 1950) was the lead singer of the rock band Zorbs.');

  it("is sufficient, surely, once each side's own page states what is asked, whatever the answer", () => {
    const d = diagnose(
      traj(
        Q,
        { answers: ['yes'] },
        [
          search('Ann Zorb', [ann]),
          search('Bo Quill', [doc('b', 'Bo Quill', 'Bo Quill is the lead singer for the band Quills.')]),
        ],
        'no',
      ),
    );
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.underSearch).toBe(false);
    expect(d.confidence.firstSufficientSearch).toMatchObject({ level: 'sure', reason: 'sides-stated' });
    expect(d.confidence.underSearch).toMatchObject({ level: 'sure', reason: 'sides-stated' });
    expect(d.confidence.searches.map((c) => c.level)).toEqual(['sure', 'sure']);
  });

  it("stays unsure when a side's page never says it (the named entities retrieved is not the fact)", () => {
    const d = diagnose(
      traj(
        Q,
        { answers: ['yes'] },
        [
          search('Ann Zorb', [ann]),
          search('Bo Quill', [doc('b', 'Bo Quill', 'Bo Quill is a painter who once met Ann Zorb.')]),
        ],
        'yes',
      ),
    );
    expect(d.confidence.firstSufficientSearch).toMatchObject({ level: 'unsure', reason: 'fallback' });
    expect(d.confidence.underSearch.level).toBe('unsure');
  });

  it('reads a side only on its own page, not on a page that mentions it', () => {
    const d = diagnose(
      traj(
        Q,
        { answers: ['yes'] },
        [
          search('Ann Zorb', [ann]),
          search('Bo Quill', [doc('c', 'Quills', 'Quills is a rock band whose lead singer was Bo Quill.')]),
        ],
        'yes',
      ),
    );
    expect(d.confidence.firstSufficientSearch.level).toBe('unsure');
  });
});

describe('a correct answer by the log judge alone', () => {
  it('makes nothing sure: the guidelines call the judge a hint, not truth', () => {
    const t = traj(
      'Who wrote Zorblax?',
      { answers: ['Mary Ann Quill'] },
      [search('Zorblax author', [doc('z', 'Zorblax', 'Zorblax was reviewed by Quill.')])],
      'Quill',
    );
    const judged = diagnose({ ...t, reported: { ...t.reported, judge: true } });
    expect(judged.correct).toBe(true);
    expect(judged.confidence.underSearch.reason).not.toBe('correct-answer-held');
    expect(judged.confidence.underSearch.level).toBe('unsure');
  });
});
