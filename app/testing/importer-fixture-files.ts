// The importer fixtures (app/testing/importer-fixtures/) read by the tests: as text, as parsed
// JSONL records, or imported through the pipeline under their own file name.
import { readFileSync } from 'node:fs';
import { importAll, stringChunks } from '../core/importers/pipeline';

/** The text of importer fixture `name`. */
export const fixture = (name: string): string =>
  readFileSync(new URL(`./importer-fixtures/${name}`, import.meta.url), 'utf8');

/** The records of JSONL fixture `name`, one per non-blank line. */
export const fixtureRecords = (name: string): unknown[] =>
  fixture(name)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as unknown);

/** Fixture `name` imported through the pipeline (format detected), under its own file name. */
export const importFixture = (name: string) => importAll(stringChunks(fixture(name)), { file: name });
