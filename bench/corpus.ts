// Corpora for the index bench: a deterministic synthetic one, and the largest one buildable from
// the shared benchmark data (read in place from ../shared/data; never copied into the repo).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash53 } from '../app/core/hash';
import { mulberry32 } from '../app/core/random';
import type { Passage } from '../app/core/search/types';

/** The project's seeded generator (app/core/random.ts). */
export const prng = mulberry32;

const SYLLABLES = (
  'ka ri to na mi su le po da en ar ol im us ve ra no sa ti ko ma lu be de fi go ha ja ki la mo ' +
  'ne pi qu ro se tu vi wa xe yo za an el in on un or er ir ur as es is os'
).split(' ');

/**
 * A pronounceable pseudo-word for vocabulary rank r: r written in base 55 with three two-letter
 * syllables as digits. Distinct ranks give distinct words, and all words have six letters, so no
 * word is a prefix of another (Orama expands every query word as a prefix: with prefix-free words
 * that expansion costs it a lookup, not extra postings, and the comparison stays about BM25).
 */
function word(r: number): string {
  const n = SYLLABLES.length;
  return SYLLABLES[r % n]! + SYLLABLES[Math.floor(r / n) % n]! + SYLLABLES[Math.floor(r / (n * n)) % n]!;
}

export interface SyntheticOptions {
  docs?: number;
  vocabulary?: number;
  seed?: number;
  /** Zipf exponent of the word distribution (≈1 for natural text). */
  s?: number;
}

/**
 * Passages of 60–120 words drawn from a Zipf(s) distribution over a fixed vocabulary (rank r has
 * probability ∝ 1 / r^s), with a 2–4 word title. Deterministic for a given seed.
 */
export function syntheticCorpus(options: SyntheticOptions = {}): Passage[] {
  const docs = options.docs ?? 50_000;
  const vocab = Math.min(options.vocabulary ?? 50_000, SYLLABLES.length ** 3);
  const s = options.s ?? 1.07;
  const rand = prng(options.seed ?? 42);
  const words = Array.from({ length: vocab }, (_, r) => word(r));
  // cumulative distribution for inverse-CDF sampling
  const cdf = new Float64Array(vocab);
  let total = 0;
  for (let r = 0; r < vocab; r++) cdf[r] = total += 1 / Math.pow(r + 1, s);
  const sample = (): string => {
    const u = rand() * total;
    let lo = 0;
    let hi = vocab - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  const out: Passage[] = [];
  for (let d = 0; d < docs; d++) {
    const titleLen = 2 + Math.floor(rand() * 3);
    const len = 60 + Math.floor(rand() * 61);
    const title = Array.from({ length: titleLen }, sample).join(' ');
    const parts: string[] = [];
    for (let i = 0; i < len; i++) parts.push(sample());
    out.push({ id: `syn-${d}`, title, text: parts.join(' ') + '.' });
  }
  return out;
}

/** Queries of 2–6 words taken from random passages of the corpus (so most have matches). */
export function syntheticQueries(corpus: readonly Passage[], count: number, seed = 7): string[] {
  const rand = prng(seed);
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = corpus[Math.floor(rand() * corpus.length)]!;
    const words = `${p.title} ${p.text}`.replace(/\./g, '').split(' ');
    const n = 2 + Math.floor(rand() * 5);
    const q: string[] = [];
    for (let j = 0; j < n; j++) q.push(words[Math.floor(rand() * words.length)]!);
    queries.push(q.join(' '));
  }
  return queries;
}

export interface RealQuery {
  question: string;
  /** Ids of the passages that support the answer (gold), when known. */
  support: string[];
  dataset: string;
}

export interface RealCorpus {
  passages: Passage[];
  queries: RealQuery[];
  sources: Record<string, number>;
  dir: string;
}

export function defaultDataDir(): string {
  return (
    process.env.HOPSCOPE_DATA_DIR ??
    join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'shared', 'data')
  );
}

type Context = [string, string[]][];

/**
 * All paragraphs of the shared HotpotQA and 2WikiMultihopQA subsets (context), MuSiQue (paragraphs)
 * and the passages retrieved in the shared Search-R1 and R1-Searcher trajectories, de-duplicated by
 * (title, text). Queries are the datasets' questions with their supporting passages. Null when the
 * data folder is missing.
 */
export function realCorpus(dir = defaultDataDir()): RealCorpus | null {
  if (!existsSync(dir)) return null;
  const byId = new Map<string, Passage>();
  const sources: Record<string, number> = {};
  const addPassage = (source: string, title: string, text: string): string => {
    const t = title.trim();
    const x = text.replace(/\s+/g, ' ').trim();
    const id = hash53(`${t}\n${x}`);
    if (!byId.has(id)) {
      byId.set(id, { id, title: t, text: x });
      sources[source] = (sources[source] ?? 0) + 1;
    }
    return id;
  };
  const queries: RealQuery[] = [];
  const read = (rel: string): string | null => {
    const file = join(dir, rel);
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };

  for (const [dataset, rel] of [
    ['hotpotqa', 'hotpotqa/dev_subset.json'],
    ['2wikimultihopqa', '2wikimultihopqa/dev_subset.json'],
  ] as const) {
    const raw = read(rel);
    if (raw === null) continue;
    const records = JSON.parse(raw) as {
      question: string;
      context: Context;
      supporting_facts: [string, number][];
    }[];
    for (const r of records) {
      const idsByTitle = new Map<string, string>();
      for (const [title, sentences] of r.context)
        idsByTitle.set(title, addPassage(dataset, title, sentences.join(' ')));
      const support = [
        ...new Set(r.supporting_facts.map(([t]) => idsByTitle.get(t)).filter((x) => x !== undefined)),
      ];
      queries.push({ question: r.question, support, dataset });
    }
  }

  const musique = read('musique/dev_subset.jsonl');
  if (musique !== null) {
    for (const line of musique.split('\n')) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as {
        question: string;
        paragraphs: { title: string; paragraph_text: string; is_supporting: boolean }[];
      };
      const support: string[] = [];
      for (const p of r.paragraphs) {
        const id = addPassage('musique', p.title, p.paragraph_text);
        if (p.is_supporting) support.push(id);
      }
      queries.push({ question: r.question, support, dataset: 'musique' });
    }
  }

  // passages that real retrievers returned inside the shared trajectories
  const searchR1 = read('trajectories/searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json');
  if (searchR1 !== null) {
    for (const r of JSON.parse(searchR1) as { output: { final_response: string } }[]) {
      for (const block of r.output.final_response.matchAll(/<information>([\s\S]*?)<\/information>/g)) {
        for (const m of block[1]!.matchAll(/Doc \d+\(Title: (.*?)\) ([\s\S]*?)(?=\nDoc \d+\(Title:|$)/g))
          addPassage('search-r1 trajectories', m[1]!, m[2]!);
      }
    }
  }
  const r1 = read('trajectories/r1searcher_bamboogle_qwen.jsonl');
  if (r1 !== null) {
    for (const line of r1.split('\n')) {
      if (!line.trim()) continue;
      const text = (JSON.parse(line) as { gen_text_store: string }).gen_text_store;
      for (const block of text.matchAll(/<\|begin_of_documents\|>([\s\S]*?)<\|end_of_documents\|>/g)) {
        for (const m of block[1]!.matchAll(/\(\d+\)([^\n]*?) {2,}([\s\S]*?)(?=\n\(\d+\)|$)/g))
          addPassage('r1-searcher trajectories', m[1]!, m[2]!);
      }
    }
  }
  return { passages: [...byId.values()], queries, sources, dir };
}
