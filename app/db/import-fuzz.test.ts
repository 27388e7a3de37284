// Seeded fuzz of the browser's import into IndexedDB (app/core/random.ts: a failure names its
// seed). Many bad lines: every good record is stored, every bad line counted, the stored report
// capped and the import never failed by its size. Id collisions: over a run of imports whose
// records reuse a few ids with different content, no stored record is ever replaced by another,
// the same record again adds no copy, and a label stays on the record and step it was made on.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../core/annotations/annotation';
import { stringChunks } from '../core/importers/pipeline';
import { mulberry32 } from '../core/random';
import { MAX_KEPT_ISSUES, reportedIssues } from './db';
import { recordContent } from './import-ids';
import { importIntoDb } from './import-into-db';
import {
  countTrajectories,
  forEachTrajectory,
  getTrajectory,
  listAnnotations,
  putAnnotations,
} from './store';
import { freshDbPerTest } from '../testing/fresh-db';
import { flashragLine } from '../testing/flashrag-line';

type Rng = () => number;
const int = (rng: Rng, n: number) => Math.floor(rng() * n);

freshDbPerTest();

/** Lines that are no record: each is reported once on its line. */
const BAD = ['{}', 'not json at all', '{"question": ', '[1, 2', '"a bare string"', '42'];

describe('many bad lines (seeded)', () => {
  for (let seed = 1; seed <= 6; seed++) {
    it(`seed ${seed}: every good record stored, every bad line counted, the report capped`, async () => {
      const rng = mulberry32(seed);
      const good = 5 + int(rng, 20);
      // Some seeds well past the cap, one past a batch of issues that once overflowed push(...).
      const bad = seed === 6 ? 130_000 : seed % 2 ? int(rng, MAX_KEPT_ISSUES * 3) : int(rng, 500);
      const lines: string[] = [];
      for (let i = 1; i < good; i++) lines.push(flashragLine(i));
      for (let i = 0; i < bad; i++) lines.splice(int(rng, lines.length + 1), 0, BAD[int(rng, BAD.length)]!);
      // Detection looks past the bad lines (the pipeline's rule); even seeds name the format
      // instead, odd ones put a good record first.
      const named = seed % 2 === 0;
      if (named) lines.splice(int(rng, lines.length + 1), 0, flashragLine(0));
      else lines.unshift(flashragLine(0));
      const rec = await importIntoDb(stringChunks(`${lines.join('\n')}\n`, 1 + int(rng, 1 << 16)), {
        file: `bad-${seed}.jsonl`,
        ...(named ? { format: 'flashrag' } : {}),
      });
      expect(rec.status).toBe('done');
      expect(rec.imported).toBe(good);
      expect(await countTrajectories()).toBe(good);
      expect(reportedIssues(rec)).toBe(bad);
      expect(rec.errors.length).toBe(Math.min(bad, MAX_KEPT_ISSUES));
      expect(rec.errors.every((e) => e.file === `bad-${seed}.jsonl` && e.line > 0)).toBe(true);
    }, 120_000);
  }
});

const TEMPLATE = JSON.parse(
  readFileSync(join(__dirname, '../../public/demo/veloria-hopscope.jsonl'), 'utf8').split('\n')[0]!,
) as { id: string; question: string; source: Record<string, unknown> };

/** A hopscope record with this id whose content is one of a few variants. */
const record = (id: string, variant: number) =>
  JSON.stringify({ ...TEMPLATE, id, question: `${TEMPLATE.question} (variant ${variant})` });

describe('id collisions over many imports (seeded)', () => {
  for (let seed = 1; seed <= 8; seed++) {
    it(`seed ${seed}: nothing replaced, nothing duplicated, every label stays put`, async () => {
      const rng = mulberry32(1000 + seed);
      const ids = ['a', 'b', 'c', 'demo-qagent'];
      // What each stored id first held: it must hold exactly that for the rest of the run.
      const firstHeld = new Map<string, string>();
      const distinct = new Set<string>();
      for (let file = 0; file < 6; file++) {
        const pool = [...ids].sort(() => rng() - 0.5).slice(0, 1 + int(rng, ids.length));
        const variants = pool.map((id) => [id, int(rng, 3)] as const);
        for (const [id, v] of variants) distinct.add(`${id}|${v}`);
        const rec = await importIntoDb(
          stringChunks(`${variants.map(([id, v]) => record(id, v)).join('\n')}\n`),
          {
            file: `f${file}.jsonl`,
          },
        );
        expect(rec.imported).toBe(variants.length);
        const stored: string[] = [];
        await forEachTrajectory((t) => {
          stored.push(t.id);
          const before = firstHeld.get(t.id);
          if (before === undefined) firstHeld.set(t.id, recordContent(t));
          else expect(recordContent(t)).toBe(before);
        });
        // One stored trajectory per distinct record: repeats add no copy.
        expect(stored).toHaveLength(distinct.size);
        // A label on each record's first step, made now, must stay on that record's step.
        const labels = [];
        for (const id of stored) {
          const t = (await getTrajectory(id))!;
          labels.push(
            makeAnnotation({
              trajectoryId: id,
              stepId: t.steps[0]!.id,
              label: 'note',
              note: id,
              annotator: 'fuzz',
            }),
          );
        }
        await putAnnotations(labels);
      }
      for (const a of await listAnnotations()) {
        const t = await getTrajectory(a.trajectoryId);
        expect(t && recordContent(t)).toBe(firstHeld.get(a.note!));
        expect(a.trajectoryId).toBe(a.note);
      }
    }, 120_000);
  }
});
