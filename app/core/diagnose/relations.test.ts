// The relation lexicon against the shared 2WikiMultiHopQA subset's own structure: every relation
// its evidence triples use is in the lexicon with a value type, and the question analysis finds
// each question type's relations (the evidences say which relation each question needs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { questionNeeds } from './question-needs';
import { relationById, RELATIONS, statedName } from './relations';

const DATA = path.resolve(__dirname, '../../../../shared/data');

interface TwoWikiRecord {
  type: string;
  question: string;
  evidences: Array<[string, string, string]>;
}

const records = JSON.parse(
  readFileSync(path.join(DATA, '2wikimultihopqa/dev_subset.json'), 'utf8'),
) as TwoWikiRecord[];

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

describe('relation lexicon vs the 2Wiki evidences', () => {
  it('maps every relation of the subset to an attribute value type', () => {
    const used = new Set(records.flatMap((r) => r.evidences.map((e) => e[1])));
    expect(used.size).toBeGreaterThan(10);
    const unmapped = [...used].filter((r) => relationById(r) === undefined);
    expect(unmapped).toEqual([]);
    for (const r of used) expect(relationById(r)?.value).toMatch(/\w/);
  });

  it('gives dates for born/died, places for born in/died in, people for directed', () => {
    const value = (id: string) => relationById(id)?.value;
    expect([value('date of birth'), value('date of death'), value('publication date')]).toEqual([
      'date',
      'date',
      'date',
    ]);
    expect([value('place of birth'), value('place of death')]).toEqual(['place', 'place']);
    expect([value('director'), value('father'), value('spouse')]).toEqual(['person', 'person', 'person']);
    // Evidence objects of each relation have that type: every date relation's objects hold a year.
    for (const r of records)
      for (const [, rel, obj] of r.evidences)
        if (relationById(rel)?.value === 'date') expect(obj, `${rel}: ${obj}`).toMatch(/\d{3,4}/);
  });

  it('reads each comparison, bridge comparison, compositional and inference question as its evidences say', () => {
    const misread: string[] = [];
    let n = 0;
    let inferences = 0;
    for (const r of records) {
      const rels = r.evidences.map((e) => e[1]);
      const needs = questionNeeds(r.question);
      // Inference questions compose two relations (grandfather = father of the mother): the
      // first is the bridge, the second the relation asked of it.
      if (r.type === 'inference') {
        inferences += 1;
        const read = [needs.kind, needs.bridge?.id, needs.attributes[0]?.id];
        if (read.join(' ') !== ['bridge', ...rels].join(' ')) misread.push(`${r.type}: ${r.question}`);
        continue;
      }
      n += 1;
      const compared = r.type === 'comparison' || r.type === 'bridge_comparison';
      const asked =
        r.type === 'compositional'
          ? rels[rels.length - 1]
          : r.type === 'bridge_comparison'
            ? rels[2]
            : rels[0];
      const bridge = r.type === 'comparison' ? null : (rels[0] ?? null);
      const subjects = new Set(r.evidences.map((e) => norm(e[0])));
      const ok =
        needs.kind === (compared ? 'comparison' : 'bridge') &&
        // The attribute's value type: "same country" may be citizenship or origin, both countries.
        needs.attributes[0]?.value === relationById(asked ?? '')?.value &&
        (needs.bridge?.id ?? null) === bridge &&
        (!compared || needs.sides.every((s) => subjects.has(norm(s))));
      if (!ok) misread.push(`${r.type}: ${r.question}`);
    }
    expect(n).toBeGreaterThan(90);
    expect(inferences).toBeGreaterThan(5);
    expect(misread).toEqual([]);
  });

  it('every relation has a value type and a noun for naming a missing link', () => {
    for (const r of RELATIONS) expect(r.noun.length, r.id).toBeGreaterThan(0);
  });
});

describe('statedName', () => {
  const director = relationById('director');
  const composer = relationById('composer');
  it('reads the person a person-valued relation names, past a descriptor', () => {
    expect(director && statedName(director, 'Free Guy is a 2021 film directed by Shawn Levy.')).toBe(
      'Shawn Levy',
    );
    expect(
      composer && statedName(composer, 'a carol with music by Ukrainian composer Mykola Leontovych in 1914'),
    ).toBe('Mykola Leontovych');
    expect(director && statedName(director, 'A film with no credits.')).toBeNull();
  });
});
