// veRL rollout dumps (`trainer.rollout_data_dir`, and the validation dump `validation_data_dir`):
// one `{step}.jsonl` per training step, one object per sample with the decoded prompt (`input`),
// the decoded response (`output`), the reward (`score`), the `step`, optionally the ground truth
// (`gts`), and every `reward_extra_info` key beside them (veRL `RayPPOTrainer._dump_generations`).
// The response is a tagged transcript (Search-R1's `<search>`/`<information>`/`<answer>` tags or
// R1-Searcher's query markers) read by the same parser as the tagged importer. Every sample becomes
// a trajectory tagged with its run and step (docs/guide/training-runs.md).
import { isObj, type Json } from '../../json';
import type { TrajectoryEvent } from '../../schema/builder';
import type { Trajectory } from '../../schema/trajectory';
import { type FormatImporter, type RecordContext, RecordError } from '../types';
import { goldList, pickString, reportedValue, transcriptEvents } from './tagged';
import { looksTagged, parseTaggedTranscript, transcriptFinish, transcriptSystem } from './tagged-transcript';
import { runFromFileName, stepFromFileName } from './verl-path';
import { questionFromPrompt } from './verl-prompt';

/** Where the fields sit, veRL's name first; other trainers' names after it. */
const INPUT_KEYS = ['input', 'prompt', 'prompts'] as const;
const OUTPUT_KEYS = ['output', 'response', 'responses', 'completion'] as const;
const STEP_KEYS = ['step', 'global_step', 'global_steps', 'training_step'] as const;
const SCORE_KEYS = ['score', 'reward', 'rewards'] as const;
const GOLD_KEYS = [
  'gts',
  'ground_truth',
  'golden_answers',
  'gold_answers',
  'answers',
  'answer',
  'target',
] as const;
const QUESTION_KEYS = ['question', 'query_text'] as const;
const ID_KEYS = ['qid', 'id', 'index'] as const;
/** Keys read above, or too big to keep as a reported value. */
const TAKEN = new Set<string>([...INPUT_KEYS, ...OUTPUT_KEYS, ...STEP_KEYS, ...SCORE_KEYS, ...GOLD_KEYS]);
TAKEN.add('data_source');
/** Longest string extra kept in `reported` (a judge's verdict fits; a second transcript does not). */
const MAX_REPORTED_STRING = 200;

/**
 * Gold answers from `gts`: a string, a list, or Search-R1's `{target: [...]}` (its
 * `reward_model.ground_truth`); null when the value holds none.
 */
export function goldFromGts(v: unknown): string[] | null {
  if (isObj(v)) {
    for (const k of ['target', 'answers', 'golden_answers', 'answer']) {
      const g = goldList(v[k]);
      if (g) return g;
    }
    return null;
  }
  const g = goldList(v);
  return g && g.length > 0 ? g : null;
}

function firstKey(o: Json, keys: readonly string[]): string | undefined {
  return keys.find((k) => o[k] !== undefined && o[k] !== null);
}

/** The step the record's own field gives (its key and value), or null when it has none. */
function stepField(o: Json): { key: string; step: number } | null {
  const key = firstKey(o, STEP_KEYS);
  if (key === undefined) return null;
  const v = o[key];
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    throw new RecordError(`expected a whole number ≥ 0, got ${JSON.stringify(v)}`, key);
  return { key, step: n };
}

/**
 * A sample's training step: its own field when it has one (the trainer wrote it with the sample;
 * a file can be renamed or copied), else its file name's. Where both say and disagree, the field
 * wins and stepMismatch warns.
 */
function stepOf(o: Json, ctx: RecordContext): number {
  const field = stepField(o);
  if (field) return field.step;
  const fromName = stepFromFileName(ctx.file);
  if (fromName === null)
    throw new RecordError(
      'no training step: the record has no "step" field and the file name holds none (12.jsonl, step_12.jsonl, global_step_12/…)',
      'step',
    );
  return fromName;
}

