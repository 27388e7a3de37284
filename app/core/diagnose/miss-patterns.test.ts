// Issue 38's four patterns in the misses, each a general rule (docs/diagnose.md, "Patterns in the
// misses"), and the confidence levels they make sure.
import { describe, expect, it } from 'vitest';
import { doc, traj as fakeTraj } from '../../testing/reward-fakes';
import type { StepInput } from '../schema/builder';
import type { Doc, Gold, Trajectory } from '../schema/trajectory';
import { diagnose } from './diagnose';

const search = (q: string, docs: Doc[]): StepInput => ({ kind: 'search', queries: [q], docs });
const think = (text: string): StepInput => ({ kind: 'think', text });
const traj = (question: string, gold: Gold, steps: StepInput[], answer: string): Trajectory =>
  fakeTraj(steps, { question, gold, answer });

describe('1. a reformulation after a failed search', () => {
  const Q = 'Who supervised the sting operation that implicated Evelyn Dawn Knight?';
  const GOLD = { answers: ['Federal Bureau of Investigation'] };
  const MISS = doc('m', 'Evelyn Knight', 'Evelyn Knight was an American singer.');
  const ABSCAM = doc(
    'a',
    'Abscam',
    'Abscam was a sting operation run by the Federal Bureau of Investigation that implicated Evelyn Dawn Knight.',
  );

  it('asks something new when it adds a qualifier, though most of its words repeat', () => {
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [
          search('sting operation Evelyn Dawn Knight supervisor', [MISS]),
          search('Abscam sting operation supervisor Evelyn Dawn Knight', [ABSCAM]),
        ],
        'FBI',
      ),
    );
    expect(d.verdicts[1]?.overlap).toBeGreaterThanOrEqual(0.8);
    expect(d.searchLabels).toEqual(['necessary', 'necessary']);
    expect(d.verdicts[1]).toMatchObject({ reformulates: 1, newWords: ['abscam'] });
    expect(d.verdicts[1]?.evidence).toContain('rewords search 1');
  });

  it('stays a near-duplicate when the earlier search had found the fact', () => {
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [
          search('sting operation Evelyn Dawn Knight supervisor', [ABSCAM]),
          search('Abscam sting operation supervisor Evelyn Dawn Knight', [ABSCAM]),
        ],
        'Federal Bureau of Investigation',
      ),
    );
    expect(d.searchLabels).toEqual(['necessary', 'redundant']);
  });

  it('is a sure near-duplicate when it adds no word an earlier query lacked', () => {
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [
          search('sting operation Evelyn Dawn Knight supervisor smaller', [MISS]),
          search('sting operation Evelyn Dawn Knight supervisor', [MISS]),
        ],
        'FBI',
      ),
    );
    expect(d.searchLabels).toEqual(['necessary', 'redundant']);
    expect(d.confidence.searches[1]).toMatchObject({ level: 'sure', reason: 'no-new-words' });
  });
});

describe('2. a gold string on a page is not the asked fact', () => {
  const Q = 'Which club did Zoltan Varga play for?';
  const GOLD = { answers: ['Ferencvaros'] };
  // The answer's name in a list of clubs on a page naming the question's entity for another reason.
  const LEAGUE = doc(
    'l',
    'Hungarian league 1968',
    'Clubs in 1968 were Ujpest, Honved, Ferencvaros and Vasas. Zoltan Varga scored twice that season.',
  );
  const VARGA = doc('v', 'Zoltan Varga', 'Zoltan Varga played for Ferencvaros from 1961 to 1968.');

  it('takes the later passage that states the relation about the entity', () => {
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [search('Zoltan Varga league', [LEAGUE]), search('Zoltan Varga club played', [VARGA])],
        'Ferencvaros',
      ),
    );
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.searchLabels).toEqual(['necessary', 'necessary']);
    expect(d.sufficiency.chain?.stated).toBe(true);
    expect(d.confidence.firstSufficientSearch).toMatchObject({ level: 'sure', reason: 'answer-stated' });
  });

  it('leaves a lucky answer unsupported when no passage states the relation', () => {
    const d = diagnose(traj(Q, GOLD, [search('Zoltan Varga league', [LEAGUE])], 'Ferencvaros'));
    // The first passage holding the gold still counts (common knowledge may bridge it), unsure.
    expect(d.firstSufficientSearch).toBe(1);
    expect(d.sufficiency.chain?.stated).toBe(false);
    expect(d.confidence.firstSufficientSearch.level).toBe('unsure');
  });
});

