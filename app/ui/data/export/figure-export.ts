// Figure and table exports, one place for every chart and table: an SVG that stands alone (the
// page's CSS copied into inline styles, a background, the SVG namespace), a PNG drawn from it at
// 2x, and CSV through core's toCsv.
import { type CsvCell, toCsv } from '../../../core/table/to-csv';
import { downloadBlob, downloadText } from './download';

/** Computed style properties that decide how SVG shapes and text look. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
] as const;

function opaque(color: string): boolean {
  return color !== '' && color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color);
}

/** The drawing's own size (its width/height attributes), without any CSS border around it. */
function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.getBoundingClientRect();
  return {
    width: svg.width.baseVal.value || box.width,
    height: svg.height.baseVal.value || box.height,
  };
}

/** The SVG element as a standalone document: inline styles, explicit size, a background. */
export function standaloneSvg(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const style = STYLE_PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    to[i]!.setAttribute('style', style);
  });
  const { width, height } = svgSize(svg);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(Math.round(width)));
  clone.setAttribute('height', String(Math.round(height)));
  if (!clone.getAttribute('viewBox'))
    clone.setAttribute('viewBox', `0 0 ${Math.round(width)} ${Math.round(height)}`);
  const bg = getComputedStyle(svg).backgroundColor;
  const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', opaque(bg) ? bg : '#ffffff');
  clone.insertBefore(rect, clone.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

export function downloadSvg(svg: SVGSVGElement, name: string): void {
  downloadText(`${name}.svg`, standaloneSvg(svg), 'image/svg+xml');
}

/** Draws the standalone SVG on a canvas at `scale` times its size and saves it as PNG. */
export async function downloadPng(svg: SVGSVGElement, name: string, scale = 2): Promise<void> {
  const { width, height } = svgSize(svg);
  await downloadSvgTextAsPng(standaloneSvg(svg), width, height, name, scale);
}

/** Saves SVG text (a figure built as text, e.g. app/ui/figures/) as an .svg file. */
export function downloadSvgText(text: string, name: string): void {
  downloadText(`${name}.svg`, text, 'image/svg+xml');
}

/** Draws SVG text of the given size onto a canvas at `scale` and saves it as PNG. */
export async function downloadSvgTextAsPng(
  text: string,
  width: number,
  height: number,
  name: string,
  scale = 2,
): Promise<void> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser gives no 2D canvas to draw the PNG on');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((res) => canvas.toBlob(res, 'image/png'));
  if (!blob) throw new Error('the PNG could not be encoded');
  downloadBlob(`${name}.png`, blob);
}

export function downloadCsv(
  name: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
): void {
  downloadText(`${name}.csv`, toCsv(header, rows), 'text/csv');
}

/**
 * A file name part from free text (batch names come from the user). Only the start is read: the
 * slug keeps 60 characters, and a 5 MB question slugged whole was a 0.25 s task each render.
 */
export function fileSlug(text: string): string {
  return (
    text
      .slice(0, 1000)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'figure'
  );
}
