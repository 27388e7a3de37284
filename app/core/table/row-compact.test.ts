import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { generateTrainingRun } from '../../testing/training-run-generator';
import { ALL_SURE, NO_EFF, tableRow } from '../../testing/table-row';
import { type TrajectoryRow, toRow } from './row';
import { RowCompactor } from './row-compact';

const SHARED = resolve('..', 'shared', 'data', 'trajectories');

async function trainingRows(): Promise<TrajectoryRow[]> {
  const out: TrajectoryRow[] = [];
  for (const s of generateTrainingRun({ steps: 2, samplesPerStep: 40, seed: 5, malformedRate: 0 }))
    for (const t of (await importAll(stringChunks(s.lines.join('\n')), { file: `grpo/${s.file}` }))
      .trajectories)
      out.push({ ...toRow(t), collection: 'c-grpo' });
  return out;
}

async function logRows(): Promise<TrajectoryRow[]> {
  const name = 'r1searcher_bamboogle_qwen.jsonl';
  const text = readFileSync(resolve(SHARED, name), 'utf8');
  return (await importAll(stringChunks(text), { file: name })).trajectories.map((t) => toRow(t));
}

describe('RowCompactor', () => {
  it('changes no value of any row (training rollouts and an evaluation log)', async () => {
    const rows = [...(await trainingRows()), ...(await logRows())];
    // As the table worker gets them: each row its own structured clone, as IndexedDB returns it.
    const read = rows.map((r) => structuredClone(r));
    const c = new RowCompactor();
    const compacted = read.map((r) => c.compact(r));
    expect(compacted).toEqual(rows);
    // Object keys and their order (what a CSV or a JSON export walks) are the same too.
    expect(compacted.map((r) => JSON.stringify(r))).toEqual(rows.map((r) => JSON.stringify(r)));
  });

  it('shares one frozen copy of the parts that repeat across rows', async () => {
    const rows = (await trainingRows()).map((r) => structuredClone(r));
    const c = new RowCompactor();
    rows.forEach((r) => c.compact(r));
    const same = <T>(pick: (r: TrajectoryRow) => T) => {
      const seen = new Map<string, T>();
      for (const r of rows) {
        const v = pick(r);
        const key = JSON.stringify(v);
        if (!seen.has(key)) seen.set(key, v);
        expect(v).toBe(seen.get(key));
      }
      return seen.size;
    };
    // Fewer distinct values than rows, each held once.
    expect(same((r) => r.eff)).toBeLessThan(rows.length / 2);
    expect(same((r) => r.sure)).toBeLessThan(rows.length / 2);
    expect(same((r) => r.extras)).toBeLessThan(rows.length / 2);
    expect(same((r) => r.flags)).toBeLessThan(rows.length / 2);
    const r = rows.find((x) => x.sure && x.sure.reasons.length > 0)!;
    expect(Object.isFrozen(r.eff) && Object.isFrozen(r.sure) && Object.isFrozen(r.sure!.reasons)).toBe(true);
    expect(() => (r.flags as string[]).push('x')).toThrow();
  });

  it('keeps the strings that repeat once: distinct names and a training run’s texts, not every row’s', async () => {
    const train = (await trainingRows()).map((r) => structuredClone(r));
    const c = new RowCompactor();
    train.forEach((r) => c.compact(r));
    const distinct = new Set(
      train.flatMap((r) => [r.question, r.answer, r.gold, r.file, r.run, r.collection, r.strategy]),
    );
    // Each distinct string once (plus the flags' kinds, steps, evidence, queries and rules).
    expect(c.size.strings).toBeGreaterThanOrEqual(distinct.size);
    expect(c.size.strings).toBeLessThan(train.length * 3);
    // An evaluation log's questions and answers are nearly all distinct: not kept in the map.
    const log = new RowCompactor();
    const rows = await logRows();
    rows.map((x) => structuredClone(x)).forEach((x) => log.compact(x));
    expect(log.size.strings).toBeLessThan(rows.length / 4);
  });

  it('shares only equal extras: NaN, Infinity and -0 are not null or 0', () => {
    const c = new RowCompactor();
    const a = c.compact(tableRow({ id: 'a', extras: { r: NaN } }));
    const b = c.compact(tableRow({ id: 'b', extras: { r: Infinity } }));
    const z = c.compact(tableRow({ id: 'z', extras: { r: -0 } }));
    const zero = c.compact(tableRow({ id: '0', extras: { r: 0 } }));
    expect([a.extras.r, b.extras.r, z.extras.r, zero.extras.r]).toEqual([NaN, Infinity, -0, 0]);
  });

  it('shares a confidence or detector counts only when every field is equal (a field added later too)', () => {
    const other = (v: unknown): unknown =>
      typeof v === 'number'
        ? v + 1
        : typeof v === 'boolean'
          ? !v
          : Array.isArray(v)
            ? [...v, 'x']
            : `${String(v)}x`;
    for (const part of ['sure', 'eff'] as const) {
      const base = part === 'sure' ? ALL_SURE : NO_EFF;
      for (const field of Object.keys(base)) {
        const c = new RowCompactor();
        const a = c.compact(tableRow({ id: 'a', [part]: structuredClone(base) }));
        const changed = { ...structuredClone(base), [field]: other(base[field as keyof typeof base]) };
        const b = c.compact(tableRow({ id: 'b', [part]: changed }));
        expect(b[part], `${part}.${field}`).not.toBe(a[part]);
        expect(b[part]).toEqual(changed);
      }
    }
  });
});
