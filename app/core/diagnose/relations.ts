// The relations a multi-hop question asks and what kind of value each has. The relation names and
// their value types follow 2WikiMultiHopQA's evidence triples (Ho et al. 2020, §3: each question
// type is built from Wikidata relations: comparison questions compare one relation's value on two
// entities, compositional ones follow a person-valued relation to a second entity and ask its
// attribute). relations.test.ts checks every relation in the shared 2Wiki subset's evidences maps
// here. HotpotQA-style relations the triples lack (founded by, located in, author) follow the same
// shape. `asked` finds the relation in a question; `stated` tells whether a passage about an entity
// gives it; `bridge` reads the entity a person-valued relation names ("directed by NAME").

export type ValueType = 'date' | 'place' | 'country' | 'person' | 'organization' | 'work' | 'other';

export interface Relation {
  /** The 2Wiki / Wikidata name where there is one. */
  id: string;
  value: ValueType;
  /** The relation as a reader names it in a missing link: "death date of …". */
  noun: string;
  /** Question wording (lower-case text) that asks for it. */
  asked: RegExp;
  /** Passage wording that states it; for a person-valued relation, group 1 is the person named. */
  stated: RegExp;
  /** A role the question can name as a bridge ("the director of film X", "X's father"). */
  role?: RegExp;
}

// A name starts with a capital; "von", "de" … may continue it, never start it.
const NAME = String.raw`([A-Z][\p{L}.'’-]*(?:\s+(?:[A-Z][\p{L}.'’-]*|de|van|von|da|del|of|der|la|le|bin|bint))*)`;
// "music by Ukrainian composer Mykola Leontovych": a nationality and a profession may stand first.
const DESCRIPTOR = String.raw`(?:(?:the\s+)?(?:[A-Z][\p{L}-]*\s+)?(?:composer|director|filmmaker|producer|writer|author|singer|musician|actor|actress|poet|novelist|artist|band|duo)\s+)?`;
/**
 * "directed by NAME", and for `loose` verbs also "directed, produced, and co-written by NAME"
 * (the verb, then "by" within the same clause).
 */
const by = (loose: string, strict = '') => {
  const verbs = [
    ...(loose ? [String.raw`(?:${loose})(?:\s+by|,?[^.;()]{0,40}?\s+by)?`] : []),
    ...(strict ? [strict] : []),
  ];
  return new RegExp(String.raw`\b(?:${verbs.join('|')})\s+${DESCRIPTOR}${NAME}`, 'u');
};

// A year: four digits, or three after a day and month ("20 March 851").
const YEAR = String.raw`(?:\b(?:1[0-9]{3}|20[0-9]{2})\b|(?<=(?:January|February|March|April|May|June|July|August|September|October|November|December)\s)[1-9][0-9]{2}\b)`;

