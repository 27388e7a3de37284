// The memos of core/memo.ts (normalized texts, titles, haystacks, canonical answers) must change no
// output: records converted and rows derived with memos warmed by other records are held equal to
// the same derived with every memo bypassed, for the shared real logs and a generated training run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWorldFiles, WORLD_FILES } from '../../demo/world/write-world';
import { generateTrainingRun } from '../../testing/training-run-generator';
import { buildQuestionIndex } from '../corpus/gold-join';
import { loadDataset } from '../corpus/registry';
import { importAll, stringChunks } from '../importers/pipeline';
import { canonicalAnswer } from '../metrics/answer-forms';
import { docHaystack, normalizeSquad, normalizeTitle } from '../metrics/normalize';
import { withoutMemos } from '../memo';
import type { Trajectory } from '../schema/trajectory';
import { toRow } from './row';

const LOGS = join(__dirname, '../../../../shared/data/trajectories');

function sources(): Array<{ file: string; text: string }> {
  const logs = readdirSync(LOGS)
    .sort()
    .map((f) => ({ file: f, text: readFileSync(join(LOGS, f), 'utf8') }));
  // Rollout groups of the same questions, as an RL run has them.
  const run = [
    ...generateTrainingRun({ steps: 3, samplesPerStep: 60, groupSize: 5, seed: 7, malformedRate: 0 }),
  ].map((s) => ({ file: `grpo/${s.file}`, text: s.lines.join('\n') }));
  return [...logs, ...run];
}

async function convertAll(list: ReadonlyArray<{ file: string; text: string }>): Promise<Trajectory[]> {
  const out: Trajectory[] = [];
  for (const s of list) out.push(...(await importAll(stringChunks(s.text), { file: s.file })).trajectories);
  return out;
}

const questions = loadDataset(renderWorldFiles()[WORLD_FILES.questions] ?? '', 'questions.jsonl').questions;
const index = buildQuestionIndex([{ name: 'world', questions: questions?.questions ?? [] }]);

describe('memos change no output', () => {
  it('converts and derives the same records and rows with warm memos as with none', async () => {
    const list = sources();
    expect(list.length).toBeGreaterThan(3);
    // Twice with memos: the second pass reads what the first (and its own earlier records) left.
    await convertAll(list);
    const warm = await convertAll(list);
    const cold = await withoutMemos(() => convertAll(list));
    expect(warm.length).toBeGreaterThan(200);
    expect(warm).toStrictEqual(cold);

    for (const t of cold) toRow(t, index);
    // Each record's row from a structured copy, as a row worker receives it (no object caches).
    const rows = warm.map((t) => toRow(structuredClone(t), index));
    const bare = await withoutMemos(() => cold.map((t) => toRow(structuredClone(t), index)));
    expect(rows.some((r) => r.goldFrom === 'world')).toBe(true);
    expect(rows).toStrictEqual(bare);
  }, 120_000);
});

describe('a memo keyed by text', () => {
  it('never gives one passage the haystack of another with the same words split otherwise', async () => {
    // Same text under other titles, and title and text joined at another place.
    const docs = [
      { title: 'Ab', text: 'c d' },
      { title: 'A', text: 'bc d' },
      { title: 'Other', text: 'c d' },
      { text: 'c d' },
      { title: '', text: 'Ab c d' },
      { title: 'Ab c d', text: '' },
    ];
    const warm = docs.map((d) => docHaystack({ ...d }));
    const again = docs.map((d) => docHaystack({ ...d }));
    const bare = await withoutMemos(() => docs.map((d) => docHaystack({ ...d })));
    expect(again).toStrictEqual(bare);
    expect(warm).toStrictEqual(bare);
  });

  it('gives the same titles, answers and canonical forms as computed afresh', async () => {
    const texts = ['The Who', 'Tom &amp; Jerry', '11 February 1650', 'two thousand', 'Mary_Poppins', ''];
    const f = (s: string) => [normalizeTitle(s), normalizeSquad(s), canonicalAnswer(s)];
    const first = texts.map(f);
    expect(texts.map(f)).toStrictEqual(first);
    expect(await withoutMemos(() => texts.map(f))).toStrictEqual(first);
  });
});
