// Sufficiency as an evidence chain: the three ways an answer string alone misleads (a list page, a
// comparison without the compared values, a bridge stated for another person), each against the
// answer-containment rules the chain replaced (`{ chain: false }`).
import { describe, expect, it } from 'vitest';
import { buildTrajectory, type StepInput, type TrajectoryEvent } from '../schema/builder';
import type { Doc, Gold, Trajectory } from '../schema/trajectory';
import { diagnose } from './diagnose';
import { searchHops } from './hops';
import { sufficiency } from './sufficiency';

const doc = (id: string, title: string, text: string): Doc => ({ id, title, text, rank: 1 });
const search = (q: string, docs: Doc[]): StepInput => ({ kind: 'search', queries: [q], docs });

function traj(question: string, gold: Gold, steps: StepInput[], answer: string): Trajectory {
  const events: TrajectoryEvent[] = [
    {
      type: 'start',
      id: 't',
      question,
      gold,
      source: { kind: 'import' },
      agent: { strategy: 'test', params: {} },
    },
  ];
  for (const step of steps) events.push({ type: 'step', step });
  events.push({ type: 'answer', text: answer });
  return buildTrajectory(events);
}

const baseline = (t: Trajectory) => sufficiency(t, searchHops(t), true, { chain: false }).point;

describe('comparison: the compared attribute for every side, through its bridge', () => {
  const Q = 'Which film has the director who died first, Payment On Demand or My Cousin From Warsaw?';
  const GOLD: Gold = { answers: ['My Cousin From Warsaw'] };
  const PAYMENT = doc(
    'p',
    'Payment on Demand',
    'Payment on Demand is a 1951 film directed by Curtis Bernhardt.',
  );
  const COUSIN = doc(
    'c',
    'My Cousin from Warsaw',
    'My Cousin from Warsaw is a 1931 film directed by Carl Boese.',
  );
  const BERNHARDT = doc(
    'b',
    'Curtis Bernhardt',
    'Curtis Bernhardt (15 April 1899 – 22 February 1981) was a German director.',
  );
  const BOESE = doc(
    'o',
    'Carl Boese',
    'Carl Boese (26 August 1887 – 6 July 1958) was a German film director.',
  );

  it('is not sufficient when both films are found but no death date of either director', () => {
    const t = traj(
      Q,
      GOLD,
      [search('Payment On Demand director', [PAYMENT, COUSIN])],
      'My Cousin From Warsaw',
    );
    expect(baseline(t)).toBe(1); // the old rule: both named entities found
    const d = diagnose(t);
    expect(d.firstSufficientSearch).toBeNull();
    expect(d.sufficiency.chain?.missing).toBe(
      'no passage gives the death date of Curtis Bernhardt (the director of Payment On Demand)',
    );
    expect(d.underSearch).toBe(true);
    expect(d.flags.find((f) => f.kind === 'under-search')?.evidence).toContain(
      'Missing link: no passage gives',
    );
  });

  it('is sufficient once each director and each death date is retrieved, quoting every link', () => {
    const t = traj(
      Q,
      GOLD,
      [
        search('films', [PAYMENT, COUSIN]),
        search('Curtis Bernhardt', [BERNHARDT]),
        search('Carl Boese', [BOESE]),
        search('Carl Boese death', [BOESE]),
      ],
      'My Cousin From Warsaw',
    );
    const d = diagnose(t);
    expect(d.firstSufficientSearch).toBe(3);
    expect(d.overSearch).toEqual([4]);
    expect(d.sufficiency.chain?.links.map((l) => `${l.search} ${l.need}`)).toEqual([
      '1 the director of Payment On Demand: Curtis Bernhardt',
      '2 the death date of Curtis Bernhardt',
      '1 the director of My Cousin From Warsaw: Carl Boese',
      '3 the death date of Carl Boese',
    ]);
    expect(d.sufficiency.evidence).toContain('"Carl Boese" (search 3)');
    expect(d.sufficiency.evidence).toContain('6 July 1958');
  });
});

