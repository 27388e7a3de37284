// Near misses on a real log (R1-Searcher, Qwen, Bamboogle; shared/data/SOURCES.md): answers such
// as `11 February 1650` for gold `February 11, 1650` used to be flagged wrong-entity.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import type { Trajectory } from '../schema/trajectory';
import { answerVerdict } from './answer-verdict';
import { docsWithWrongAnswer, flagTrajectory } from './flags';
import { finalAnswerText, trajectoryMetrics } from './trajectory-metrics';

const R1_FILE = 'r1searcher_bamboogle_qwen.jsonl';
const r1Text = readFileSync(resolve(__dirname, '../../../../shared/data/trajectories', R1_FILE), 'utf8');

describe('near-miss on the real R1-Searcher Bamboogle log', () => {
  let rows: Array<{ t: Trajectory; kinds: string[]; oldWrongEntity: boolean; verdict: string | undefined }>;
  beforeAll(async () => {
    const ts = (await importAll(stringChunks(r1Text), { file: R1_FILE })).trajectories;
    rows = ts.map((t) => {
      const m = trajectoryMetrics(t);
      const pred = finalAnswerText(t);
      return {
        t,
        kinds: flagTrajectory(t, m).map((f) => f.kind),
        // The rule before near misses: EM 0, cover-EM 0, and a doc holds the answer but no gold.
        oldWrongEntity:
          pred !== undefined && m.em === 0 && m.acc === 0 && docsWithWrongAnswer(t, pred).length > 0,
        verdict: answerVerdict(t, m)?.kind,
      };
    });
  });

  // Measured on this file: of 58 wrong-entity flags under the old rule, 9 are near misses now
  // (5 dates in another format, 1 title by token F1 0.875, 3 the log's judge calls correct).
  it('turns 9 of the 58 old wrong-entity flags into near-miss, and never flags both', () => {
    const old = rows.filter((r) => r.oldWrongEntity);
    expect(old).toHaveLength(58);
    const moved = old.filter((r) => r.kinds.includes('near-miss'));
    expect(moved).toHaveLength(9);
    expect(moved.every((r) => !r.kinds.includes('wrong-entity'))).toBe(true);
    expect(old.filter((r) => r.kinds.includes('wrong-entity'))).toHaveLength(58 - 9);
    expect(rows.filter((r) => r.kinds.includes('near-miss') && r.kinds.includes('wrong-entity'))).toEqual([]);
    expect(rows.every((r) => r.kinds.includes('near-miss') === (r.verdict === 'near-miss'))).toBe(true);
  });

  it('quotes both answers and names the date format as the difference', () => {
    const t = rows.find((r) => finalAnswerText(r.t) === '11 February 1650')?.t;
    expect(t?.gold?.answers).toEqual(['February 11, 1650']);
    const flag = t && flagTrajectory(t).find((f) => f.kind === 'near-miss');
    expect(flag?.evidence).toBe(
      'Answered "11 February 1650", gold "February 11, 1650": same date, different format (EM 0).',
    );
    expect(flag?.stepId).toBe(t?.steps.findLast((s) => s.kind === 'answer')?.id);
  });
});
