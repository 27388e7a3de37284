import { describe, expect, it } from 'vitest';
import { buildTrajectory, type TrajectoryEvent } from '../schema/builder';
import type { Trajectory } from '../schema/trajectory';
import { answerVerdict, NEAR_MISS_F1, nearMissReason } from './answer-verdict';

function traj(answer: string | undefined, gold: string[] | undefined, judge?: boolean): Trajectory {
  const start: TrajectoryEvent = {
    type: 'start',
    question: 'When did the siege of Jerusalem end?',
    source: { kind: 'import' },
    agent: { strategy: 'r1-searcher', params: {} },
  };
  if (gold) start.gold = { answers: gold };
  if (judge !== undefined) start.reported = { judge };
  const events: TrajectoryEvent[] = [start];
  if (answer !== undefined) events.push({ type: 'answer', text: answer });
  return buildTrajectory(events);
}

describe('answerVerdict', () => {
  it('is correct on EM 1 and null without gold', () => {
    expect(answerVerdict(traj('10 July 1099', ['10 July 1099']))).toEqual({ kind: 'correct' });
    expect(answerVerdict(traj('x', undefined))).toBeNull();
  });

  it('calls a date in another format a near miss', () => {
    expect(answerVerdict(traj('July 10, 1099', ['10 July 1099']))).toEqual({
      kind: 'near-miss',
      why: { by: 'date' },
    });
  });

  it(`calls token F1 ≥ ${NEAR_MISS_F1} a near miss, and below it not`, () => {
    // {steven, spielberg} vs {steven, allan, spielberg}: P 1, R 2/3 → F1 0.8.
    expect(answerVerdict(traj('Steven Spielberg', ['Steven Allan Spielberg']))).toEqual({
      kind: 'near-miss',
      why: { by: 'f1', f1: expect.closeTo(0.8, 10) as number },
    });
    // {paris} vs {paris, france}: F1 2/3, but cover-EM 1.
    expect(answerVerdict(traj('Paris', ['Paris, France']))).toEqual({ kind: 'wrong' });
    expect(answerVerdict(traj('Paris, France', ['Paris']))).toEqual({ kind: 'covers-gold' });
  });

  it("trusts the log's own judge for a near miss, never for a correct answer", () => {
    expect(answerVerdict(traj('the Crusaders', ['First Crusade'], true))).toEqual({
      kind: 'near-miss',
      why: { by: 'judge' },
    });
    expect(answerVerdict(traj('the Crusaders', ['First Crusade'], false))).toEqual({ kind: 'wrong' });
  });

  it('is wrong without an answer', () => {
    expect(answerVerdict(traj(undefined, ['1099'], true))).toEqual({ kind: 'wrong' });
  });

  it('says why in words', () => {
    expect(nearMissReason({ by: 'date' })).toBe('same date, different format');
    expect(nearMissReason({ by: 'f1', f1: 0.857 })).toBe(
      'token F1 0.86 ≥ 0.8: same entity, different wording',
    );
  });
});
