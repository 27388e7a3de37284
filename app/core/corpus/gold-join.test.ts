import { describe, expect, it } from 'vitest';
import { trajectoryMetrics } from '../metrics/trajectory-metrics';
import { buildTrajectory } from '../schema/builder';
import { buildQuestionIndex, findQuestion, withQuestionGold } from './gold-join';
import type { Question } from './types';

const q: Question = {
  id: 'q1',
  question: 'Who designed the bridge of Casmere?',
  answers: ['Kasimir Dorn'],
  plan: [
    { question: 'Which bridge is in Casmere?', answer: 'Ambrel Bridge' },
    { question: 'Who designed #1?', answer: 'Kasimir Dorn', resolved: 'Who designed Ambrel Bridge?' },
  ],
  supports: ['vel-022', 'vel-040'],
  supportTitles: ['Ambrel Bridge', 'Kasimir Dorn'],
  source: { format: 'flashrag-questions', file: 'q.jsonl', line: 1 },
};

const traj = (question: string, qid?: string) =>
  buildTrajectory([
    {
      type: 'start',
      question,
      source: { kind: 'import', format: 'search-r1', ...(qid ? { qid } : {}) },
      agent: { strategy: 'search-r1', params: {} },
    },
    { type: 'step', step: { kind: 'search', queries: ['bridge casmere'] } },
    {
      type: 'step',
      step: {
        kind: 'retrieve',
        docs: [
          // another retriever's ids: matched by title
          { id: 'wiki-1', title: 'Ambrel Bridge', text: 'Designed by Kasimir Dorn.', rank: 1 },
          { id: 'wiki-2', title: 'Casmere', text: 'A city.', rank: 2 },
        ],
      },
    },
    { type: 'answer', text: 'Kasimir Dorn' },
  ]);

describe('joining gold from a question set', () => {
  const index = buildQuestionIndex([{ name: 'Veloria questions', questions: [q] }]);

  it('matches by normalized question text and fills answers, plan and supporting passages', () => {
    const t = traj('who designed the Bridge of Casmere');
    expect(trajectoryMetrics(t).em).toBeNull();
    const m = findQuestion(t, index);
    expect(m).toMatchObject({ setName: 'Veloria questions', by: 'question' });
    const joined = withQuestionGold(t, m!)!;
    expect(joined.gold?.answers).toEqual(['Kasimir Dorn']);
    expect(joined.gold?.plan?.map((s) => s.text)).toEqual([
      'Which bridge is in Casmere?',
      'Who designed #1?',
    ]);
    const metrics = trajectoryMetrics(joined);
    expect(metrics.em).toBe(1);
    // one of the two supporting passages was retrieved (by title)
    expect(metrics.goldPassageRecall).toBe(0.5);
    const docs = joined.steps[1]!.docs!;
    expect(docs.map((d) => [d.gold, d.containsAnswer])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(t.gold).toBeUndefined(); // the input is not changed
  });

  it('matches by qid only when the question text agrees, and never overrides the log’s own gold', () => {
    expect(findQuestion(traj('Something else entirely?', 'q1'), index)).toBeNull();
    const own = buildTrajectory([
      {
        type: 'start',
        question: q.question,
        source: { kind: 'import', qid: 'q1' },
        agent: { strategy: 'x', params: {} },
        gold: { answers: ['Dorn'], supporting: [{ title: 'Casmere' }] },
      },
    ]);
    const m = findQuestion(own, index);
    expect(m?.by).toBe('qid');
    const joined = withQuestionGold(own, m!)!;
    expect(joined.gold).toEqual({
      answers: ['Dorn'],
      supporting: [{ title: 'Casmere' }],
      plan: [
        {
          text: 'Which bridge is in Casmere?',
          question: 'Which bridge is in Casmere?',
          answer: 'Ambrel Bridge',
        },
        { text: 'Who designed #1?', question: 'Who designed #1?', answer: 'Kasimir Dorn' },
      ],
    });
  });

  it('returns null when the set adds nothing', () => {
    const bare: Question = { id: 'b', question: 'Q?', answers: [], source: { format: 'csv', file: 'x.csv' } };
    const i = buildQuestionIndex([{ name: 's', questions: [bare] }]);
    const t = traj('Q?');
    expect(withQuestionGold(t, findQuestion(t, i)!)).toBeNull();
  });
});
