// Short human descriptions of a fork's change, one wording for every place that shows it.
import type { ForkChange } from '../schema/trajectory';

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function describeChange(c: ForkChange): string {
  switch (c.kind) {
    case 'edit_query':
      return `query → “${clip(c.query)}”`;
    // Documents are named by the rank and title a person saw, never by internal ids (`h2d2`).
    case 'drop_doc':
      return `dropped document${c.rank !== undefined ? ` #${c.rank}` : ''}${c.title ? ` “${clip(c.title, 40)}”` : ''}`;
    case 'replace_doc':
      return `replaced document #${c.doc.rank} with “${clip(c.doc.title || c.doc.text, 40)}”`;
    case 'edit_text':
      return `text → “${clip(c.text)}”`;
    case 'answer_now':
      return 'answer now';
    case 'search_more':
      return 'search once more';
    case 'gold_passage':
      return `gave it the gold passage “${clip(c.doc.title || c.doc.text, 40)}”`;
  }
}
