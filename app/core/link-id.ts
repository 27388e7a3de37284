// What a link carries for a trajectory id: the id itself, or, for an id longer than a link can
// carry (a 100,000-character id imports fine), a short stable key that the store resolves back.
import { hash53 } from './hash';

/** Longest id (URL-encoded) a link carries as is. */
export const LINK_ID_MAX = 512;

const SHORT_LINK_PREFIX = '~link-';

export function linkId(id: string): string {
  return encodeURIComponent(id).length > LINK_ID_MAX ? `${SHORT_LINK_PREFIX}${hash53(id)}` : id;
}

/** Whether a link's id part is a short key (which stored id it names is for the store to say). */
export function isShortLink(part: string): boolean {
  return part.startsWith(SHORT_LINK_PREFIX) && /^[0-9a-z]+$/.test(part.slice(SHORT_LINK_PREFIX.length));
}

/** Whether `id` is the stored id the short key `part` names. */
export function linksTo(part: string, id: string): boolean {
  return encodeURIComponent(id).length > LINK_ID_MAX && part === linkId(id);
}