function scoreOf(o: Json): { key: string; value: number | boolean } | null {
  const key = firstKey(o, SCORE_KEYS);
  if (key === undefined) return null;
  const v = o[key];
  if (typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return { key, value: v };
  throw new RecordError(`expected a number, got ${JSON.stringify(v).slice(0, 40)}`, key);
}

/** The record's own values beside what is read above: reward extras, verdicts, short notes. */
function extras(o: Json): NonNullable<Trajectory['reported']> {
  const out: NonNullable<Trajectory['reported']> = {};
  for (const [k, v] of Object.entries(o)) {
    if (TAKEN.has(k) || (QUESTION_KEYS as readonly string[]).includes(k)) continue;
    if (typeof v === 'number' && !Number.isFinite(v)) continue;
    const r = reportedValue(v);
    if (r === undefined || (typeof r === 'string' && r.length > MAX_REPORTED_STRING)) continue;
    out[k] = r;
  }
  return out;
}

function sampleToEvents(o: Json, ctx: RecordContext): TrajectoryEvent[] {
  const input = pickString(o, INPUT_KEYS);
  const outKey = firstKey(o, OUTPUT_KEYS);
  const output = outKey !== undefined ? o[outKey] : undefined;
  if (typeof output !== 'string')
    throw new RecordError(
      outKey === undefined
        ? 'missing field "output" (the decoded response)'
        : 'expected the decoded response as a string',
      outKey ?? 'output',
    );
  const given = pickString(o, QUESTION_KEYS);
  const question = given?.value.trim() ?? (input ? questionFromPrompt(input.value) : '');
  if (!question)
    throw new RecordError(
      input
        ? 'no question in the prompt (no "Question:" or "User:" line, no user turn)'
        : 'missing field "input" (the decoded prompt)',
      input?.key ?? 'input',
    );
  const step = stepOf(o, ctx);
  const score = scoreOf(o);
  const parsed = parseTaggedTranscript(output);
  const system = transcriptSystem(parsed.markers);
  const reported = extras(o);
  if (score) reported.score = score.value;
  const start: Extract<TrajectoryEvent, { type: 'start' }> = {
    type: 'start',
    question,
    source: { kind: 'import', format: 'verl', file: ctx.file, line: ctx.line, system },
    agent: { strategy: system, params: {} },
    raw: output,
    training: { run: runFromFileName(ctx.file), step, sample: ctx.line - 1 },
  };
  if (typeof o.data_source === 'string' && o.data_source.trim()) start.source.dataset = o.data_source.trim();
  const id = ID_KEYS.map((k) => o[k]).find((v) => typeof v === 'string' || typeof v === 'number');
  if (id !== undefined) start.source.qid = String(id);
  const goldKey = firstKey(o, GOLD_KEYS);
  const gold = goldKey !== undefined ? goldFromGts(o[goldKey]) : null;
  if (gold) start.gold = { answers: gold };
  if (Object.keys(reported).length > 0) start.reported = reported;
  // An empty response is still a sample the trainer scored: kept as one invalid step, so the step's
  // counts and rates include it.
  const steps =
    parsed.steps.length > 0
      ? parsed.steps
      : [{ kind: 'invalid' as const, turn: 1, error: 'the response is empty' }];
  return [start, ...transcriptEvents(steps, parsed.answer, undefined, transcriptFinish(parsed))];
}

/** How much one record looks like a rollout sample (0..1). */
function sampleScore(v: unknown): number {
  if (!isObj(v)) return 0;
  const input = pickString(v, INPUT_KEYS);
  const outKey = firstKey(v, OUTPUT_KEYS);
  if (!input || outKey === undefined || typeof v[outKey] !== 'string') return 0;
  const trainerKeys = firstKey(v, STEP_KEYS) !== undefined || firstKey(v, SCORE_KEYS) !== undefined;
  // Above the tagged importer (0.85 for a tagged `output`), which would look for a `question`.
  if (trainerKeys) return 0.97;
  return looksTagged(v[outKey]) ? 0.9 : 0.3;
}

export const verlFormat: FormatImporter = {
  id: 'verl',
  // Added after ids hashed a canonical form: the second hash of every sample was never needed.
  noKeyOrderIds: true,
  label: 'Training rollouts (veRL rollout / validation dump)',
  detect(sample) {
    if (sample.length === 0) return 0;
    let sum = 0;
    for (const v of sample) sum += sampleScore(v);
    return sum / sample.length;
  },
  warnings(record, ctx) {
    if (!isObj(record)) return [];
    const field = stepField(record);
    const fromName = stepFromFileName(ctx.file);
    if (!field || fromName === null || field.step === fromName) return [];
    return [
      {
        key: `step ${field.step} ${fromName}`,
        field: field.key,
        message: `the sample says step ${field.step} (field ${field.key}), its file name ${ctx.file} says step ${fromName}; read as step ${field.step} (a sample's own field wins)`,
      },
    ];
  },
  /**
   * Where a sample sits is part of its id: its file's import name (run and step folders) and its
   * line, so the same text in two runs, two files of one step or two lines never shares an id,
   * while importing the same file again gives the same ids (the rows are replaced, not doubled).
   */
  idSalt(_record, ctx) {
    return `${ctx.file}\n${ctx.line}\n`;
  },
  toEvents(record, ctx) {
    if (!isObj(record)) throw new RecordError('expected a JSON object (one rollout sample)');
    return sampleToEvents(record, ctx);
  },
};
