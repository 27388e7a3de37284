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

const NAME = String.raw`((?:[A-Z][\p{L}.'’-]*|de|van|von|da|del|of|der|la|le)(?:\s+(?:[A-Z][\p{L}.'’-]*|de|van|von|da|del|of|der|la|le))*)`;
// "music by Ukrainian composer Mykola Leontovych": a descriptor may stand before the name.
const by = (verbs: string) =>
  new RegExp(
    String.raw`\b(?:${verbs})\s+(?:by\s+)?(?:(?:the\s+)?(?:[A-Z][\p{L}-]*\s+)?[a-z]+\s+)?${NAME}`,
    'u',
  );

// A year, or a day and month with one: the value of a date relation.
const YEAR = String.raw`\b(?:1[0-9]{3}|20[0-9]{2})\b`;

export const RELATIONS: readonly Relation[] = [
  {
    id: 'date of birth',
    value: 'date',
    noun: 'birth date',
    asked:
      /\b(born (?:first|earlier|later|more recently)|older|younger|oldest|youngest|birthday|date of birth|birth date|when (?:was|is) .* born|year .* born)\b/,
    stated: new RegExp(
      String.raw`\bborn\b[^.]{0,60}${YEAR}|\(\s*(?:[^)]{0,30}\s)?${YEAR}\s*[–-]|\(\s*b\.\s*[^)]*${YEAR}`,
      'u',
    ),
  },
  {
    id: 'date of death',
    value: 'date',
    noun: 'death date',
    asked:
      /\b(died (?:first|earlier|later|more recently)|date of death|death date|when did .* die|year .* died|lived longer)\b/,
    stated: new RegExp(
      String.raw`\b(?:died|death)\b[^.]{0,60}${YEAR}|${YEAR}[^()]{0,20}[–-][^()]{0,20}${YEAR}\s*\)`,
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
      String.raw`\b(?:founded|established|formed|created|opened|since)\b[^.]{0,60}${YEAR}`,
      'u',
    ),
  },
  {
    id: 'country',
    value: 'country',
    noun: 'country',
    asked:
      /\b(located in the same country|in the same country|(?:which|what) country (?:is|are|was|were) .* (?:in|located))\b/,
    stated: /\bin\s+[A-Z]/u,
  },
  {
    id: 'country of citizenship',
    value: 'country',
    noun: 'nationality',
    asked: /\b(nationality|same country|from the same|which country .* (?:from|is)|citizen)\b/,
    stated: /\b(?:[A-Z][a-z]+(?:an|ian|ish|ese|ic|i|ch))\b|\b(?:citizen|national)\b/u,
  },
  {
    id: 'country of origin',
    value: 'country',
    noun: 'country of origin',
    asked: /\b(country of origin|same country)\b/,
    stated: /\b(?:[A-Z][a-z]+(?:an|ian|ish|ese|ic|i|ch))\b/u,
  },
  {
    id: 'director',
    value: 'person',
    noun: 'director',
    asked: /\b(directed|director)\b/,
    stated: by('directed|director'),
    role: /\bdirectors?\b/,
  },
  {
    id: 'producer',
    value: 'person',
    noun: 'producer',
    asked: /\b(produced|producer)\b/,
    stated: by('produced|producer'),
    role: /\bproducers?\b/,
  },
  {
    id: 'composer',
    value: 'person',
    noun: 'composer',
    asked: /\b(composed|composer)\b/,
    stated: by('composed|written|music'),
    role: /\bcomposers?\b/,
  },
  {
    id: 'father',
    value: 'person',
    noun: 'father',
    asked: /\b(father|paternal)\b/,
    stated: by('son of|daughter of|child of|father,?|father was'),
    role: /\b(?:father|paternal)\b/,
  },
  {
    id: 'mother',
    value: 'person',
    noun: 'mother',
    asked: /\b(mother|maternal)\b/,
    stated: by('mother,?|mother was|born to'),
    role: /\b(?:mother|maternal)\b/,
  },
  {
    id: 'spouse',
    value: 'person',
    noun: 'spouse',
    asked: /\b(spouse|husband|wife|married)\b/,
    stated: by('married|husband|wife|spouse'),
    role: /\b(?:spouse|husband|wife)\b/,
  },
  {
    id: 'child',
    value: 'person',
    noun: 'child',
    asked: /\b(child|children|son|daughter|stepchild)\b/,
    stated: by('son|daughter|children|child'),
  },
  {
    id: 'founded by',
    value: 'person',
    noun: 'founder',
    asked: /\b(founder|founded by|who founded)\b/,
    stated: by('founded|founder|established'),
    role: /\bfounders?\b/,
  },
  {
    id: 'author',
    value: 'person',
    noun: 'author',
    asked: /\b(author|wrote|written by|writer)\b/,
    stated: by('written|wrote|author|novel|book'),
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
    stated: by('published|publisher'),
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
    stated: by('keyboards?|guitar|drums|bass|vocals|member'),
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

const BY_ID = new Map(RELATIONS.map((r) => [r.id, r]));

/** The relation of this name (a 2Wiki evidence relation), if the lexicon has it. */
export function relationById(id: string): Relation | undefined {
  return BY_ID.get(id.toLowerCase());
}

/** The person, place or work a passage names for a person-valued relation, or null. */
export function statedName(r: Relation, text: string): string | null {
  const m = r.stated.exec(text);
  // A sentence's full stop is not part of the name; an initial's is ("John D.").
  const name = m?.[1]
    ?.replace(/\s+(?:of|de|van|von|da|del|der|la|le)$/u, '')
    .replace(/(\p{L}{2,})\.$/u, '$1')
    .trim();
  return name && /^\p{Lu}/u.test(name) ? name : null;
}
