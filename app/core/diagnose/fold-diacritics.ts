/** Diacritics off: "Gréville" and "Greville" are one name. */
export const foldDiacritics = (s: string): string =>
  // eslint-disable-next-line no-control-regex -- ASCII needs no folding.
  /^[\x00-\x7f]*$/.test(s) ? s : s.normalize('NFD').replace(/\p{M}/gu, '');
