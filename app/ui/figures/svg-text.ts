// Helpers for figures written as SVG text: XML escaping (model text is untrusted and must stay
// text) and word wrapping to a width measured in characters.

export function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Up to `maxLines` lines of at most `width` characters; the last ends in … when cut. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (next.length <= width) line = next;
    else {
      if (line) lines.push(line);
      line = w.length > width ? `${w.slice(0, width - 1)}…` : w;
    }
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  const shown = lines.join(' ').length;
  const last = lines[lines.length - 1];
  if (last !== undefined && shown < text.replace(/\s+/g, ' ').trim().length && !last.endsWith('…'))
    lines[lines.length - 1] = `${last.slice(0, Math.max(0, width - 1))}…`;
  return lines;
}

/** `<text>` lines at (x, y), one `<tspan>` per line. */
export function textLines(
  lines: readonly string[],
  x: number,
  y: number,
  attrs: string,
  lineHeight = 15,
): string {
  const spans = lines
    .map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lineHeight}">${xml(l)}</tspan>`)
    .join('');
  return `<text x="${x}" y="${y}" ${attrs}>${spans}</text>`;
}

export const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';
