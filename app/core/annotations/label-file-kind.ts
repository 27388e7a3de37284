// Which of Hopscope's two label formats a file is, read from its first record, so every place
// that takes label files reads both: the shared over/under-search labels (`id` FILE#N,
// `search_labels`, docs/diagnose.md) and Hopscope's own annotation export (`trajectoryId`,
// `label`, docs/trajectory-schema.md). A trajectory log is neither.
export type LabelFileKind = 'search-labels' | 'annotations';

/** The kind of the first non-empty line that parses as a JSON object, or null for anything else. */
export function labelFileKind(text: string): LabelFileKind | null {
  for (const raw of text.split('\n', 50)) {
    const line = raw.trim();
    if (!line) continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      return null;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
    const o = v as Record<string, unknown>;
    if (typeof o.id === 'string' && Array.isArray(o.search_labels)) return 'search-labels';
    if (typeof o.trajectoryId === 'string' && typeof o.label === 'string') return 'annotations';
    return null;
  }
  return null;
}
