// Shared labels → annotations → shared labels, on the real R1-Searcher log and its labels.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runImport } from './read-log';
import type { Trajectory } from '../core/schema/trajectory';
import { agreement, annotatorAgreement } from '../core/diagnose/agreement';
import { diagnose } from '../core/diagnose/diagnose';
import { exportSearchLabel, importSearchLabels, judgementOf } from '../core/diagnose/label-mapping';
import { parseSearchLabels } from '../core/diagnose/search-labels';

const LOG = '../shared/data/trajectories/r1searcher_bamboogle_qwen.jsonl';
const LABELS = '../shared/labels/r1searcher_bamboogle_qwen_labels.jsonl';

async function load() {
  const byRecord = new Map<number, Trajectory>();
  await runImport(LOG, undefined, (t, line) => void byRecord.set(line - 1, t));
  const parsed = parseSearchLabels(readFileSync(LABELS, 'utf8'), 'labels.jsonl');
  const entries = parsed.labels.map((label, i) => ({ label, line: parsed.lines[i] ?? 0 }));
  const find = (file: string, record: number) =>
    file === 'r1searcher_bamboogle_qwen.jsonl' ? byRecord.get(record) : undefined;
  return { byRecord, parsed, entries, find };
}

describe('shared labels as annotations', () => {
  it('round-trips every labelled trajectory', async () => {
    const { parsed, entries, find } = await load();
    const r = importSearchLabels(entries, find, 'ann', 'labels.jsonl');
    expect(r.issues).toEqual([]);
    expect(r.matched).toBe(20);
    for (const label of parsed.labels) {
      const t = find('r1searcher_bamboogle_qwen.jsonl', Number(label.id.split('#')[1])) as Trajectory;
      const back = exportSearchLabel(t, r.annotations, 'ann', label.id);
      expect(back).toEqual({ ...label, annotator: 'ann' });
    }
  }, 60_000);

  it('reports labels whose trajectory is missing or whose search count differs, by line', async () => {
    const { entries, find } = await load();
    const first = entries[0]!;
    const r = importSearchLabels(
      [
        { label: { ...first.label, id: 'other.jsonl#3' }, line: 1 },
        { label: { ...first.label, searches: 9, search_labels: Array(9).fill('necessary') }, line: 2 },
      ],
      find,
      'ann',
      'l.jsonl',
    );
    expect(r.annotations).toEqual([]);
    expect(r.issues.map((i) => [i.line, i.field])).toEqual([
      [1, 'id'],
      [2, 'searches'],
    ]);
  }, 60_000);

  it('scores the detectors against imported annotations exactly as against the file', async () => {
    const { parsed, entries, find } = await load();
    const r = importSearchLabels(entries, find, 'ann', 'labels.jsonl');
    const ts = parsed.labels.map(
      (l) => find('r1searcher_bamboogle_qwen.jsonl', Number(l.id.split('#')[1])) as Trajectory,
    );
    const predictions = ts.map((t) => {
      const d = diagnose(t);
      return {
        id: t.id,
        searches: d.searches,
        first_sufficient_search: d.firstSufficientSearch,
        over_search: d.overSearch,
        under_search: d.underSearch,
      };
    });
    const fromAnnotations = agreement(
      predictions,
      ts.map((t) => judgementOf(t, r.annotations, 'ann')),
    );
    const fromFile = agreement(
      predictions.map((p, i) => ({ ...p, id: parsed.labels[i]!.id })),
      parsed.labels,
    );
    expect(fromAnnotations.overSearch).toEqual(fromFile.overSearch);
    expect(fromAnnotations.underSearch).toEqual(fromFile.underSearch);
    expect(fromAnnotations.sufficiency).toEqual(fromFile.sufficiency);
  }, 60_000);

  it('measures agreement between two annotators on what both labelled', () => {
    const j = (id: string, labels: Array<'necessary' | 'redundant' | null>, under: boolean) => ({
      id,
      searches: labels.length,
      search_labels: labels,
      under_search: under,
    });
    const a = annotatorAgreement(
      new Map([
        ['ana', [j('t1', ['necessary', 'redundant'], false), j('t2', ['necessary'], true)]],
        ['bo', [j('t1', ['necessary', 'necessary'], false), j('t2', [null], true), j('t3', [], false)]],
      ]),
    );
    expect(a.annotators).toEqual(['ana', 'bo']);
    expect(a.searches).toMatchObject({ items: 2, agreed: 1 });
    expect(a.underSearch).toMatchObject({ items: 1, agreed: 1 });
    expect(a.disagreements).toEqual([{ id: 't1', search: 2, labels: { ana: 'redundant', bo: 'necessary' } }]);
  });
});