describe('3. what the model already knew', () => {
  const Q = 'What is the capital of France?';
  const GOLD = { answers: ['Paris'] };
  const PARIS = doc('p', 'Paris', 'Paris is the capital of France.');

  it('puts the point at 0 when the answer was stated before a search that only confirms it', () => {
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [
          think('The capital of France is Paris; let me confirm.'),
          search('Paris capital of France', [PARIS]),
        ],
        'Paris',
      ),
    );
    expect(d.firstSufficientSearch).toBe(0);
    expect(d.sufficiency.rule).toBe('known-before-search');
    expect(d.searchLabels).toEqual(['redundant']);
    expect(d.confidence.firstSufficientSearch).toMatchObject({
      level: 'sure',
      reason: 'known-before-search',
    });
    expect(d.confidence.searches[0]?.level).toBe('sure');
  });

  it('does not when the search looks for the answer rather than confirming it', () => {
    const d = diagnose(
      traj(Q, GOLD, [think('Maybe Paris? I should check.'), search('capital of France', [PARIS])], 'Paris'),
    );
    expect(d.firstSufficientSearch).toBe(1);
    expect(d.searchLabels).toEqual(['necessary']);
  });
});

describe('4. an answer equivalent to the gold', () => {
  it('is supported when a passage states it in the form the agent gave', () => {
    const d = diagnose(
      traj(
        'What was the final book written by Charles Darwin?',
        { answers: ['The Formation of Vegetable Mould Through the Action of Worms'] },
        [
          search('final book Charles Darwin', [
            doc(
              'd',
              'Charles Darwin',
              'In his final book, "The Formation of Vegetable Mould, through the Actions of Worms" (1881), Darwin examined earthworms.',
            ),
          ]),
        ],
        'The Formation of Vegetable Mould, through the Actions of Worms',
      ),
    );
    expect(d.firstSufficientSearch).toBe(1);
    expect(d.underSearch).toBe(false);
  });
});

describe('sure where the trace settles it', () => {
  it('is sure of never sufficient when no passage holds the gold and the answer is another', () => {
    const d = diagnose(
      traj(
        'Who founded Zorblax?',
        { answers: ['Mary Quill'] },
        [search('Zorblax founder', [doc('z', 'Zorblax', 'Zorblax is a company founded by Tom Reed.')])],
        'Tom Reed',
      ),
    );
    expect(d.underSearch).toBe(true);
    expect(d.confidence.firstSufficientSearch).toMatchObject({
      level: 'sure',
      reason: 'gold-never-retrieved',
    });
    expect(d.confidence.underSearch.level).toBe('sure');
  });

  it('is unsure of under-search when the agent kept getting the same page for reworded queries', () => {
    const STUB = doc('f', 'Frederick I of Denmark', 'Frederick I was the King of Denmark and Norway.');
    const d = diagnose(
      traj(
        "Who was Frederick I of Denmark's brother?",
        { answers: ['John of Denmark'] },
        [search('Frederick I of Denmark brother', [STUB]), search('Frederick I of Denmark family', [STUB])],
        'Christian VII',
      ),
    );
    expect(d.underSearch).toBe(true);
    expect(d.confidence.underSearch).toMatchObject({ level: 'unsure', reason: 'page-asked-again' });
  });
});

describe('necessary before the gold was seen', () => {
  it('is sure for a search issued while no passage held the gold in any form', () => {
    const d = diagnose(
      traj(
        'Which river flows through the capital of Zorbland?',
        { answers: ['Quill River'] },
        [
          search('capital of Zorbland', [doc('z', 'Zorbland', 'The capital of Zorbland is Tomtown.')]),
          search('river Tomtown', [doc('t', 'Tomtown', 'Tomtown lies on the Quill River.')]),
          search('Quill River length', [doc('q', 'Quill River', 'The Quill River is 40 km long.')]),
        ],
        'Quill River',
      ),
    );
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.confidence.firstSufficientSearch.level).toBe('unsure');
    expect(d.confidence.searches.map((c) => [c.level, c.reason])).toEqual([
      ['sure', 'before-gold-seen'],
      ['sure', 'before-gold-seen'],
      ['unsure', 'after-unsure-point'],
    ]);
  });
});
