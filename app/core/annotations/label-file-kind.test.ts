import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelFileKind } from './label-file-kind';

const SHARED = resolve(import.meta.dirname, '../../../../shared');

describe('labelFileKind', () => {
  it('knows the shared label files, the annotation export and a log apart', () => {
    for (const f of [
      'labels/r1searcher_bamboogle_qwen_labels.jsonl',
      'labels/r1searcher_hotpotqa_llama_30_labels_second_annotator.jsonl',
    ])
      expect(labelFileKind(readFileSync(resolve(SHARED, f), 'utf8'))).toBe('search-labels');
    const exported =
      '\n{"id":"a|t|s1|over-search","trajectoryId":"t","stepId":"s1","label":"over-search","annotator":"a","createdAt":"2026-01-01T00:00:00Z"}\n';
    expect(labelFileKind(exported)).toBe('annotations');
    const log = readFileSync(resolve(SHARED, 'data/trajectories/r1searcher_bamboogle_qwen.jsonl'), 'utf8');
    expect(labelFileKind(log.slice(0, 20_000))).toBeNull();
    expect(labelFileKind('not json')).toBeNull();
    expect(labelFileKind('[1,2]')).toBeNull();
    expect(labelFileKind('')).toBeNull();
  });
});
