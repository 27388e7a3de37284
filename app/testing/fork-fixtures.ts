// Helpers for fork tests: a parent from an importer fixture, steps without what replay changes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { importAll, stringChunks } from '../core/importers/pipeline';
import type { Step, Trajectory } from '../core/schema/trajectory';

/** The trajectories of an importer fixture (app/testing/importer-fixtures). */
export async function fixture(file: string): Promise<Trajectory[]> {
  const text = readFileSync(resolve(__dirname, 'importer-fixtures', file), 'utf8');
  return (await importAll(stringChunks(text), { file })).trajectories;
}

/** A step as the model saw it: what replay renumbers or re-times left out. */
export function strip(s: Step) {
  const { id: _i, index: _x, ms: _m, tokens: _t, ...rest } = s;
  return rest;
}
