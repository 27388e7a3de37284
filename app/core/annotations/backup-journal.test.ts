import { describe, expect, it } from 'vitest';
import { makeAnnotation } from './annotation';
import {
  type BackupEntry,
  encodeEntries,
  filesToReimport,
  journalStamp,
  replayJournal,
  snapshotJournal,
} from './backup-journal';

const over = makeAnnotation({ trajectoryId: 't1', stepId: 's1', label: 'over-search', annotator: 'ana' });
const verdict = makeAnnotation({ trajectoryId: 't1', label: 'verdict:good', annotator: 'ana' });
const note = makeAnnotation({
  trajectoryId: 't2',
  label: 'note',
  note: 'wrong entity at hop 2',
  annotator: 'bo',
});

describe('the labels backup journal', () => {
  it('replays puts, deletes, imports and the stamp, the last write winning', () => {
    const entries: BackupEntry[] = [
      { op: 'stamp', stamp: 'db-1' },
      { op: 'put', a: over },
      { op: 'put', a: verdict },
      { op: 'del', id: over.id },
      { op: 'put', a: { ...verdict, label: 'verdict:over-searched' } },
      { op: 'put', a: note },
      { op: 'import', r: { id: 'i1', file: 'run.jsonl', imported: 0, at: '2026-11-26T01:00:00Z' } },
      { op: 'import', r: { id: 'i1', file: 'run.jsonl', imported: 40, at: '2026-11-26T01:00:00Z' } },
    ];
    const r = replayJournal(encodeEntries(entries));
    expect(r.stamp).toBe('db-1');
    expect(r.annotations.map((a) => [a.id, a.label])).toEqual([
      [verdict.id, 'verdict:over-searched'],
      [note.id, 'note'],
    ]);
    expect(r.imports).toEqual([{ id: 'i1', file: 'run.jsonl', imported: 40, at: '2026-11-26T01:00:00Z' }]);
    expect(r).toMatchObject({ skipped: 0, lines: 8 });
  });

  it('skips and counts a torn last append and lines that are not entries, keeping the rest', () => {
    const good = encodeEntries([
      { op: 'stamp', stamp: 'db-1' },
      { op: 'put', a: over },
    ]);
    const torn = encodeEntries([{ op: 'put', a: note }]).slice(0, 30);
    const junk = [
      '{"op":"put","a":{"id":"x","trajectoryId":"t","label":"no-such-label","annotator":"a","createdAt":"z"}}',
      '{"op":"del"}',
      '[1,2]',
      '{"op":"stamp","stamp":""}',
    ].join('\n');
    const r = replayJournal(`${good}${junk}\n${torn}`);
    expect(r.annotations).toEqual([over]);
    expect(r.stamp).toBe('db-1');
    expect(r.skipped).toBe(5);
  });

  it('finds the stamp replay finds without replaying, not fooled by a note quoting one', () => {
    const quoting = { ...note, note: '{"op":"stamp","stamp":"fake"}' };
    const text = encodeEntries([
      { op: 'stamp', stamp: 'db-1' },
      { op: 'put', a: quoting },
      { op: 'stamp', stamp: 'db-2' },
      { op: 'put', a: over },
    ]);
    expect(journalStamp(text)).toBe('db-2');
    expect(journalStamp(text)).toBe(replayJournal(text).stamp);
    expect(journalStamp(`${text}{"op":"stamp","sta`)).toBe('db-2');
    expect(journalStamp(encodeEntries([{ op: 'put', a: quoting }]))).toBeNull();
    expect(journalStamp('')).toBeNull();
  });

  it('recomputes ids, so a hand-edited line cannot open a second slot', () => {
    const r = replayJournal(encodeEntries([{ op: 'put', a: { ...over, id: 'forged' } }]));
    expect(r.annotations[0]?.id).toBe(over.id);
  });

  it('snapshots to the shortest journal with the same replay', () => {
    const imports = [{ id: 'i1', file: 'a.jsonl', imported: 3, at: '2026-11-26T01:00:00Z' }];
    const r = replayJournal(snapshotJournal('db-2', [verdict, note], imports));
    expect(r).toEqual({ stamp: 'db-2', annotations: [verdict, note], imports, skipped: 0, lines: 4 });
  });

  it('names each imported file once, latest import first', () => {
    expect(
      filesToReimport([
        { id: '1', file: 'a.jsonl', imported: 5, at: '2026-11-26T01:00:00Z' },
        { id: '2', file: 'b.jsonl', imported: 0, at: '2026-11-26T02:00:00Z' },
        { id: '3', file: 'a.jsonl', imported: 5, at: '2026-11-26T03:00:00Z' },
      ]),
    ).toEqual(['a.jsonl', 'b.jsonl']);
  });
});
