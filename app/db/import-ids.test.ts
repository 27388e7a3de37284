import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../core/annotations/annotation';
import { stringChunks } from '../core/importers/pipeline';
import { db } from './db';
import { recordContent } from './import-ids';
import { importIntoDb } from './import-into-db';
import { countTrajectories, getTrajectory, listAnnotations, putAnnotations, putTrajectories } from './store';
import { freshDbPerTest } from '../testing/fresh-db';

const demoFile = (name: string) => readFileSync(join(__dirname, '../../public/demo', name), 'utf8');
const DEMO = demoFile('veloria-hopscope.jsonl');
const DEMO_R1 = demoFile('veloria-search-r1.jsonl');
const COLLIDING = readFileSync(
  join(__dirname, '../../../shared/repro/hardening-3/11-demo-id-collision-silently-replaces.jsonl'),
  'utf8',
);

freshDbPerTest();

/** Loads the demo set as the app does; returns how many trajectories it stored. */
async function loadDemo(): Promise<number> {
  const opts = { replacesOwnOlderVersion: true };
  const a = await importIntoDb(stringChunks(DEMO), {
    file: 'veloria-hopscope.jsonl',
    format: 'hopscope',
    ...opts,
  });
  const b = await importIntoDb(stringChunks(DEMO_R1), {
    file: 'veloria-search-r1.jsonl',
    format: 'search-r1',
    ...opts,
  });
  return a.imported + b.imported;
}