describe('bridge: the attribute stated for the entity an earlier passage named', () => {
  const Q = 'Where was the director of film The Zone born?';
  const GOLD: Gold = { answers: ['Montreal'] };
  const ZONE = doc(
    'z',
    'The Zone (2017 film)',
    'The Zone is a 2017 documentary film directed by Denys Desjardins.',
  );
  const OTHER = doc('x', 'Jean Tremblay', 'Jean Tremblay (born 1950 in Montreal) is a Canadian actor.');
  const DESJARDINS = doc(
    'd',
    'Denys Desjardins',
    'Denys Desjardins (born 1966 in Montreal) is a Canadian filmmaker.',
  );

  it('does not count the birthplace of another person', () => {
    const t = traj(Q, GOLD, [search('The Zone director', [ZONE, OTHER])], 'Montreal');
    expect(baseline(t)).toBe(1); // the old rule: "Montreal" is in a passage
    const d = diagnose(t);
    expect(d.firstSufficientSearch).toBeNull();
    expect(d.sufficiency.chain?.missing).toBe(
      'no passage gives the birthplace of Denys Desjardins (the director of The Zone)',
    );
    expect(d.underSearch).toBe(true);
  });

  it('is sufficient at the bridge entity’s own page', () => {
    const t = traj(
      Q,
      GOLD,
      [search('The Zone director', [ZONE, OTHER]), search('Denys Desjardins', [DESJARDINS])],
      'Montreal',
    );
    const d = diagnose(t);
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.sufficiency.chain?.links.map((l) => l.need)).toEqual([
      'the director of The Zone: Denys Desjardins',
      'the birthplace of Denys Desjardins',
    ]);
  });
});

describe('an answer string in a list is not an answer', () => {
  const Q = 'What is the official color of the third oldest surviving university?';
  const GOLD: Gold = { answers: ['Cambridge Blue'] };
  const DURHAM = doc(
    'p',
    'Palatinate (colour)',
    'Palatinate is the colour of Durham University. See also. - List of colours - Oxford blue - Cambridge blue',
  );
  const LIST = doc('l', 'List of university colours', 'Cambridge blue; Oxford blue; Palatinate purple.');
  const CAMBRIDGE = doc(
    'c',
    'Cambridge Blue (colour)',
    'Cambridge Blue is the colour of the University of Cambridge.',
  );

  it('skips "See also" entries and list pages, and is sufficient at a passage that states it', () => {
    const t = traj(
      Q,
      GOLD,
      [search('third oldest university colour', [DURHAM, LIST]), search('Cambridge colour', [CAMBRIDGE])],
      'Cambridge Blue',
    );
    expect(baseline(t)).toBe(1);
    expect(diagnose(t).firstSufficientSearch).toBe(2);
  });

  it('names the list as the reason when nothing else states it', () => {
    const t = traj(Q, GOLD, [search('third oldest university colour', [DURHAM])], 'palatinate purple');
    const d = diagnose(t);
    expect(d.firstSufficientSearch).toBeNull();
    expect(d.sufficiency.chain?.missing).toContain('"Palatinate (colour)" (search 1), as an entry of a list');
    expect(d.underSearch).toBe(true);
  });
});

describe('a joined question set’s plan', () => {
  it('needs every step’s answer retrieved', () => {
    const gold: Gold = {
      answers: ['Montreal'],
      plan: [
        { text: 'The Zone >> director', answer: 'Denys Desjardins' },
        { text: '#1 >> place of birth', answer: 'Montreal' },
      ],
    };
    const other = doc('x', 'Jean Tremblay', 'Jean Tremblay (born 1950 in Montreal) is a Canadian actor.');
    const zone = doc('z', 'The Zone (2017 film)', 'The Zone is a 2017 film directed by Denys Desjardins.');
    const t = traj(
      'Where was the director of film The Zone born?',
      gold,
      [search('Montreal', [other]), search('The Zone', [zone])],
      'Montreal',
    );
    const d = diagnose(t);
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.sufficiency.evidence).toContain('through the gold plan');
    const none = diagnose(traj(t.question, gold, [search('Montreal', [other])], 'Montreal'));
    expect(none.sufficiency.chain?.missing).toBe('no passage gives The Zone >> director: "Denys Desjardins"');
  });

  it('never overrides every supporting passage retrieved (step answers carry no aliases)', () => {
    const gold: Gold = {
      answers: ['Jones Beach'],
      supporting: [
        { docId: 'j', title: 'Jones Beach State Park' },
        { docId: 'm', title: 'Moses (planner)' },
      ],
      plan: [
        { text: 'Jones Beach State Park >> designed by', answer: 'Robert Moses' },
        { text: '#1 >> best-known project', answer: 'Jones Beach' },
      ],
    };
    const park = doc('j', 'Jones Beach State Park', 'The park was planned by Moses in 1926.');
    const moses = doc('m', 'Moses (planner)', 'Moses is best remembered for Jones Beach.');
    const t = traj(
      'What is the best-known project of the man who planned Jones Beach State Park?',
      gold,
      [search('Jones Beach State Park', [park]), search('Moses planner', [moses])],
      'Jones Beach',
    );
    const d = diagnose(t);
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.sufficiency.rule).toBe('supporting-passages');
  });
});

