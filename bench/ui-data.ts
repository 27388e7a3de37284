// Generated inputs for `npm run bench -- ui`, written to a temp folder (never to the repo):
//  - a ~100 MB R1-Searcher-style JSONL: the shared real log repeated, each copy with its own
//    questions so every record is a distinct trajectory (the shape users import);
//  - table sets of N small R1-Searcher-style records (one or two searches, judge verdicts);
//  - Hopscope JSONL trajectories of exactly S steps (search/retrieve/think hops, then an answer).
import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { mulberry32 } from '../app/core/random';
import { repeatedR1Lines } from '../app/testing/repeated-r1-log';

export const R1_LOG = resolve('..', 'shared', 'data', 'trajectories', 'r1searcher_bamboogle_qwen.jsonl');

async function writeLines(path: string, lines: Iterable<string>): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  for (const line of lines) {
    bytes += Buffer.byteLength(line) + 1;
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}

/** The real R1-Searcher log repeated to `mib` MiB (whole copies); returns bytes and records written. */
export async function writeBigR1(path: string, mib: number): Promise<{ bytes: number; records: number }> {
  let records = 0;
  const counted = function* (lines: Iterable<string>): Generator<string> {
    for (const l of lines) {
      records++;
      yield l;
    }
  };
  const bytes = await writeLines(path, counted(repeatedR1Lines(readFileSync(R1_LOG, 'utf8'), mib * 2 ** 20)));
  return { bytes, records };
}

const WORDS =
  'river academy mountain treaty harbor council archive festival bridge province dynasty observatory canal manuscript'.split(
    ' ',
  );

/** N small R1-Searcher-style records: one or two searches with three documents each. */
export async function writeTableSet(path: string, n: number, seed = 7): Promise<number> {
  const rand = mulberry32(seed);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  function* gen(): Generator<string> {
    for (let i = 0; i < n; i++) {
      const answer = `${pick()} ${i % 97}`;
      const hops = 1 + (i % 2);
      let text = ' I need to look this up.\n';
      for (let h = 0; h < hops; h++) {
        const q = `${pick()} ${pick()} ${i}`;
        const docs = [1, 2, 3]
          .map((k) => `(${k})${pick()} ${k}   The ${pick()} of ${q} is ${k === 1 ? answer : pick()}.`)
          .join('\n');
        text += `<|begin_of_query|> ${q}<|end_of_query|>\n\n<|begin_of_documents|>\n${docs}\n<|end_of_documents|>\n\n`;
      }
      const right = rand() < 0.5;
      text += `So the answer follows.</think>\n\n <answer> ${right ? answer : pick()} </answer>`;
      yield JSON.stringify({
        question: `Which ${pick()} is linked to the ${pick()} of record ${i}?`,
        answer,
        pred_ans: right ? answer : 'unknown',
        stop_reason_final: 'finished',
        gen_text_store: text,
        gpt4o_output: right ? 'True' : 'False',
      });
    }
  }
  return writeLines(path, gen());
}

/** One Hopscope trajectory per entry of `sizes`, each with exactly that many steps; id `steps-S`. */
export async function writeLongTrajectories(path: string, sizes: readonly number[]): Promise<number> {
  function* gen(): Generator<string> {
    for (const size of sizes) {
      const steps: object[] = [];
      for (let hop = 1; steps.length < size - 1; hop++) {
        const q = `query ${hop} about the archive`;
        const idx = () => steps.length;
        steps.push({
          id: `s${idx()}`,
          index: idx(),
          kind: 'think',
          turn: hop,
          text: `Hop ${hop}: what next?`,
        });
        if (steps.length >= size - 1) break;
        steps.push({ id: `s${idx()}`, index: idx(), kind: 'search', hop, turn: hop, queries: [q] });
        if (steps.length >= size - 1) break;
        steps.push({
          id: `s${idx()}`,
          index: idx(),
          kind: 'retrieve',
          hop,
          turn: hop,
          docs: [1, 2, 3].map((rank) => ({
            id: `d${hop}-${rank}`,
            title: `Doc ${hop}.${rank}`,
            text: `Passage ${rank} for ${q}: the archive of hop ${hop} holds record ${rank}.`,
            rank,
          })),
        });
      }
      steps.push({ id: `s${steps.length}`, index: steps.length, kind: 'answer', text: 'record 1' });
      yield JSON.stringify({
        schema: 'hopscope.trajectory/1',
        id: `steps-${size}`,
        question: `A question answered in ${size} steps`,
        gold: { answers: ['record 1'] },
        source: { kind: 'import', format: 'hopscope' },
        agent: { strategy: 'search-r1', params: {} },
        steps,
        answer: { text: 'record 1' },
        finishReason: 'answer',
      });
    }
  }
  return writeLines(path, gen());
}
