// Realistic veRL rollout dumps for tests, the e2e suite and the training bench (issue 31 had no real
// run to read): `{step}.jsonl` per training step, one sample per line as veRL's
// `_dump_generations` writes it (input, output, score, step, gts, reward extras), GRPO-style groups
// of rollouts per prompt over the demo world's questions. Over the run the policy drifts the way
// the papers describe RL search agents changing: few searches and many broken formats early, a
// mid-run bump of over-searching, then searches settling near the hops a question needs; accuracy
// rises, and the score follows correctness and format. Malformed lines are mixed in (a line cut
// off mid-write, a response missing, a score that is not a number), and the manifest says where.
// Deterministic by seed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mulberry32 } from '../core/random';
import { WORLD_PASSAGES, type WorldPassage } from '../demo/world/passages';
import { WORLD_QUESTIONS, type WorldQuestion } from '../demo/world/questions';

export interface TrainingRunOptions {
  steps: number;
  samplesPerStep: number;
  seed: number;
  /** Rollouts per prompt (GRPO's group size). */
  groupSize?: number;
  /** First step's number (veRL counts from 1). */
  firstStep?: number;
  /** Share of lines written malformed. */
  malformedRate?: number;
  /** Response markup: Search-R1's tags, or R1-Searcher's query markers. */
  style?: 'search-r1' | 'r1-searcher';
  /** Write the `step` field (veRL does); without it only the file name carries the step. */
  stepField?: boolean;
  /** Characters of each retrieved passage kept in the response (whole passages by default). */
  docChars?: number;
}

export type MalformedKind = 'cut-off-line' | 'missing-output' | 'score-not-a-number';

export interface GeneratedStep {
  step: number;
  /** File name inside the run folder (`{step}.jsonl`). */
  file: string;
  lines: string[];
  /** Lines (1-based) written malformed, and how. */
  malformed: Array<{ line: number; kind: MalformedKind }>;
}

const SEARCH_R1_PROMPT =
  'Answer the given question. You must conduct reasoning inside <think> and </think> first every time you get new information. ' +
  'After reasoning, if you find you lack some knowledge, you can call a search engine by <search> query </search> and it will ' +
  'return the top searched results between <information> and </information>. You can search as many times as your want. ' +
  'If you find no further external knowledge needed, you can directly provide the answer inside <answer> and </answer>, ' +
  'without detailed illustrations. For example, <answer> Beijing </answer>. Question: ';

const R1_SEARCHER_PROMPT =
  'The User asks a question, and the Assistant solves it.\nThe Assistant first thinks about the reasoning process in the mind ' +
  'and then provides the User with the final answer.\nDuring the thinking process, **the Assistant can perform searching** for ' +
  'uncertain knowledge if necessary with the format of "<|begin_of_query|> search query (only list keywords) <|end_of_query|>".\n\nUser:';

/** The decoded prompt veRL dumps (`skip_special_tokens`: the chat template's roles as bare lines). */
function prompt(q: WorldQuestion, style: TrainingRunOptions['style']): string {
  if (style === 'r1-searcher') return `${R1_SEARCHER_PROMPT}${q.question}\nAssistant: <think>`;
  return `system\nYou are a helpful assistant.\nuser\n${SEARCH_R1_PROMPT}${q.question}\n\nassistant\n`;
}

const PASSAGES = new Map(WORLD_PASSAGES.map((p) => [p.id, p]));