export const RELATIONS: readonly Relation[] = [
  {
    id: 'date of birth',
    value: 'date',
    noun: 'birth date',
    asked:
      /\b(born (?:first|earlier|later|more recently)|older|younger|oldest|youngest|birthday|date of birth|birth date|when (?:was|is) .* born|year .* born)\b/,
    // "born … 1932", or a year first in the parenthesis after the name: "(2 November 1932 – …)".
    stated: new RegExp(String.raw`\bborn\b[^.]{0,60}${YEAR}|\(\s*(?:b\.\s*)?[^()]{0,60}?${YEAR}`, 'u'),
  },
  {
    id: 'date of death',
    value: 'date',
    noun: 'death date',
    asked:
      /\b(died (?:first|earlier|later|more recently)|date of death|death date|when did .* die|year .* died|lived longer)\b/,
    // "died … 1981", "(d. 851)", or a year, a dash and a year: "(15 April 1899 – 22 February 1981)".
    stated: new RegExp(
      String.raw`(?:\b(?:died|death)\b|\bd\.)[^.]{0,60}${YEAR}|${YEAR}[^()]{0,40}[–-]\s*[^()]{0,30}?${YEAR}`,
      'u',
    ),
  },
  {
    id: 'place of birth',
    value: 'place',
    noun: 'birthplace',
    asked: /\b(place of birth|birthplace|where (?:was|is|were) .* born|born in which|hometown)\b/,
    stated: /\bborn\b[^.]{0,80}\b(?:in|at)\s+[A-Z]/u,
  },
  {
    id: 'place of death',
    value: 'place',
    noun: 'place of death',
    asked: /\b(place of death|where did .* die|died in which|where .* died)\b/,
    stated: /\b(?:died|death)\b[^.]{0,80}\b(?:in|at)\s+[A-Z]/u,
  },
  {
    id: 'publication date',
    value: 'date',
    noun: 'release date',
    asked: /\b(released|came out|published|premiered|more recently|release date|publication date)\b/,
    stated: new RegExp(YEAR, 'u'),
  },
  {
    id: 'inception',
    value: 'date',
    noun: 'founding date',
    asked:
      /\b((?:founded|established|formed|created|opened|started) (?:first|earlier|later)|when was .* (?:founded|established|formed)|inception)\b/,
    stated: new RegExp(
      String.raw`\b(?:founded|established|formed|created|opened|launched|started|began|since|published|first)\b[^.]{0,60}${YEAR}`,
      'u',
    ),
  },
  {
    id: 'country',
    value: 'country',
    noun: 'country',
    asked:
      /\b(located in the same country|in the same country|(?:which|what) country (?:is|are|was|were) .* (?:in|located))\b/,
    stated: /\b(?:in|of|from)\s+(?:[a-z]+\s+){0,3}[A-Z]/u,
  },
  {
    id: 'country of citizenship',
    value: 'country',
    noun: 'nationality',
    asked: /\b(nationality|same country|from the same|which country .* (?:from|is)|citizen)\b/,
    // A nationality, or a place or maker named after in/of/from/by ("made by Commodore").
    stated:
      /\b(?:[A-Z][a-z]+(?:an|ian|ish|ese|ic|i|ch))\b|\b(?:citizen|national)\b|\b(?:in|of|from|by)\s+(?:[a-z]+\s+){0,3}[A-Z]/u,
  },
  {
    id: 'country of origin',
    value: 'country',
    noun: 'country of origin',
    asked: /\b(country of origin|same country)\b/,
    stated: /\b(?:[A-Z][a-z]+(?:an|ian|ish|ese|ic|i|ch))\b|\b(?:in|of|from|by)\s+(?:[a-z]+\s+){0,3}[A-Z]/u,
  },
  {
    id: 'director',
    value: 'person',
    noun: 'director',
    asked: /\b(directed|director)\b/,
    stated: by('directed', 'director|film by'),
    role: /\bdirectors?\b/,
  },
  {
    id: 'producer',
    value: 'person',
    noun: 'producer',
    asked: /\b(produced|producer)\b/,
    stated: by('produced', 'producer'),
    role: /\bproducers?\b/,
  },
  {
    id: 'composer',
    value: 'person',
    noun: 'composer',
    asked: /\b(composed|composer)\b/,
    stated: by('composed|written|music', 'composer'),
    role: /\bcomposers?\b/,
  },
  {
    id: 'father',
    value: 'person',
    noun: 'father',
    asked: /\b(father|paternal)\b/,
    stated: by('', 'son of|daughter of|child of|father,?|father was'),
    role: /\b(?:father|paternal)\b/,
  },
  {
    id: 'mother',
    value: 'person',
    noun: 'mother',
    asked: /\b(mother|maternal)\b/,
    // "son of A and B", "the second son, and fourth child, of A, 1st Earl, and B", "daughter of A
    // and his wife, B": the second parent named.
    stated: by(
      '',
      String.raw`mother,?|mother was|born to|(?:son|daughter|child),? of [^.;]{0,60}?\s+and(?:\s+(?:his|her)\s+(?:wife|husband),?)?`,
    ),
    role: /\b(?:mother|maternal)\b/,
  },
  {
    id: 'spouse',
    value: 'person',
    noun: 'spouse',
    asked: /\b(spouse|husband|wife|married)\b/,
    stated: by('', String.raw`married|marriage to|husband,?|wife,?|spouse|(?:wife|husband)(?: and \w+)? of`),
    role: /\b(?:spouse|husband|wife)\b/,
  },
  {
    id: 'child',
    value: 'person',
    noun: 'child',
    asked: /\b(child|children|son|daughter|stepchild)\b/,
    stated: by('', 'son|daughter|children|child'),
  },
  {
    id: 'founded by',
    value: 'person',
    noun: 'founder',
    asked: /\b(founder|founded by|who founded)\b/,
    stated: by('founded|established', 'founder'),
    role: /\bfounders?\b/,
  },
  {
    id: 'author',
    value: 'person',
    noun: 'author',
    asked: /\b(author|wrote|written by|writer)\b/,
    stated: by('written', 'wrote|author|novel by|book by'),
    role: /\b(?:author|writer)\b/,
  },
  {
    id: 'employer',
    value: 'organization',
    noun: 'employer',
    asked: /\b(work at|works at|worked at|employer|employed)\b/,
    stated: /\b(?:work(?:s|ed)? (?:at|for)|professor|employed|joined)\b/u,
  },
  {
    id: 'publisher',
    value: 'organization',
    noun: 'publisher',
    asked: /\b(published by|publisher|company that published)\b/,
    stated: by('published', 'publisher'),
    role: /\b(?:publisher|company that published)\b/,
  },
  {
    id: 'award received',
    value: 'other',
    noun: 'award',
    asked: /\b(award|prize|honou?r)\b/,
    stated: /\b(?:award|prize|won|received)\b/u,
  },
  {
    id: 'has part',
    value: 'person',
    noun: 'member',
    asked: /\b(member of|keyboardist|guitarist|drummer|bassist|singer|vocalist)\b/,
    stated: new RegExp(
      String.raw`${NAME}\s*\(\s*(?:keyboards?|organ|piano|guitars?|drums|bass|vocals)\b`,
      'u',
    ),
    role: /\b(?:keyboardist|guitarist|drummer|bassist|singer|vocalist)\b/,
  },
  {
    id: 'located in',
    value: 'place',
    noun: 'location',
    asked: /\b(located|where is|where are|which city|what city|headquartered|based in)\b/,
    stated: /\b(?:located|situated|based|headquartered|in)\s+(?:in\s+)?[A-Z]/u,
  },
];

