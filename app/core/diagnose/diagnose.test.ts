import { describe, expect, it } from 'vitest';
import { doc, traj as fakeTraj } from '../../testing/reward-fakes';
import {
  JAWS_BORN_GOLD as GOLD,
  JAWS_BORN_Q as Q,
  JAWS_DOC as JAWS,
  searchStep as search,
  SPIELBERG_DOC as SPIELBERG,
} from '../../testing/jaws';
import type { StepInput } from '../schema/builder';
import type { Gold, Trajectory } from '../schema/trajectory';
import { diagnose } from './diagnose';

const traj = (question: string, gold: Gold | undefined, steps: StepInput[], answer?: string): Trajectory =>
  fakeTraj(steps, { question, ...(gold ? { gold } : {}), ...(answer !== undefined ? { answer } : {}) });

const SHARK = doc('k', 'Shark', 'Sharks are a group of fish.');

describe('sufficiency point', () => {
  it('is the first search whose passages state the gold, with dates read as values', () => {
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [search('Jaws director', [JAWS]), search('Steven Spielberg birth date', [SPIELBERG])],
        '18 December 1946',
      ),
    );
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.searchLabels).toEqual(['necessary', 'necessary']);
    expect(d.underSearch).toBe(false);
    const f = d.flags.find((x) => x.kind === 'sufficiency');
    expect(f?.search).toBe(2);
    expect(f?.evidence).toContain('born 18 December 1946');
  });

  it('is 0 for a correct answer with no search, and never for a wrong one', () => {
    expect(diagnose(traj(Q, GOLD, [], 'December 18, 1946')).firstSufficientSearch).toBe(0);
    const wrong = diagnose(traj(Q, GOLD, [], '1950'));
    expect(wrong.firstSufficientSearch).toBeNull();
    expect(wrong.underSearch).toBe(true);
  });

  it('waits for every gold supporting passage when a question set gives them', () => {
    const gold: Gold = {
      answers: ['December 18, 1946'],
      supporting: [{ title: 'Jaws (film)' }, { title: 'Steven Spielberg' }],
    };
    // The answer is stated in search 1 by a passage that is not the path the gold names.
    const early = doc('x', 'Births in 1946', 'December 18, 1946: Steven Spielberg, filmmaker.');
    const d = diagnose(
      traj(
        Q,
        gold,
        [search('1946 births', [early]), search('Jaws', [JAWS]), search('Spielberg', [SPIELBERG])],
        'x',
      ),
    );
    expect(d.firstSufficientSearch).toBe(3);
    expect(d.sufficiency.rule).toBe('supporting-passages');
  });

  it('needs every named entity for yes/no questions, where "yes" in a passage says nothing', () => {
    const q = 'Were Jaws and Psycho directed by the same person?';
    const yes = doc('y', 'Yes (band)', 'Yes is a rock band.');
    const psycho = doc('p', 'Psycho (1960 film)', 'Psycho is a film by Alfred Hitchcock.');
    const d = diagnose(
      traj(q, { answers: ['no'] }, [search('Yes', [yes, JAWS]), search('Psycho director', [psycho])], 'no'),
    );
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.sufficiency.rule).toBe('entities-covered');
  });
});

describe('redundant searches', () => {
  it('marks every search after the sufficiency point', () => {
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [search('Jaws director birth', [JAWS, SPIELBERG]), search('Spielberg filmography', [SHARK])],
        'December 18, 1946',
      ),
    );
    expect(d.firstSufficientSearch).toBe(1);
    expect(d.overSearch).toEqual([2]);
    expect(d.verdicts[1]?.rules).toContain('after-sufficiency');
  });

  it('marks a repeated query, quoting the earlier one', () => {
    const d = diagnose(
      traj(Q, GOLD, [search('Jaws director', [SHARK]), search('jaws director?', [SHARK])], 'x'),
    );
    expect(d.overSearch).toEqual([2]);
    expect(d.flags.find((f) => f.kind === 'over-search')?.evidence).toContain('"Jaws director"');
  });

  it('marks a query re-asking what an earlier passage holds, and only then', () => {
    const reAsk = diagnose(
      traj(Q, GOLD, [search('Jaws film', [JAWS]), search('who directed Jaws', [SHARK])], 'x'),
    );
    // "directed" and "jaws" are both in the Jaws passage of search 1.
    expect(reAsk.overSearch).toEqual([2]);
    expect(reAsk.verdicts[1]?.rules).toEqual(['re-asks-retrieved']);
    // Asking for an attribute the passage lacks is a new need, even about a known entity.
    // Naming only an entity seeks its own page: a passage mentioning it is not that.
    const named = diagnose(
      traj(Q, GOLD, [search('Jaws film', [JAWS]), search('Steven Spielberg', [SHARK])], 'x'),
    );
    expect(named.overSearch).toEqual([]);
    const fresh = diagnose(
      traj(Q, GOLD, [search('Jaws film', [JAWS]), search('Steven Spielberg birthdate', [SHARK])], 'x'),
    );
    expect(fresh.overSearch).toEqual([]);
  });

  it('keeps a search necessary when it finds nothing', () => {
    const d = diagnose(
      traj(Q, GOLD, [search('Jaws director', [SHARK]), search('Spielberg birth', [SHARK])], 'x'),
    );
    expect(d.searchLabels).toEqual(['necessary', 'necessary']);
  });
});

describe('under-search', () => {
  it('fires when the agent answers with the sufficiency point unreached, quoting where its answer came from', () => {
    const other = doc('o', 'Roy Scheider', 'Roy Scheider (November 10, 1932 – 2008) starred in Jaws.');
    const d = diagnose(traj(Q, GOLD, [search('Jaws star', [other])], 'November 10, 1932'));
    expect(d.underSearch).toBe(true);
    const f = d.flags.find((x) => x.kind === 'under-search');
    expect(f?.evidence).toContain('"Roy Scheider" (search 1)');
    expect(f?.stepId).toBeDefined();
  });

  it('counts a correct answer the evidence never supported (a lucky guess)', () => {
    const d = diagnose(traj(Q, GOLD, [search('Jaws', [JAWS])], 'December 18, 1946'));
    expect(d.underSearch).toBe(true);
    expect(d.flags.find((x) => x.kind === 'under-search')?.evidence).toContain('did not support');
  });

  it('does not fire without a final answer, or once the evidence was sufficient', () => {
    expect(diagnose(traj(Q, GOLD, [search('Jaws', [JAWS])])).underSearch).toBe(false);
    expect(
      diagnose(traj(Q, GOLD, [search('Jaws', [JAWS]), search('Spielberg', [SPIELBERG])], 'wrong'))
        .underSearch,
    ).toBe(false);
  });

  it('without gold, fires when no passage states the answer', () => {
    expect(diagnose(traj(Q, undefined, [search('Jaws', [JAWS])], 'Steven Spielberg')).underSearch).toBe(
      false,
    );
    expect(diagnose(traj(Q, undefined, [search('Jaws', [JAWS])], 'George Lucas')).underSearch).toBe(true);
  });
});

describe('efficiency', () => {
  it('derives the rates from the verdicts', () => {
    const dup = { ...SHARK, id: 'k2', duplicate: true };
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [search('Spielberg born', [JAWS, SPIELBERG]), search('Spielberg born', [dup])],
        'December 18, 1946',
      ),
    );
    expect(d.efficiency).toEqual({
      redundantRate: 0.5,
      afterSufficiency: 1,
      productivity: 0.5,
      duplicateDocRate: 1 / 3,
    });
  });
});