/** A sub-question with `#n` replaced by step n's answer, as a policy that read them would ask it. */
function hopQuery(q: WorldQuestion, i: number): string {
  const sub = q.decomposition[i] ?? q.decomposition[q.decomposition.length - 1];
  const text = sub?.question ?? q.question;
  return text.replace(/#(\d+)/g, (_, n: string) => q.decomposition[Number(n) - 1]?.answer ?? '');
}

class SampleWriter {
  constructor(
    private readonly rand: () => number,
    private readonly opts: Required<Pick<TrainingRunOptions, 'style' | 'docChars'>>,
  ) {}

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rand() * list.length)] as T;
  }

  private docs(ids: readonly string[]): string {
    const ps = ids.map((id) => PASSAGES.get(id)).filter((p): p is WorldPassage => p !== undefined);
    const text = (p: WorldPassage) => (this.opts.docChars > 0 ? p.text.slice(0, this.opts.docChars) : p.text);
    if (this.opts.style === 'r1-searcher')
      return ps.map((p, i) => `(${i + 1})Title: ${p.title} Text: ${text(p)}`).join('\n');
    return ps.map((p, i) => `Doc ${i + 1}(Title: ${p.title}) ${text(p)}`).join('\n');
  }

  private search(query: string, docIds: readonly string[]): string {
    if (this.opts.style === 'r1-searcher')
      return `<|begin_of_query|> ${query}<|end_of_query|>\n\n<|begin_of_documents|>\n${this.docs(docIds)}\n<|end_of_documents|>\n\n`;
    return `<search> ${query} </search>\n\n<information>${this.docs(docIds)}</information>\n\n`;
  }

  private think(text: string): string {
    return this.opts.style === 'r1-searcher' ? `${text}\n` : `<think> ${text} </think>\n`;
  }

  /**
   * One response with `searches` searches; `broken` breaks its format. `answered`: whether the
   * response gives `answer` at all (a broken one may stop thinking without one).
   */
  response(
    q: WorldQuestion,
    searches: number,
    answer: string,
    broken: boolean,
  ): { text: string; answered: boolean } {
    let out = '';
    const hops = q.decomposition.length;
    const asked: Array<{ query: string; ids: string[] }> = [];
    for (let i = 0; i < searches; i++) {
      out += this.think(i === 0 ? `I need to find out: ${q.question}` : 'I should look this up to be sure.');
      if (i < hops || asked.length === 0) {
        const sub = q.decomposition[Math.min(i, hops - 1)];
        // The hop's supporting passage among distractors, at a rank that varies.
        const ids = [this.pick(WORLD_PASSAGES).id, this.pick(WORLD_PASSAGES).id];
        ids.splice(Math.floor(this.rand() * 3), 0, this.pick(sub?.supports ?? q.supports));
        const query = hopQuery(q, i);
        asked.push({ query, ids });
        out += this.search(query, ids);
      } else {
        // Over-searching: asking again what was already found, and getting the same passages.
        const again = this.pick(asked);
        out += this.search(this.rand() < 0.5 ? again.query : `${again.query} details`, again.ids);
      }
    }
    if (broken) {
      const how = this.rand();
      if (how < 0.4)
        return { text: `${out}${this.think('Let me keep thinking before answering')}`, answered: false };
      const open = this.opts.style === 'r1-searcher' ? '' : '<think> ';
      if (how < 0.7) return { text: `${out}${open}The answer is <answer> ${answer}`, answered: true };
      const retry = `<search> </search>\n${this.think('The search did not work.')}`;
      return { text: `${out}${retry}<answer> ${answer} </answer>`, answered: true };
    }
    out += this.think('I have enough information to answer.');
    return { text: `${out}<answer> ${answer} </answer>`, answered: true };
  }
}

/** The policy at `p` (0 at the first step, 1 at the last). */
function policy(p: number) {
  return {
    formatError: 0.3 * (1 - p) ** 2 + 0.02,
    /** Searches as a share of the hops a question needs, plus a mid-run over-searching bump. */
    searchShare: 0.35 + 0.75 * p,
    overBump: 1.6 * Math.sin(Math.PI * Math.min(1, p * 1.3)),
    correctIfSearched: 0.3 + 0.55 * p,
    correctIfNot: 0.08 + 0.12 * p,
  };
}

/** Another question's answer that holds none of `q`'s gold answers (else a cover-EM hit). */
function wrongAnswer(q: WorldQuestion, rand: () => number): string {
  const gold = q.answers.map((a) => a.toLowerCase());
  for (let tries = 0; tries < 20; tries++) {
    const a = WORLD_QUESTIONS[Math.floor(rand() * WORLD_QUESTIONS.length)]?.answers[0] ?? '';
    if (a && !gold.some((g) => a.toLowerCase().includes(g))) return a;
  }
  return 'unknown';
}

/** The demo questions in a seeded order (Fisher–Yates). */
function questionOrder(seed: number): WorldQuestion[] {
  const rand = mulberry32(seed ^ 0x5bd1e995);
  const out = [...WORLD_QUESTIONS];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as WorldQuestion, out[i] as WorldQuestion];
  }
  return out;
}

