// The median the benches report. No Node imports (unlike ./util), so the bench pages that run in
// the browser (agent-raw-pair, embed-page) share it with the Node drivers.

/** The middle value, or the mean of the two middle values of an even count. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
