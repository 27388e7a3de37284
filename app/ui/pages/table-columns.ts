// The table's columns: title, sort key, width class, and what the header says on hover (metrics
// as the papers define them; see trajectory-metrics.ts and flags.ts for the citations).
import type { CSSProperties } from 'react';
import { type ColumnKey, type ColumnLayout, orderedColumns } from '../../core/table/columns';
import { SORT_KEYS, type SortKey } from '../../core/table/query';

export interface Column {
  key: ColumnKey;
  title: string;
  cls: string;
  help: string;
}

export const COLUMNS: Column[] = [
  {
    key: 'question',
    title: 'Question',
    cls: 'c-q',
    help: 'The question; below it the source file:line (or id).',
  },
  {
    key: 'strategy',
    title: 'Strategy',
    cls: 'c-s',
    help: 'The agent strategy, and the system that produced the log.',
  },
  {
    key: 'answer',
    title: 'Answer / gold',
    cls: 'c-a',
    help: 'The final answer, and the gold answers below it.',
  },
  {
    key: 'em',
    title: 'EM',
    cls: 'c-n',
    help: 'Exact match with a gold answer after SQuAD normalization (1/0).',
  },
  { key: 'f1', title: 'F1', cls: 'c-n', help: 'Token F1 against the best gold answer.' },
  {
    key: 'acc',
    title: 'Acc',
    cls: 'c-n',
    help: 'Cover-EM: 1 when a normalized gold answer appears in the answer.',
  },
  {
    key: 'judge',
    title: 'Judge',
    cls: 'c-n',
    help: 'The log’s own judge verdict (R1-Searcher’s gpt4o_output): 1 correct, 0 wrong, – when the record has none.',
  },
  {
    key: 'recall',
    title: 'Recall',
    cls: 'c-n',
    help: 'Gold-passage recall: the fraction of gold supporting passages retrieved; – without gold passages.',
  },
  {
    key: 'answerInDocs',
    title: 'In docs',
    cls: 'c-n c-wide',
    help: 'Answer in docs: 1 when a retrieved document holds a gold answer, else 0; – without gold answers.',
  },
  {
    key: 'r3',
    title: 'R@3',
    cls: 'c-n',
    help: 'ExSearch R@3 (§5.2, Table 3): 1 when the top-3 documents of some retrieval hold a gold answer, else 0; – without gold answers.',
  },
  {
    key: 'r5',
    title: 'R@5',
    cls: 'c-n',
    help: 'ExSearch R@5 (§5.2, Table 3): 1 when the top-5 documents of some retrieval hold a gold answer, else 0.',
  },
  {
    key: 'p3',
    title: 'P@3',
    cls: 'c-n',
    help: 'ExSearch P@3 (Table 7): share of each retrieval’s top-3 documents that hold a gold answer, averaged over retrievals; – when nothing was retrieved.',
  },
  {
    key: 'p5',
    title: 'P@5',
    cls: 'c-n',
    help: 'ExSearch P@5 (Table 7): share of each retrieval’s top-5 documents that hold a gold answer, averaged over retrievals.',
  },
  {
    key: 'rc',
    title: 'RC',
    cls: 'c-n',
    help: 'Retrieval count: the number of search actions (a multi-query turn counts once).',
  },
  { key: 'queries', title: '#Q', cls: 'c-n', help: 'Number of queries issued over all search actions.' },
  {
    key: 'steps',
    title: 'Steps',
    cls: 'c-n',
    help: 'Number of steps in the trajectory (think, search, retrieve, answer, …).',
  },
  {
    key: 'nearMiss',
    title: 'Near',
    cls: 'c-n',
    help: 'Near-miss: a wrong answer close to gold (the near-miss flag).',
  },
  {
    key: 'score',
    title: 'Reward',
    cls: 'c-n c-wide',
    help: 'The reward the trainer logged for this training sample (reported.score); – when none.',
  },
  {
    key: 'trainStep',
    title: 'Step#',
    cls: 'c-n',
    help: 'The trainer’s step the training sample was generated at; – when it is no training sample.',
  },
  {
    key: 'flags',
    title: 'Flags',
    cls: 'c-f',
    help: 'Candidate over-/under-searching flags, each with its evidence: hover or focus the cell, or press f on the selected row.',
  },
  {
    key: 'sure',
    title: 'Sure?',
    cls: 'c-n c-wide',
    help: 'How sure the over/under-search verdicts are: "sure", or how many are unsure (under-search and per search); hover a cell for the reasons.',
  },
  {
    key: 'judgeUnsure',
    title: 'Vs judge',
    cls: 'c-n c-wide',
    help: 'The model judge on the unsure verdicts (Judge the unsure): where it disagrees with the rules, or agrees; – when not judged. Hover a cell for the differences.',
  },
  { key: 'status', title: 'Labels', cls: 'c-l', help: 'Your labels: step labels given, or a verdict.' },
];

export const COLUMN_BY_KEY = new Map(COLUMNS.map((c) => [c.key, c]));

/** Width in px of a column nobody resized, and how much of the spare width it takes. */
const DEFAULT_WIDTH: Partial<Record<ColumnKey, number>> = {
  // Every column but the training ones is wider than 1440 px: the table scrolls sideways in its box
  // (the triage preset fits at 1280 px).
  question: 200,
  strategy: 100,
  answer: 160,
  answerInDocs: 64,
  score: 64,
  flags: 130,
  sure: 88,
  judgeUnsure: 80,
  status: 70,
};
const GROW: Partial<Record<ColumnKey, number>> = { question: 3, answer: 2, flags: 1, strategy: 0.5 };
/** The compare selection column's width (drawn first when the table selects rows). */
export const SELECT_WIDTH = 30;

export function columnWidth(key: ColumnKey, layout: ColumnLayout): number {
  return layout.widths[key] ?? DEFAULT_WIDTH[key] ?? 48;
}

/** A shown column, with its cell style: width, share of spare width, and where it pins. */
export interface ColumnSpec {
  col: Column;
  width: number;
  style: CSSProperties;
  pinned: boolean;
}

/**
 * The shown columns in drawing order with their styles, and the row's least width. A resized
 * column keeps its width; a pinned column sticks at the summed width of those pinned before it,
 * so only the last pinned one may grow.
 */
export function columnSpecs(layout: ColumnLayout, select: boolean): { specs: ColumnSpec[]; width: number } {
  const keys = orderedColumns(layout);
  let left = select ? SELECT_WIDTH : 0;
  let total = left;
  const specs = keys.map((key, i) => {
    const width = columnWidth(key, layout);
    const pinned = layout.pinned.includes(key);
    const nextPinned = pinned && layout.pinned.includes(keys[i + 1] as ColumnKey);
    const grow = layout.widths[key] !== undefined || nextPinned ? 0 : (GROW[key] ?? 0);
    const style: CSSProperties = { flex: `${grow} 0 ${width}px`, minWidth: width };
    if (pinned) {
      style.left = left;
      left += width;
    }
    total += width;
    return { col: COLUMN_BY_KEY.get(key)!, width, style, pinned };
  });
  return { specs, width: total };
}

/** Columns the table sorts on (core/table/query's SORT_KEYS). */
export function isSortable(c: Column): c is Column & { key: SortKey } {
  return (SORT_KEYS as readonly string[]).includes(c.key);
}