/** The lines of one step's dump. */
export function generateStep(step: number, index: number, opts: TrainingRunOptions): GeneratedStep {
  const rand = mulberry32((opts.seed * 1_000_003 + step * 7919) >>> 0);
  const style = opts.style ?? 'search-r1';
  const writer = new SampleWriter(rand, { style, docChars: opts.docChars ?? 0 });
  const group = Math.max(1, opts.groupSize ?? 4);
  const prompts = Math.ceil(opts.samplesPerStep / group);
  const p = opts.steps > 1 ? index / (opts.steps - 1) : 1;
  const pol = policy(p);
  // The same questions come back across steps (one prompt can be followed through training), in
  // an order shuffled once per run so each step mixes single-hop, multi-hop and no-search ones.
  const order = questionOrder(opts.seed);
  const lines: string[] = [];
  const malformed: GeneratedStep['malformed'] = [];
  for (let k = 0; k < opts.samplesPerStep; k++) {
    const q = order[(index * prompts + Math.floor(k / group)) % order.length] as WorldQuestion;
    const hops = q.type === 'no-search' ? 0 : q.decomposition.length;
    const mean = hops * pol.searchShare + (hops > 0 ? pol.overBump * rand() : 0.3 * rand());
    const searches = Math.max(0, Math.min(8, Math.round(mean + (rand() - 0.5) * 1.5)));
    const searchedEnough = hops === 0 || searches >= hops;
    const correct = rand() < (searchedEnough ? pol.correctIfSearched : pol.correctIfNot);
    const broken = rand() < pol.formatError;
    const answer = correct ? (q.answers[0] ?? '') : wrongAnswer(q, rand);
    const { text: output, answered } = writer.response(q, searches, answer, broken);
    const supported = q.supports.filter((id) => output.includes(PASSAGES.get(id)?.title ?? '\u0000')).length;
    const sample: Record<string, unknown> = {
      input: prompt(q, style),
      output,
      // Search-R1's format-aware outcome reward: EM, with a little for a well-formed wrong answer.
      score: correct && !broken ? 1 : broken ? 0 : 0.1,
      ...(opts.stepField === false ? {} : { step }),
      gts: { target: q.answers },
      // Whether the response's answer is right (what Hopscope's accuracy should find in it).
      acc: correct && answered ? 1 : 0,
      format_reward: broken ? 0 : 1,
      retrieval_reward: q.supports.length ? supported / q.supports.length : 0,
      data_source: 'veloria',
    };
    let line = JSON.stringify(sample);
    const m = rand();
    if (m < (opts.malformedRate ?? 0.01)) {
      const kind: MalformedKind =
        m < (opts.malformedRate ?? 0.01) / 3
          ? 'cut-off-line'
          : m < ((opts.malformedRate ?? 0.01) * 2) / 3
            ? 'missing-output'
            : 'score-not-a-number';
      if (kind === 'cut-off-line') line = line.slice(0, Math.floor(line.length / 2));
      else if (kind === 'missing-output') line = JSON.stringify({ ...sample, output: undefined });
      else line = JSON.stringify({ ...sample, score: 'nan' });
      malformed.push({ line: k + 1, kind });
    }
    lines.push(line);
  }
  return { step, file: `${step}.jsonl`, lines, malformed };
}

/** Every step of a run, generated one at a time (a 200-step run never sits in memory whole). */
export function* generateTrainingRun(opts: TrainingRunOptions): Generator<GeneratedStep> {
  const first = opts.firstStep ?? 1;
  for (let i = 0; i < opts.steps; i++) yield generateStep(first + i, i, opts);
}

/** Writes a run's step files into `dir` (created); returns where each malformed line is. */
export async function writeTrainingRun(
  dir: string,
  opts: TrainingRunOptions,
): Promise<Array<Omit<GeneratedStep, 'lines'>>> {
  await mkdir(dir, { recursive: true });
  const out: Array<Omit<GeneratedStep, 'lines'>> = [];
  for (const s of generateTrainingRun(opts)) {
    await writeFile(join(dir, s.file), `${s.lines.join('\n')}\n`);
    out.push({ step: s.step, file: s.file, malformed: s.malformed });
  }
  return out;
}
