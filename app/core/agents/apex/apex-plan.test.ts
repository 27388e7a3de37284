import { describe, expect, it } from 'vitest';
import { parsePlan, readStepLine } from './apex-plan';

// The paper's own plans (v1 §4.6, Fig. 6, "Ours"), as the figure prints them.
const FIG6_Q1 = '(1) Who is the mother of Antiochus X Eusebes? (2) Who is the father of #1?';
const FIG6_Q2 = 'Ours: (1) Who is Audofleda’s husband? (2) Which country is #1 from?';

describe('APEX plan numbering forms', () => {
  const twoSteps = [
    { id: '1', text: 'Who is the mother of Antiochus X Eusebes?', dependsOn: [] },
    { id: '2', text: 'Who is the father of #1?', dependsOn: ['1'] },
  ];
  it.each([
    ['Fig. 6 inline', FIG6_Q1],
    ['(1) lines', '(1) Who is the mother of Antiochus X Eusebes?\n(2) Who is the father of #1?'],
    ['1. lines', '1. Who is the mother of Antiochus X Eusebes?\n2. Who is the father of #1?'],
    ['1) lines', '1) Who is the mother of Antiochus X Eusebes?\n2) Who is the father of #1?'],
    ['Step 1: lines', 'Step 1: Who is the mother of Antiochus X Eusebes?\nStep 2: Who is the father of #1?'],
    [
      '**1.** bold numbers',
      '**1.** Who is the mother of Antiochus X Eusebes?\n**2.** Who is the father of #1?',
    ],
    [
      '**1. …** bold lines',
      '**1. Who is the mother of Antiochus X Eusebes?**\n**2. Who is the father of #1?**',
    ],
    [
      '**Step 1:** bold labels',
      '**Step 1:** Who is the mother of Antiochus X Eusebes?\n**Step 2:** Who is the father of #1?',
    ],
    [
      '__1.__ bold numbers',
      '__1.__ Who is the mother of Antiochus X Eusebes?\n__2.__ Who is the father of #1?',
    ],
    [
      'bold numbers behind bullets',
      '- **1.** Who is the mother of Antiochus X Eusebes?\n* **2.** Who is the father of #1?',
    ],
    [
      'a heading before the steps',
      '**Plan:**\n1. Who is the mother of Antiochus X Eusebes?\n2. Who is the father of #1?',
    ],
  ])('%s', (_name, plan) => {
    expect(parsePlan(plan)).toEqual(twoSteps);
  });

  it('reads the Fig. 6 plan behind its "Ours:" label', () => {
    expect(parsePlan(FIG6_Q2)).toEqual([
      { id: '1', text: 'Who is Audofleda’s husband?', dependsOn: [] },
      { id: '2', text: 'Which country is #1 from?', dependsOn: ['1'] },
    ]);
  });

  // The paper's step marker, "(n)" (v1 Fig. 6: "(1) Who is the mother of Antiochus X Eusebes? (2)
  // Who is the father of #1?"), starts a step: the next number, followed by its question. A year
  // in parentheses inside a question is part of it, in any numbering form.
  it.each([
    ['Fig. 6 inline', '(1) Who directed Titanic (1997)? (2) When was #1 born?'],
    ['(1) lines', '(1) Who directed Titanic (1997)?\n(2) When was #1 born?'],
    ['1. lines', '1. Who directed Titanic (1997)?\n2. When was #1 born?'],
    ['behind a label', 'Ours: (1) Who directed Titanic (1997)? (2) When was #1 born?'],
  ])('keeps a parenthesised year inside its sub-question (%s)', (_name, plan) => {
    expect(parsePlan(plan)).toEqual([
      { id: '1', text: 'Who directed Titanic (1997)?', dependsOn: [] },
      { id: '2', text: 'When was #1 born?', dependsOn: ['1'] },
    ]);
  });

  it('splits an inline plan only at the next step number', () => {
    expect(parsePlan('(1) Who won in 1994 (7) ? (2) Who coached #1 (4) x (3) Where is #2 from?')).toEqual([
      { id: '1', text: 'Who won in 1994 (7) ?', dependsOn: [] },
      { id: '2', text: 'Who coached #1 (4) x', dependsOn: ['1'] },
      { id: '3', text: 'Where is #2 from?', dependsOn: ['2'] },
    ]);
  });

  it('reads one step line, or null for a line that is not one', () => {
    expect(readStepLine('**3.** Which river flows past #2?')).toEqual({
      id: '3',
      text: 'Which river flows past #2?',
    });
    expect(readStepLine('(02) Where was #1 born?')).toEqual({ id: '2', text: 'Where was #1 born?' });
    expect(readStepLine('**1.**')).toBeNull();
    expect(readStepLine('1964 was the year.')).toBeNull();
    expect(readStepLine('**Plan:**')).toBeNull();
  });
});
