// The table's column layout: which columns show, in what order, which are pinned to the left and
// how wide each is; and the presets a researcher switches between. Pure, so the layout travels in
// a link (view-url.ts) and is checked without a DOM; titles and help live with the views.

/** Every column the table can show, in its default order. */
export const COLUMN_KEYS = [
  'question',
  'strategy',
  'answer',
  'em',
  'f1',
  'acc',
  'judge',
  'recall',
  'answerInDocs',
  'r3',
  'r5',
  'p3',
  'p5',
  'rc',
  'queries',
  'steps',
  'nearMiss',
  'score',
  'trainStep',
  'flags',
  'sure',
  'judgeUnsure',
  'status',
] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

export function isColumnKey(k: string): k is ColumnKey {
  return (COLUMN_KEYS as readonly string[]).includes(k);
}

export interface ColumnLayout {
  /** Shown columns, in order. */
  visible: ColumnKey[];
  /** Shown columns pinned to the left edge while the table scrolls sideways (drawn first). */
  pinned: ColumnKey[];
  /** Widths in px the user set; a column without one takes its default. */
  widths: Partial<Record<ColumnKey, number>>;
}

/** Narrowest and widest a column may be dragged. */
export const MIN_WIDTH = 36;
export const MAX_WIDTH = 900;

export const PRESETS = {
  /** Every column but the training ones. */
  all: COLUMN_KEYS.filter((k) => k !== 'score' && k !== 'trainStep'),
  /** Is the answer right, and did the agent search too much or too little? */
  triage: [
    'question',
    'answer',
    'em',
    'f1',
    'judge',
    'rc',
    'nearMiss',
    'flags',
    'sure',
    'judgeUnsure',
    'status',
  ],
  /** Did retrieval find the evidence? */
  retrieval: ['question', 'answer', 'recall', 'answerInDocs', 'r3', 'r5', 'p3', 'p5', 'rc', 'queries'],
  /** What is left to label. */
  labelling: ['question', 'strategy', 'answer', 'em', 'steps', 'flags', 'status'],
  /** Training samples: the trainer's reward beside the metrics it should track. */
  rewards: ['question', 'answer', 'trainStep', 'score', 'em', 'f1', 'acc', 'judge', 'rc', 'steps'],
} satisfies Record<string, readonly ColumnKey[]>;
export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/**
 * The default: every column but the training ones, the question pinned (at 1280 px the table
 * scrolls sideways inside its box; a preset narrows it to what fits).
 */
export const DEFAULT_LAYOUT: ColumnLayout = presetLayout('all');

export function presetLayout(name: PresetName): ColumnLayout {
  return { visible: [...PRESETS[name]], pinned: ['question'], widths: {} };
}

/**
 * A layout made valid: unknown and repeated keys dropped, pinned limited to shown columns and
 * drawn first, widths clamped; an empty column list falls back to the default.
 */
export function normalizeLayout(l: ColumnLayout): ColumnLayout {
  const visible = [...new Set(l.visible.filter(isColumnKey))];
  if (visible.length === 0) return DEFAULT_LAYOUT;
  const pinned = visible.filter((k) => l.pinned.includes(k));
  const widths: ColumnLayout['widths'] = {};
  for (const [k, w] of Object.entries(l.widths)) {
    if (isColumnKey(k) && typeof w === 'number' && Number.isFinite(w))
      widths[k] = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w)));
  }
  return { visible: [...pinned, ...visible.filter((k) => !pinned.includes(k))], pinned, widths };
}

/** The columns in drawing order: pinned first. */
export function orderedColumns(l: ColumnLayout): ColumnKey[] {
  return [...l.pinned, ...l.visible.filter((k) => !l.pinned.includes(k))];
}
