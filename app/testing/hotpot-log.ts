// The shared R1-Searcher HotpotQA log (30 records, Llama), imported as the app imports it, for
// tests that need real trajectories (the SQL tables, the Parquet index, the table's columns).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { importAll, stringChunks } from '../core/importers/pipeline';
import type { Trajectory } from '../core/schema/trajectory';

export const HOTPOT_LOG = resolve(
  '..',
  'shared',
  'data',
  'trajectories',
  'r1searcher_hotpotqa_llama_30.jsonl',
);

export async function hotpotTrajectories(): Promise<Trajectory[]> {
  return (await importAll(stringChunks(readFileSync(HOTPOT_LOG, 'utf8')), { file: 'hotpot.jsonl' }))
    .trajectories;
}
