// A long name shortened in its middle ("searchr1_flash…_seed1_intermediate_data.json"): the
// start says what kind of file it is and the end which one (the seed, the step, the extension),
// where cutting the end would make two files of one run read the same.

/** `text` at most `max` characters long, its middle replaced by "…" when it is longer. */
export function middleEllipsis(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max || max < 3) return text;
  const keep = max - 1;
  // A third before, two thirds after: a file's end (seed, step, extension) tells it apart.
  const head = Math.round(keep / 3);
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (keep - head)).join('')}`;
}