describe('a bridge named only by a long description: the page that states it', () => {
  const Q =
    "What college did the English conductor, organist and composer widely regarded as Britain's leading conductor of choral works teach at?";
  const GOLD: Gold = { answers: ['Royal College of Music'] };
  const OTHER = doc(
    'w',
    'David Willcocks',
    'Sir David Willcocks was a British choral conductor and organist. He was also director of the Royal College of Music.',
  );
  const DESCRIBED = doc(
    's',
    'Malcolm Sargent',
    "Sir Malcolm Sargent was an English conductor, organist and composer widely regarded as Britain's leading conductor of choral works. He taught at the Royal College of Music.",
  );

  it('an answer on the page of someone the description does not fit is no link', () => {
    const t = traj(Q, GOLD, [search('choral conductor', [OTHER])], 'Royal College of Music');
    expect(baseline(t)).toBe(1);
    const s = sufficiency(t, searchHops(t), true);
    expect(s.point).toBeNull();
    expect(s.chain?.missing).toMatch(/no passage states the question's description/);
    expect(diagnose(t).underSearch).toBe(true);
  });

  it('the page that states the description and the answer completes it', () => {
    const t = traj(
      Q,
      GOLD,
      [search('choral conductor', [OTHER]), search('Britain leading conductor of choral works', [DESCRIBED])],
      'Royal College of Music',
    );
    const s = sufficiency(t, searchHops(t), true);
    expect(s.point).toBe(2);
    expect(s.chain?.links.map((l) => l.passage)).toEqual(['"Malcolm Sargent" (search 2)']);
  });

  it('a short description is common knowledge: the answer page need not state it', () => {
    const t = traj(
      'Who is the predecessor of the longest-reigning British monarch?',
      { answers: ['George VI'] },
      [
        search('longest reigning British monarch', [
          doc('e', 'Elizabeth II', 'She succeeded her father George VI.'),
        ]),
      ],
      'George VI',
    );
    expect(sufficiency(t, searchHops(t), true).point).toBe(1);
  });
});

describe("the retriever's copy lacks the fact: not under-search", () => {
  const Q = 'When was the composer of Carol of the Bells born?';
  const CAROL = doc('c', 'Carol of the Bells', 'A carol with music by Ukrainian composer Mykola Leontovych.');
  const STRIPPED = doc('m', 'Mykola Leontovych', 'Mykola Leontovych was born on in Monastyrok.');

  it('the bridge page came back for a query naming it, without the date', () => {
    const t = traj(
      Q,
      { answers: ['December 13, 1877'] },
      [search('Carol of the Bells composer', [CAROL]), search('Mykola Leontovych birthdate', [STRIPPED])],
      'December 6, 1871',
    );
    const d = diagnose(t);
    expect(d.firstSufficientSearch).toBeNull();
    expect(d.sufficiency.chain?.unretrievable).toMatch(/is the page of Mykola Leontovych/);
    expect(d.underSearch).toBe(false);
  });

  it('the agent never asked for the bridge: under-search', () => {
    const t = traj(
      Q,
      { answers: ['December 13, 1877'] },
      [search('Carol of the Bells composer', [CAROL])],
      '1871',
    );
    expect(diagnose(t).underSearch).toBe(true);
  });
});
