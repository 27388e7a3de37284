import { describe, expect, it } from 'vitest';
import { doc, traj } from '../../testing/reward-fakes';
import { judgeLabelled } from './search-judge-agreement';
import { searchJudgeMessages } from './search-judge-prompt';
import { parseSearchJudgeReply, quoteProblem, trajectoryTexts } from './search-judge-reply';
import { DEFAULT_RUBRIC_VERSION, DEFAULT_SEARCH_RUBRIC, rubricVersion } from './search-judge-rubric';

const T = traj(
  [
    {
      kind: 'search',
      queries: ['Jaws director'],
      docs: [doc('j', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.')],
    },
    { kind: 'think', text: 'Jaws was directed by Steven Spielberg.' },
    {
      kind: 'search',
      queries: ['Jaws director name'],
      docs: [doc('k', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.')],
    },
  ],
  { question: 'Who directed Jaws?', gold: { answers: ['Steven Spielberg'] }, answer: 'Steven Spielberg' },
);

const reply = (o: Record<string, unknown> = {}) =>
  JSON.stringify({
    searches: 2,
    first_sufficient_search: 1,
    search_labels: ['necessary', 'redundant'],
    under_search: false,
    evidence: {
      search_labels: ['Jaws director', 'Jaws director name'],
      first_sufficient_search: 'directed by Steven Spielberg',
      under_search: 'Jaws was directed by Steven Spielberg.',
    },
    ...o,
  });

describe('the model judge prompt', () => {
  it('gives the rubric as instructions and numbers the searches as the labels do', () => {
    const [system, user] = searchJudgeMessages(T, 'My rubric.\n');
    expect(system?.content).toBe('My rubric.');
    expect(user?.content).toContain('This trajectory has 2 searches.');
    expect(user?.content).toContain(
      '[Search 1] query: Jaws director\n  (1) Jaws (film): Jaws is a 1975 film',
    );
    expect(user?.content).toContain('[Search 2] query: Jaws director name');
    expect(user?.content).toContain('Gold answer: Steven Spielberg');
    expect(user?.content).toContain('Final answer: Steven Spielberg');
  });

  it('versions a rubric by its text', () => {
    expect(rubricVersion(DEFAULT_SEARCH_RUBRIC)).toBe(DEFAULT_RUBRIC_VERSION);
    expect(rubricVersion(`${DEFAULT_SEARCH_RUBRIC}\n`)).toBe(DEFAULT_RUBRIC_VERSION);
    expect(rubricVersion(`${DEFAULT_SEARCH_RUBRIC} Be strict.`)).not.toBe(DEFAULT_RUBRIC_VERSION);
  });
});

describe('parseSearchJudgeReply', () => {
  it('reads the labels and checks each quote against the trajectory', () => {
    const r = parseSearchJudgeReply(`Here it is:\n\`\`\`json\n${reply()}\n\`\`\``, T);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.judgement.search_labels.map((l) => [l.value, l.rejected])).toEqual([
      ['necessary', undefined],
      ['redundant', undefined],
    ]);
    expect(r.judgement.first_sufficient_search.value).toBe(1);
    expect(judgeLabelled('t', r.judgement)).toEqual({
      id: 't',
      searches: 2,
      search_labels: ['necessary', 'redundant'],
      under_search: false,
      first_sufficient_search: 1,
    });
  });

  it('rejects a label whose quote is not in the trajectory, with the reason, and leaves it unscored', () => {
    const r = parseSearchJudgeReply(
      reply({
        evidence: {
          search_labels: ['Jaws director', 'Spielberg was born in Cincinnati'],
          first_sufficient_search: 'directed by Steven Spielberg',
          under_search: 'the',
        },
      }),
      T,
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.judgement.search_labels[1]?.rejected).toBe(
      'quote "Spielberg was born in Cincinnati" does not occur in the trajectory',
    );
    expect(r.judgement.under_search.rejected).toMatch(/too short/);
    // A rejected under-search call takes the trajectory out of Calibrate.
    expect(judgeLabelled('t', r.judgement)).toBeNull();
  });

  it('reports malformed replies instead of turning them into labels', () => {
    const bad = (text: string) => {
      const r = parseSearchJudgeReply(text, T);
      return r.ok ? 'ok' : r.error;
    };
    expect(bad('Both searches were needed.')).toBe('the reply holds no JSON object');
    expect(bad('{"searches": 2,')).toMatch(/^the reply holds no JSON object|does not parse/);
    expect(bad('{"searches": 2, }')).toMatch(/does not parse/);
    expect(bad(reply({ search_labels: ['necessary', 'maybe'] }))).toMatch(/^search_labels\.1: /);
    expect(bad(reply({ searches: 3 }))).toBe('searches: the reply says 3, the trajectory has 2');
    expect(bad(reply({ search_labels: ['necessary'] }))).toBe('search_labels: 1 labels for 2 searches');
    expect(bad(reply({ first_sufficient_search: 4 }))).toMatch(/past the last search/);
    expect(bad(reply({ under_search: 'no' }))).toMatch(/^under_search: /);
  });

  it('reads quotes with folded whitespace, curly quotes and a trailing ellipsis', () => {
    const texts = trajectoryTexts(T);
    expect(quoteProblem('  Jaws is a 1975\nfilm …', texts)).toBeUndefined();
    expect(quoteProblem('\u201cJaws director\u201d', texts)).toBeUndefined();
    expect(quoteProblem('Jaws is a 1976 film', texts)).toMatch(/does not occur/);
  });
});