/**
 * 2Wiki's inference questions (Ho et al. 2020, §3.2: "logical rules" compose two relations) as
 * their two relations in order: "the maternal grandfather of X" is the father of the mother of X.
 * The rules are the dataset's; "grandfather" alone names no side and is not read.
 */
export const INFERENCES: ReadonlyArray<{ asked: RegExp; path: readonly [string, string] }> = [
  { asked: /\bmaternal grandfather\b/, path: ['mother', 'father'] },
  { asked: /\bmaternal grandmother\b/, path: ['mother', 'mother'] },
  { asked: /\bpaternal grandfather\b/, path: ['father', 'father'] },
  { asked: /\bpaternal grandmother\b/, path: ['father', 'mother'] },
  { asked: /\bfather-in-law\b/, path: ['spouse', 'father'] },
  { asked: /\bmother-in-law\b/, path: ['spouse', 'mother'] },
  { asked: /\bstep(?:child|son|daughter)\b/, path: ['spouse', 'child'] },
  { asked: /\bstepfather\b/, path: ['mother', 'spouse'] },
  { asked: /\bstepmother\b/, path: ['father', 'spouse'] },
];

const BY_ID = new Map(RELATIONS.map((r) => [r.id, r]));

/** The relation of this name (a 2Wiki evidence relation), if the lexicon has it. */
export function relationById(id: string): Relation | undefined {
  return BY_ID.get(id.toLowerCase());
}

/** The people (or works) a passage names for a person-valued relation, in text order. */
export function statedNames(r: Relation, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(r.stated.source, 'gu'))) {
    // A sentence's full stop ends the name; an initial's does not ("Edmond T. Gréville. The film").
    const name = m[1]
      ?.split(/(?<=\p{L}{2})\.(?:\s|$)/u)[0]
      ?.replace(/\s+(?:of|de|van|von|da|del|der|la|le|bin|bint)$/u, '')
      .trim();
    if (name && /^\p{Lu}/u.test(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The first of them, or null. */
export function statedName(r: Relation, text: string): string | null {
  return statedNames(r, text)[0] ?? null;
}
