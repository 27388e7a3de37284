// The retrieved passages of a trajectory as the evidence chain reads them: in retrieval order,
// with the passages about a name found through an index (its title, or the name its text opens
// with), not a scan: a bridge question can try a candidate bridge for every passage that names its
// subject, and a 100,000-step trajectory must not make that quadratic.
import { docHaystack, normalizeText } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
import type { SearchHop } from './hops';
import { haystackNames, sameName, statedAliases, surnameKey } from './name-variants';

export interface Passage {
  hop: SearchHop;
  doc: Doc;
  /** Position in retrieval order. */
  order: number;
}

const withoutAside = (s: string) => s.replace(/\s*\([^)]*\)\s*$/, '');

/** Whether the passage names `name`, in any of its written forms (name-variants.ts). */
export const mentions = (d: Doc, name: string): boolean =>
  haystackNames(docHaystack(d).hay, name, [d.title ?? '', d.text]);

/** Where a page's subject is named first: the text's opening, and after a repeated title. */
function openings(d: Doc): string[] {
  const raw = withoutAside(d.title ?? '');
  const text = d.text.trimStart();
  return raw !== '' && text.startsWith(raw) ? [text, text.slice(raw.length)] : [text];
}

/** A passage about `name`: its title is the name (a parenthesis aside), or its text opens with it. */
export function isAbout(d: Doc, name: string): boolean {
  const n = normalizeText(withoutAside(name));
  if (n === '') return false;
  const raw = withoutAside(d.title ?? '');
  // "Emich, 5th Prince of Leiningen" is the page of the Emich a passage names.
  if (raw !== '' && (normalizeText(raw) === n || normalizeText(raw.split(',')[0] ?? '') === n)) return true;
  // A page under a short name opens with the full one ("Lecrae" opens "Lecrae Devaughn Moore (born"),
  // after the title where the text repeats it. A name further in is a mention, not the subject.
  if (openings(d).some((o) => ` ${normalizeText(o.slice(0, name.length + 20))} `.startsWith(` ${n} `)))
    return true;
  // The same name in another form: "C. S. Lewis" is the page of Clive Staples Lewis, and a page
  // that says its subject was "born Stefani Germanotta" or is "known as Lady Gaga" is theirs.
  return (
    (raw !== '' && sameName(raw, name)) || statedAliases(d.text.slice(0, 400)).some((a) => sameName(a, name))
  );
}

const listPages = new WeakMap<Doc, { title: string | undefined; text: string; list: boolean }>();

/** Pages that list names without saying which one the question means. */
export function isListPage(d: Doc): boolean {
  // Asked of every passage for every bridge tried: read once per passage while it is unchanged.
  const c = listPages.get(d);
  if (c && c.title === d.title && c.text === d.text) return c.list;
  const list =
    /\(disambiguation\)|^list of|^lists of/i.test(d.title ?? '') ||
    /\bmay refer to\b/i.test(d.text.slice(0, 300));
  listPages.set(d, { title: d.title, text: d.text, list });
  return list;
}

/** The opening index's key: a name's first two words (its one word), a passage's first one and two. */
const openingKey = (n: string) => `^${n.split(' ').slice(0, 2).join(' ')}`;

/** A passage's keys in ChainPassages' index. */
function passageKeys(d: Doc): Set<string> {
  const raw = withoutAside(d.title ?? '');
  const keys = new Set<string>();
  if (raw !== '') {
    keys.add(normalizeText(raw));
    keys.add(normalizeText(raw.split(',')[0] ?? ''));
  }
  for (const o of openings(d)) {
    const words = normalizeText(o.slice(0, 80)).split(' ');
    keys.add(openingKey(words[0] ?? ''));
    keys.add(openingKey(words.slice(0, 2).join(' ')));
  }
  return keys;
}

export class ChainPassages {
  readonly all: Passage[];

  /**
   * Passages by normalized title, title before a comma, and "^" + the two words they open with:
   * built on the first `about`, since the one-hop chain reads only `all` and a structured chain
   * may return before asking.
   */
  private index: Map<string, Passage[]> | null = null;

  private readonly aboutCache = new Map<string, Passage[]>();

  constructor(hops: readonly SearchHop[]) {
    this.all = hops.flatMap((hop) => hop.docs.map((doc) => ({ hop, doc, order: 0 })));
    this.all.forEach((p, i) => (p.order = i));
  }

  private get byKey(): Map<string, Passage[]> {
    if (!this.index) {
      const index = new Map<string, Passage[]>();
      for (const p of this.all)
        for (const k of passageKeys(p.doc)) {
          const list = index.get(k);
          if (list) list.push(p);
          else index.set(k, [p]);
        }
      this.index = index;
    }
    return this.index;
  }

  /**
   * Passages by the surname of their title and of the aliases they state, and by each alias
   * (name-variants.ts): built on the first name no title and no opening finds, since most
   * trajectories never need it.
   */
  private variants: Map<string, Passage[]> | null = null;

  private byVariant(key: string): Passage[] {
    if (!this.variants) {
      const index = new Map<string, Passage[]>();
      const add = (k: string, p: Passage) => {
        const list = index.get(k);
        if (!list) index.set(k, [p]);
        else if (list[list.length - 1] !== p) list.push(p);
      };
      for (const p of this.all) {
        const raw = withoutAside(p.doc.title ?? '');
        for (const n of [raw, ...statedAliases(p.doc.text.slice(0, 400))]) {
          const s = n === '' ? '' : surnameKey(n);
          if (s !== '') add(`$${s}`, p);
          if (n !== raw) add(normalizeText(n), p);
        }
      }
      this.variants = index;
    }
    return this.variants.get(key) ?? [];
  }

  /** The passages about `name`, in retrieval order. */
  about(name: string): Passage[] {
    const n = normalizeText(withoutAside(name));
    let out = this.aboutCache.get(n);
    if (out) return out;
    // Pages titled with the name settle it; a page that only opens with it is the fallback.
    const titled = this.byKey.get(n) ?? [];
    const opening = titled.length > 0 ? [] : (this.byKey.get(openingKey(n)) ?? []);
    out = (titled.length > 0 ? titled : opening).filter((p) => isAbout(p.doc, name));
    // Only then another form of the name: a title's or an alias's surname, or the alias itself.
    if (out.length === 0) {
      const s = surnameKey(name);
      const other = new Set([...this.byVariant(n), ...(s ? this.byVariant(`$${s}`) : [])]);
      out = [...other].filter((p) => isAbout(p.doc, name));
    }
    out.sort((a, b) => a.order - b.order);
    this.aboutCache.set(n, out);
    return out;
  }
}
