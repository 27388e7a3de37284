// How LongText cuts a long text into the parts it reveals one a frame, and how it names sizes.

/**
 * Characters per revealed part: one part's layout stays a short task (a 5 MB question laid out
 * at once took 3.9 s on a loaded 2-core machine, about 0.8 ms per 1,000 characters).
 */
export const REVEAL_CHARS = 20_000;

/** The smallest part: a 5 MB text in parts smaller than this takes too many frames to show. */
export const MIN_REVEAL_CHARS = 2_500;
/** What a reveal frame aims to cost, under the 50 ms the browser reports as a long task. */
export const REVEAL_FRAME_MS = 40;

/**
 * The next part's size after a frame that took `frameMs` with a part of `size` characters: scaled
 * so the next frame costs about REVEAL_FRAME_MS (a frame's layout grows with its part), growing
 * at most twofold a frame, between MIN_REVEAL_CHARS and REVEAL_CHARS. On a loaded machine a
 * 20,000-character part made 150-290 ms frames.
 */
export function nextRevealSize(size: number, frameMs: number): number {
  if (!(frameMs > 0) || !Number.isFinite(frameMs)) return size;
  const scaled = Math.round((size * REVEAL_FRAME_MS) / frameMs);
  return Math.max(MIN_REVEAL_CHARS, Math.min(REVEAL_CHARS, size * 2, scaled));
}

/**
 * Where the part starting at `from` ends: at the last line break within `size` characters, so
 * lines stay whole (each part is its own block), else the last space, else `size` on (never
 * between the halves of a surrogate pair). At most `size` characters and at least half that.
 */
export function revealPartEnd(text: string, from: number, size = REVEAL_CHARS): number {
  const end = from + size;
  if (end >= text.length) return text.length;
  const half = from + Math.ceil(size / 2);
  const nl = text.lastIndexOf('\n', end - 1);
  if (nl >= half) return nl + 1;
  const space = text.lastIndexOf(' ', end - 1);
  if (space >= half) return space + 1;
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff && end - 1 > from ? end - 1 : end;
}

export function formatSize(chars: number): string {
  if (chars < 1000) return `${chars} chars`;
  if (chars < 1e6) return `${(chars / 1000).toFixed(1)}k chars`;
  return `${(chars / 1e6).toFixed(1)}M chars`;
}

/** Longest text a tooltip or a drawn box gets (the full text is a click away). */
export const CLIP_CHARS = 1000;

/** `text` cut to `max` characters with an ellipsis: for titles and boxes that cannot expand. */
export function clip(text: string, max = CLIP_CHARS): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