describe('an imported id that already holds a different trajectory', () => {
  it('keeps the stored one and its labels; the newcomer is stored under a derived id and reported', async () => {
    const demo = await loadDemo();
    const before = (await getTrajectory('demo-qagent'))!;
    const step = before.steps[1]!;
    const label = makeAnnotation({
      trajectoryId: before.id,
      stepId: step.id,
      label: 'over-search',
      annotator: 'ana',
    });
    await putAnnotations([label]);

    const rec = await importIntoDb(stringChunks(COLLIDING), { file: 'colliding.jsonl' });
    expect(rec.imported).toBe(3);
    expect(await countTrajectories()).toBe(demo + 3);
    const after = (await getTrajectory('demo-qagent'))!;
    expect(recordContent(after)).toBe(recordContent(before));
    const moved = (await getTrajectory('demo-qagent~2'))!;
    expect(moved.question).not.toBe(before.question);
    expect(moved.source.file).toBe('r1_10.jsonl');
    // The label is on the step it was made on, of the record it was made on.
    const [kept] = await listAnnotations();
    expect(kept).toMatchObject({ trajectoryId: 'demo-qagent', stepId: step.id });
    expect((await getTrajectory(kept!.trajectoryId))!.steps.find((s) => s.id === step.id)).toEqual(step);
    // Each move is a warning naming both ids and the record's line (demo-sr1-multihop, line 2, is
    // not a stored id: the Search-R1 demo file's records get content ids).
    const warnings = rec.errors.filter((e) => e.field === 'id');
    expect(warnings.map((w) => w.line).sort()).toEqual([1, 3]);
    expect(warnings.every((w) => w.severity === 'warning')).toBe(true);
    expect(warnings.find((w) => w.message.includes('"demo-qagent"'))?.message).toContain('"demo-qagent~2"');
  });

  it('the same file again stays one copy of each; the demo set again replaces nothing of the user', async () => {
    const demo = await loadDemo();
    await importIntoDb(stringChunks(COLLIDING), { file: 'colliding.jsonl' });
    const again = await importIntoDb(stringChunks(COLLIDING), { file: 'colliding.jsonl' });
    expect(again.imported).toBe(3);
    expect(await countTrajectories()).toBe(demo + 3);
    await loadDemo();
    expect(await countTrajectories()).toBe(demo + 3);
    expect((await getTrajectory('demo-qagent~2'))!.source.file).toBe('r1_10.jsonl');
    expect(await getTrajectory('demo-qagent~3')).toBeUndefined();
  });

  it('a user file first, then the demo set: the demo is moved, the user record stays', async () => {
    await importIntoDb(stringChunks(COLLIDING), { file: 'colliding.jsonl' });
    const demo = await importIntoDb(stringChunks(DEMO), {
      file: 'veloria-hopscope.jsonl',
      replacesOwnOlderVersion: true,
    });
    expect(demo.errors.filter((e) => e.field === 'id')).toHaveLength(2);
    expect((await getTrajectory('demo-qagent'))!.source.file).toBe('r1_10.jsonl');
    expect((await getTrajectory('demo-qagent~2'))!.source.dataset).toBe('veloria-demo');
  });

  it('a newer demo set replaces its own older records (same id and source), not a copy', async () => {
    const older = DEMO.replace(/"question":"Which/, '"question":"(v1) Which');
    await importIntoDb(stringChunks(older), {
      file: 'veloria-hopscope.jsonl',
      replacesOwnOlderVersion: true,
    });
    const newer = await importIntoDb(stringChunks(DEMO), {
      file: 'veloria-hopscope.jsonl',
      replacesOwnOlderVersion: true,
    });
    expect(newer.errors).toEqual([]);
    expect(await countTrajectories()).toBe(6);
    expect((await getTrajectory('demo-apex-plan'))!.question).not.toContain('(v1)');
  });

  it("labels the file carries for a moved record move with it, never onto the stored record's steps", async () => {
    await loadDemo();
    const [first] = COLLIDING.split('\n');
    const rec = JSON.parse(first!) as { id: string; steps: Array<{ id: string }> };
    const labelled = {
      ...rec,
      annotations: [{ stepId: rec.steps[0]!.id, label: 'under-search', annotator: 'bo', createdAt: 'x' }],
    };
    await importIntoDb(stringChunks(`${JSON.stringify(labelled)}\n`), { file: 'one.jsonl' });
    const labels = await listAnnotations();
    expect(labels).toHaveLength(1);
    expect(labels[0]!.trajectoryId).toBe(`${rec.id}~2`);
  });

  it('an id the file chose, even shaped like a content id, is compared by content: a different record is moved', async () => {
    const [first] = COLLIDING.split('\n');
    const rec = JSON.parse(first!) as Record<string, unknown>;
    const as = (question: string) => `${JSON.stringify({ ...rec, id: 't_1', question })}\n`;
    await importIntoDb(stringChunks(as('the record of file a')), { file: 'a.jsonl' });
    const b = await importIntoDb(stringChunks(as('another record of file b')), { file: 'b.jsonl' });
    expect(await countTrajectories()).toBe(2);
    expect((await getTrajectory('t_1'))!.question).toBe('the record of file a');
    expect((await getTrajectory('t_1~2'))!.question).toBe('another record of file b');
    expect(b.errors).toHaveLength(1);
    expect(b.errors[0]).toMatchObject({ field: 'id', severity: 'warning', line: 1 });
    expect(b.errors[0]!.message).toContain('"t_1~2"');
  });

  it('a content id the pipeline derived is the same record: a newer derivation replaces it', async () => {
    // No id in the file: the pipeline derives t_<hash> of the record's bytes.
    const line = `${JSON.stringify({ question: 'Capital of France?', golden_answers: ['Paris'], output: { pred: 'Paris' } })}\n`;
    const first = await importIntoDb(stringChunks(line), { file: 'a.jsonl', format: 'flashrag' });
    expect(first.imported).toBe(1);
    const [t] = await (await db()).getAll('trajectories');
    const id = t!.id;
    expect(id).toMatch(/^t_/);
    // An older importer read other content from the same bytes under the same id.
    const older = (await getTrajectory(id))!;
    await putTrajectories([{ ...older, question: 'read differently by an older importer' }]);
    const again = await importIntoDb(stringChunks(line), { file: 'a.jsonl', format: 'flashrag' });
    expect(again.errors).toEqual([]);
    expect(await countTrajectories()).toBe(1);
    expect((await getTrajectory(id))!.question).toBe('Capital of France?');
  });
});
