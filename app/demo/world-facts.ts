// The fictional island republic of Veloria: the one world every demo trajectory is about. Written
// for Hopscope (no facts from real benchmarks), so a model cannot answer from memory. Keep every
// passage consistent with the entities and relations below; a later corpus grows from this file.

export type EntityKind =
  | 'country'
  | 'city'
  | 'river'
  | 'mountain'
  | 'region'
  | 'sea'
  | 'person'
  | 'organisation'
  | 'structure'
  | 'event'
  | 'work';

export interface WorldEntity {
  id: string;
  kind: EntityKind;
  name: string;
  aliases?: string[];
  /** People: birth and death years. */
  born?: number;
  died?: number;
  /** Organisations, structures, works, events: the founding, completion or publication year. */
  year?: number;
  /** Occupation or type, e.g. "composer", "newspaper". */
  role?: string;
}

export type RelationKind =
  | 'capital_of'
  | 'located_in'
  | 'born_in'
  | 'died_in'
  | 'founded'
  | 'designed'
  | 'composed'
  | 'wrote'
  | 'set_in'
  | 'studied_at'
  | 'president_of'
  | 'directed'
  | 'authored'
  | 'flows_through'
  | 'source_on'
  | 'mouth_at'
  | 'highest_point_of'
  | 'wrote_for';

export interface WorldRelation {
  subject: string;
  relation: RelationKind;
  object: string;
  /** Year the relation began (founding year, first year in office). */
  year?: number;
  /** Last year in office, where it ended. */
  until?: number;
  /** Order along a river's course, upstream first. */
  order?: number;
}

/** A short encyclopedia-style passage, the seed of the demo corpus. */
export interface SeedPassage {
  id: string;
  title: string;
  text: string;
  /** Entity ids the passage is about or mentions. */
  about: string[];
}

export const WORLD_NAME = 'Veloria';

export const ENTITIES: readonly WorldEntity[] = [
  // Places
  { id: 'veloria', kind: 'country', name: 'Veloria', role: 'island republic', year: 1859 },
  { id: 'casmere', kind: 'city', name: 'Casmere', role: 'capital' },
  { id: 'orlenport', kind: 'city', name: 'Orlenport', role: 'seaport' },
  { id: 'tavish', kind: 'city', name: 'Tavish', role: 'university town' },
  { id: 'brennoc', kind: 'city', name: 'Brennoc', role: 'mining town' },
  { id: 'saltmarrow', kind: 'city', name: 'Saltmarrow', role: 'fishing town' },
  { id: 'quill-harbour', kind: 'city', name: 'Quill Harbour', role: 'harbour town' },
  { id: 'ambrel-river', kind: 'river', name: 'Ambrel River', aliases: ['Ambrel'] },
  { id: 'lisk-river', kind: 'river', name: 'Lisk River', aliases: ['Lisk'] },
  { id: 'mount-ceradon', kind: 'mountain', name: 'Mount Ceradon', aliases: ['Ceradon'], role: '2,214 m' },
  { id: 'grey-fells', kind: 'region', name: 'Grey Fells', role: 'slate hills' },
  { id: 'sound-of-merrow', kind: 'sea', name: 'Sound of Merrow', role: 'strait' },
  { id: 'saltmarrow-bay', kind: 'sea', name: 'Saltmarrow Bay', role: 'bay' },
  // People
  {
    id: 'matthias-korve',
    kind: 'person',
    name: 'Matthias Korve',
    born: 1811,
    died: 1880,
    role: 'lawyer, statesman',
  },
  { id: 'piet-osgaard', kind: 'person', name: 'Piet Osgaard', born: 1798, died: 1871, role: 'admiral' },
  { id: 'ilse-varnholt', kind: 'person', name: 'Ilse Varnholt', born: 1841, died: 1907, role: 'botanist' },
  { id: 'teodor-maren', kind: 'person', name: 'Teodor Maren', born: 1852, died: 1911, role: 'composer' },
  { id: 'teodora-maren', kind: 'person', name: 'Teodora Maren', born: 1889, died: 1964, role: 'politician' },
  {
    id: 'kasimir-dorn',
    kind: 'person',
    name: 'Kasimir Dorn',
    born: 1835,
    died: 1899,
    role: 'civil engineer',
  },
  { id: 'hendrik-saul', kind: 'person', name: 'Hendrik Saul', born: 1826, died: 1894, role: 'industrialist' },
  { id: 'edda-solvane', kind: 'person', name: 'Edda Solvane', born: 1870, died: 1952, role: 'physicist' },
  { id: 'aurel-brisk', kind: 'person', name: 'Aurel Brisk', born: 1858, died: 1930, role: 'astronomer' },
  { id: 'lotte-veyra', kind: 'person', name: 'Lotte Veyra', born: 1902, died: 1988, role: 'novelist' },
  // Organisations and structures
  {
    id: 'tavish-university',
    kind: 'organisation',
    name: 'Tavish University',
    year: 1823,
    role: 'university',
  },
  {
    id: 'orlenport-ledger',
    kind: 'organisation',
    name: 'The Orlenport Ledger',
    year: 1848,
    role: 'newspaper',
  },
  {
    id: 'maritime-academy',
    kind: 'organisation',
    name: 'Velorian Maritime Academy',
    aliases: ['Maritime Academy'],
    year: 1862,
    role: 'naval college',
  },
  { id: 'ambrel-railway', kind: 'organisation', name: 'Ambrel Railway Company', year: 1870, role: 'railway' },
  { id: 'botanical-institute', kind: 'organisation', name: 'Casmere Botanical Institute', year: 1879 },
  { id: 'conservatory', kind: 'organisation', name: 'Casmere Conservatory of Music', year: 1884 },
  { id: 'ceradon-observatory', kind: 'organisation', name: 'Ceradon Observatory', year: 1896 },
  { id: 'academy-of-sciences', kind: 'organisation', name: 'Velorian Academy of Sciences', year: 1901 },
  {
    id: 'assembly-of-the-isles',
    kind: 'organisation',
    name: 'Assembly of the Isles',
    year: 1859,
    role: 'parliament',
  },
  { id: 'ambrel-bridge', kind: 'structure', name: 'Ambrel Bridge', year: 1868, role: 'stone bridge' },
  // Events and works
  { id: 'charter-of-casmere', kind: 'event', name: 'Charter of Casmere', year: 1859 },
  { id: 'great-flood', kind: 'event', name: 'Great Flood of the Ambrel', year: 1894 },
  { id: 'ambrel-suite', kind: 'work', name: 'The Ambrel Suite', year: 1888, role: 'orchestral suite' },
  { id: 'salt-year', kind: 'work', name: 'The Salt Year', year: 1934, role: 'novel' },
];

export const RELATIONS: readonly WorldRelation[] = [
  { subject: 'casmere', relation: 'capital_of', object: 'veloria' },
  { subject: 'orlenport', relation: 'located_in', object: 'veloria' },
  { subject: 'tavish', relation: 'located_in', object: 'veloria' },
  { subject: 'brennoc', relation: 'located_in', object: 'grey-fells' },
  { subject: 'saltmarrow', relation: 'located_in', object: 'veloria' },
  { subject: 'quill-harbour', relation: 'located_in', object: 'veloria' },
  { subject: 'mount-ceradon', relation: 'highest_point_of', object: 'veloria' },
  // Rivers, upstream first
  { subject: 'ambrel-river', relation: 'source_on', object: 'mount-ceradon' },
  { subject: 'ambrel-river', relation: 'flows_through', object: 'tavish', order: 1 },
  { subject: 'ambrel-river', relation: 'flows_through', object: 'casmere', order: 2 },
  { subject: 'ambrel-river', relation: 'flows_through', object: 'orlenport', order: 3 },
  { subject: 'ambrel-river', relation: 'mouth_at', object: 'sound-of-merrow' },
  { subject: 'lisk-river', relation: 'source_on', object: 'grey-fells' },
  { subject: 'lisk-river', relation: 'flows_through', object: 'brennoc', order: 1 },
  { subject: 'lisk-river', relation: 'flows_through', object: 'saltmarrow', order: 2 },
  { subject: 'lisk-river', relation: 'mouth_at', object: 'saltmarrow-bay' },
  // People
  { subject: 'matthias-korve', relation: 'born_in', object: 'saltmarrow', year: 1811 },
  { subject: 'matthias-korve', relation: 'died_in', object: 'casmere', year: 1880 },
  { subject: 'matthias-korve', relation: 'authored', object: 'charter-of-casmere', year: 1859 },
  { subject: 'matthias-korve', relation: 'president_of', object: 'veloria', year: 1859, until: 1866 },
  { subject: 'piet-osgaard', relation: 'born_in', object: 'quill-harbour', year: 1798 },
  { subject: 'piet-osgaard', relation: 'founded', object: 'maritime-academy', year: 1862 },
  { subject: 'ilse-varnholt', relation: 'born_in', object: 'tavish', year: 1841 },
  { subject: 'ilse-varnholt', relation: 'died_in', object: 'casmere', year: 1907 },
  { subject: 'ilse-varnholt', relation: 'studied_at', object: 'tavish-university' },
  { subject: 'ilse-varnholt', relation: 'founded', object: 'botanical-institute', year: 1879 },
  { subject: 'ilse-varnholt', relation: 'directed', object: 'botanical-institute', year: 1879, until: 1907 },
  { subject: 'teodor-maren', relation: 'born_in', object: 'orlenport', year: 1852 },
  { subject: 'teodor-maren', relation: 'died_in', object: 'casmere', year: 1911 },
  { subject: 'teodor-maren', relation: 'composed', object: 'ambrel-suite', year: 1888 },
  { subject: 'teodor-maren', relation: 'founded', object: 'conservatory', year: 1884 },
  { subject: 'teodor-maren', relation: 'directed', object: 'conservatory', year: 1884, until: 1911 },
  { subject: 'teodora-maren', relation: 'born_in', object: 'brennoc', year: 1889 },
  { subject: 'teodora-maren', relation: 'president_of', object: 'veloria', year: 1931, until: 1938 },
  { subject: 'kasimir-dorn', relation: 'born_in', object: 'brennoc', year: 1835 },
  { subject: 'kasimir-dorn', relation: 'designed', object: 'ambrel-bridge', year: 1868 },
  { subject: 'hendrik-saul', relation: 'born_in', object: 'casmere', year: 1826 },
  { subject: 'hendrik-saul', relation: 'died_in', object: 'tavish', year: 1894 },
  { subject: 'hendrik-saul', relation: 'founded', object: 'ambrel-railway', year: 1870 },
  { subject: 'edda-solvane', relation: 'born_in', object: 'casmere', year: 1870 },
  { subject: 'edda-solvane', relation: 'studied_at', object: 'tavish-university' },
  {
    subject: 'edda-solvane',
    relation: 'president_of',
    object: 'academy-of-sciences',
    year: 1920,
    until: 1935,
  },
  { subject: 'aurel-brisk', relation: 'born_in', object: 'tavish', year: 1858 },
  { subject: 'aurel-brisk', relation: 'founded', object: 'ceradon-observatory', year: 1896 },
  {
    subject: 'aurel-brisk',
    relation: 'president_of',
    object: 'academy-of-sciences',
    year: 1901,
    until: 1912,
  },
  { subject: 'lotte-veyra', relation: 'born_in', object: 'quill-harbour', year: 1902 },
  { subject: 'lotte-veyra', relation: 'wrote', object: 'salt-year', year: 1934 },
  { subject: 'lotte-veyra', relation: 'wrote_for', object: 'orlenport-ledger' },
  // Where things are
  { subject: 'salt-year', relation: 'set_in', object: 'saltmarrow' },
  { subject: 'tavish-university', relation: 'located_in', object: 'tavish' },
  { subject: 'orlenport-ledger', relation: 'located_in', object: 'orlenport' },
  { subject: 'maritime-academy', relation: 'located_in', object: 'orlenport' },
  { subject: 'ambrel-railway', relation: 'located_in', object: 'casmere' },
  { subject: 'botanical-institute', relation: 'located_in', object: 'casmere' },
  { subject: 'conservatory', relation: 'located_in', object: 'casmere' },
  { subject: 'ceradon-observatory', relation: 'located_in', object: 'mount-ceradon' },
  { subject: 'academy-of-sciences', relation: 'located_in', object: 'casmere' },
  { subject: 'assembly-of-the-isles', relation: 'located_in', object: 'casmere' },
  { subject: 'ambrel-bridge', relation: 'located_in', object: 'casmere' },
  { subject: 'great-flood', relation: 'located_in', object: 'tavish', year: 1894 },
];

export const SEED_PASSAGES: readonly SeedPassage[] = [
  {
    id: 'vel-001',
    title: 'Veloria',
    text: 'Veloria is an island republic in the Sound of Merrow. Its capital and largest city is Casmere, and its chief seaport is Orlenport. The republic was proclaimed in 1859 under the Charter of Casmere, and Matthias Korve became its first president. The highest point of the island is Mount Ceradon.',
    about: [
      'veloria',
      'sound-of-merrow',
      'casmere',
      'orlenport',
      'charter-of-casmere',
      'matthias-korve',
      'mount-ceradon',
    ],
  },
  {
    id: 'vel-002',
    title: 'Casmere',
    text: 'Casmere is the capital of Veloria and the seat of its parliament, the Assembly of the Isles. The city lies on both banks of the Ambrel River about thirty kilometres from the sea. Its landmarks include the Ambrel Bridge, the Casmere Botanical Institute and the Casmere Conservatory of Music.',
    about: [
      'casmere',
      'assembly-of-the-isles',
      'ambrel-river',
      'ambrel-bridge',
      'botanical-institute',
      'conservatory',
    ],
  },
  {
    id: 'vel-003',
    title: 'Orlenport',
    text: "Orlenport is the principal seaport of Veloria, built where the Ambrel River meets the Sound of Merrow. The Velorian Maritime Academy has trained ship officers there since 1862, and the city's daily newspaper, The Orlenport Ledger, first appeared in 1848. The composer Teodor Maren was born in Orlenport.",
    about: ['orlenport', 'ambrel-river', 'maritime-academy', 'orlenport-ledger', 'teodor-maren'],
  },
  {
    id: 'vel-004',
    title: 'Tavish',
    text: 'Tavish is a university town in the uplands of central Veloria. The Ambrel River runs through the old town below the walls of Tavish University, which was founded in 1823. Much of the lower town was destroyed in the Great Flood of the Ambrel in 1894.',
    about: ['tavish', 'ambrel-river', 'tavish-university', 'great-flood'],
  },
  {
    id: 'vel-005',
    title: 'Brennoc',
    text: 'Brennoc is a mining town on the Lisk River in the southern foothills of the Grey Fells. Copper and slate from its quarries were shipped downriver to Saltmarrow. The engineer Kasimir Dorn and the politician Teodora Maren were both born in Brennoc.',
    about: ['brennoc', 'lisk-river', 'grey-fells', 'saltmarrow', 'kasimir-dorn', 'teodora-maren'],
  },
  {
    id: 'vel-006',
    title: 'Saltmarrow',
    text: "Saltmarrow is a fishing town on the south coast of Veloria. The Lisk River flows through the town before emptying into Saltmarrow Bay. Saltmarrow was the birthplace of Matthias Korve, the first president of Veloria, and it is the setting of Lotte Veyra's novel The Salt Year.",
    about: ['saltmarrow', 'lisk-river', 'saltmarrow-bay', 'matthias-korve', 'lotte-veyra', 'salt-year'],
  },
  {
    id: 'vel-007',
    title: 'Quill Harbour',
    text: 'Quill Harbour is a small harbour town on the northern coast of Veloria, known for its boatyards and its lighthouse. Admiral Piet Osgaard and the novelist Lotte Veyra were both born in Quill Harbour.',
    about: ['quill-harbour', 'piet-osgaard', 'lotte-veyra'],
  },
  {
    id: 'vel-008',
    title: 'Ambrel River',
    text: 'The Ambrel River is the longest river in Veloria. It rises on the western slopes of Mount Ceradon, flows through Tavish and then through Casmere, and enters the Sound of Merrow at Orlenport. Its spring floods were tamed by embankments built after 1894.',
    about: [
      'ambrel-river',
      'mount-ceradon',
      'tavish',
      'casmere',
      'sound-of-merrow',
      'orlenport',
      'great-flood',
    ],
  },
  {
    id: 'vel-009',
    title: 'Lisk River',
    text: 'The Lisk River rises in the Grey Fells and flows south through Brennoc and Saltmarrow before emptying into Saltmarrow Bay. Flat-bottomed barges on the Lisk once carried slate from the Brennoc quarries to the coast.',
    about: ['lisk-river', 'grey-fells', 'brennoc', 'saltmarrow', 'saltmarrow-bay'],
  },
  {
    id: 'vel-010',
    title: 'Mount Ceradon',
    text: 'Mount Ceradon is the highest mountain in Veloria, rising to 2,214 metres. The Ambrel River has its source on its western slopes, and the Ceradon Observatory stands just below the summit.',
    about: ['mount-ceradon', 'veloria', 'ambrel-river', 'ceradon-observatory'],
  },
  {
    id: 'vel-011',
    title: 'Grey Fells',
    text: 'The Grey Fells are a range of bare slate hills in eastern Veloria. The Lisk River rises in the Grey Fells, and the mining town of Brennoc lies in their southern foothills. The highest fell reaches 1,370 metres.',
    about: ['grey-fells', 'lisk-river', 'brennoc'],
  },
  {
    id: 'vel-012',
    title: 'Matthias Korve',
    text: 'Matthias Korve (1811–1880) was a Velorian lawyer and statesman. Born in Saltmarrow, he drafted most of the Charter of Casmere and served as the first President of Veloria from 1859 to 1866. He died in Casmere.',
    about: ['matthias-korve', 'saltmarrow', 'charter-of-casmere', 'veloria', 'casmere'],
  },
  {
    id: 'vel-013',
    title: 'Piet Osgaard',
    text: 'Piet Osgaard (1798–1871) was an admiral of the Velorian fleet, born in Quill Harbour. After retiring from the sea he founded the Velorian Maritime Academy in Orlenport in 1862 and served as its first superintendent.',
    about: ['piet-osgaard', 'quill-harbour', 'maritime-academy', 'orlenport'],
  },
  {
    id: 'vel-014',
    title: 'Ilse Varnholt',
    text: 'Ilse Varnholt (1841–1907) was a Velorian botanist born in Tavish. She studied at Tavish University and catalogued more than two thousand island plants. In 1879 she founded the Casmere Botanical Institute, which she directed until her death in Casmere.',
    about: ['ilse-varnholt', 'tavish', 'tavish-university', 'botanical-institute', 'casmere'],
  },
  {
    id: 'vel-015',
    title: 'Casmere Botanical Institute',
    text: 'The Casmere Botanical Institute is a research garden and herbarium in the capital. It was founded in 1879 by the botanist Ilse Varnholt, and its glasshouses hold the national collection of island ferns.',
    about: ['botanical-institute', 'ilse-varnholt', 'casmere'],
  },
  {
    id: 'vel-016',
    title: 'Teodor Maren',
    text: 'Teodor Maren (1852–1911) was a Velorian composer and organist, born in Orlenport. His best-known work is the orchestral Ambrel Suite of 1888. In 1884 he founded the Casmere Conservatory of Music, which he directed until he died in Casmere in 1911.',
    about: ['teodor-maren', 'orlenport', 'ambrel-suite', 'conservatory', 'casmere'],
  },
  {
    id: 'vel-017',
    title: 'Teodora Maren',
    text: 'Teodora Maren (1889–1964) was a Velorian politician and patron of the arts, born in Brennoc. A former schoolteacher, she served as President of Veloria from 1931 to 1938, the first woman to hold the office, and secured state funding for music schools across the island.',
    about: ['teodora-maren', 'brennoc', 'veloria'],
  },
  {
    id: 'vel-018',
    title: 'The Ambrel Suite',
    text: 'The Ambrel Suite is an orchestral work in five movements by the Velorian composer T. Maren, first performed in Casmere in 1888. Each movement depicts a stretch of the Ambrel River, from its source on Mount Ceradon to the sea.',
    about: ['ambrel-suite', 'teodor-maren', 'casmere', 'ambrel-river', 'mount-ceradon'],
  },
  {
    id: 'vel-019',
    title: 'Casmere Conservatory of Music',
    text: 'The Casmere Conservatory of Music was founded in 1884 by the composer Teodor Maren, who served as its first director. It moved into the former customs house on the river embankment in 1902.',
    about: ['conservatory', 'teodor-maren', 'casmere'],
  },
  {
    id: 'vel-020',
    title: 'Velorian Maritime Academy',
    text: 'The Velorian Maritime Academy in Orlenport trains officers for the merchant fleet and the coast guard. It was founded in 1862 by Admiral Piet Osgaard on the site of an old naval yard.',
    about: ['maritime-academy', 'orlenport', 'piet-osgaard'],
  },
  {
    id: 'vel-021',
    title: 'Kasimir Dorn',
    text: 'Kasimir Dorn (1835–1899) was a Velorian civil engineer born in Brennoc. He designed the Ambrel Bridge in Casmere and later surveyed the first lines of the Ambrel Railway Company.',
    about: ['kasimir-dorn', 'brennoc', 'ambrel-bridge', 'casmere', 'ambrel-railway'],
  },
  {
    id: 'vel-022',
    title: 'Ambrel Bridge',
    text: 'The Ambrel Bridge is a five-arch stone bridge over the Ambrel River in the centre of Casmere. Designed by the engineer Kasimir Dorn, it was completed in 1868 and came through the Great Flood of 1894 with only minor damage.',
    about: ['ambrel-bridge', 'ambrel-river', 'casmere', 'kasimir-dorn', 'great-flood'],
  },
  {
    id: 'vel-023',
    title: 'Hendrik Saul',
    text: "Hendrik Saul (1826–1894) was a Velorian industrialist born in Casmere. He founded the Ambrel Railway Company in 1870. Saul drowned in Tavish during the Great Flood of the Ambrel in 1894 while inspecting the company's damaged viaduct.",
    about: ['hendrik-saul', 'casmere', 'ambrel-railway', 'tavish', 'great-flood'],
  },
  {
    id: 'vel-024',
    title: 'Ambrel Railway Company',
    text: 'The Ambrel Railway Company was founded in 1870 by the industrialist Hendrik Saul and has its headquarters in Casmere. Its main line follows the valley of the river from the capital down to Orlenport.',
    about: ['ambrel-railway', 'hendrik-saul', 'casmere', 'orlenport'],
  },
  {
    id: 'vel-025',
    title: 'Great Flood of the Ambrel',
    text: "The Great Flood of the Ambrel struck in March 1894, when snowmelt from Mount Ceradon and days of heavy rain overtopped the river's banks. The lower town of Tavish was worst hit; the industrialist Hendrik Saul was among those who died there.",
    about: ['great-flood', 'mount-ceradon', 'tavish', 'hendrik-saul'],
  },
  {
    id: 'vel-026',
    title: 'Edda Solvane',
    text: 'Edda Solvane (1870–1952) was a Velorian physicist born in Casmere. She studied at Tavish University and in 1903 described the Solvane effect, a shift in the colour of light passing through salt crystals under pressure. She presided over the Velorian Academy of Sciences from 1920 to 1935.',
    about: ['edda-solvane', 'casmere', 'tavish-university', 'academy-of-sciences'],
  },
  {
    id: 'vel-027',
    title: 'Tavish University',
    text: 'Tavish University is the oldest university in Veloria, founded in 1823 in the town of Tavish. Its alumni include the botanist Ilse Varnholt and the physicist Edda Solvane.',
    about: ['tavish-university', 'tavish', 'ilse-varnholt', 'edda-solvane'],
  },
  {
    id: 'vel-028',
    title: 'Aurel Brisk',
    text: 'Aurel Brisk (1858–1930) was a Velorian astronomer born in Tavish. He founded the Ceradon Observatory in 1896 and in 1901 was elected the first president of the Velorian Academy of Sciences, a post he held until 1912.',
    about: ['aurel-brisk', 'tavish', 'ceradon-observatory', 'academy-of-sciences'],
  },
  {
    id: 'vel-029',
    title: 'Velorian Academy of Sciences',
    text: 'The Velorian Academy of Sciences was established in Casmere in 1901 to promote research on the island. The astronomer Aurel Brisk served as its first president, and the physicist Edda Solvane later led it from 1920 to 1935.',
    about: ['academy-of-sciences', 'casmere', 'aurel-brisk', 'edda-solvane'],
  },
  {
    id: 'vel-030',
    title: 'Ceradon Observatory',
    text: 'The Ceradon Observatory stands at 2,050 metres on Mount Ceradon. It was founded in 1896 by the astronomer Aurel Brisk, and its 60-centimetre refractor was for decades the largest telescope in Veloria.',
    about: ['ceradon-observatory', 'mount-ceradon', 'aurel-brisk', 'veloria'],
  },
  {
    id: 'vel-031',
    title: 'Lotte Veyra',
    text: 'Lotte Veyra (1902–1988) was a Velorian novelist born in Quill Harbour. Her novel The Salt Year, published in 1934, follows a fishing family through a hard winter. She later settled in Casmere and wrote a weekly column for The Orlenport Ledger.',
    about: ['lotte-veyra', 'quill-harbour', 'salt-year', 'casmere', 'orlenport-ledger'],
  },
  {
    id: 'vel-032',
    title: 'The Salt Year',
    text: 'The Salt Year is a 1934 novel by Lotte Veyra. Set in Saltmarrow during the winter of 1891, it tells of a family that survives by salting herring for the Orlenport market. It is widely read in Velorian schools.',
    about: ['salt-year', 'lotte-veyra', 'saltmarrow', 'orlenport'],
  },
  {
    id: 'vel-033',
    title: 'The Orlenport Ledger',
    text: 'The Orlenport Ledger is a daily newspaper published in Orlenport since 1848, which makes it the oldest newspaper in Veloria. Its shipping column was once read aloud in every harbour tavern on the island.',
    about: ['orlenport-ledger', 'orlenport', 'veloria'],
  },
  {
    id: 'vel-034',
    title: 'Charter of Casmere',
    text: 'The Charter of Casmere, signed on 4 May 1859, proclaimed Veloria a republic and created the Assembly of the Isles. Its principal author was the lawyer Matthias Korve, who was elected the first president the same year.',
    about: ['charter-of-casmere', 'veloria', 'assembly-of-the-isles', 'matthias-korve'],
  },
];

const ENTITY_BY_ID = new Map(ENTITIES.map((e) => [e.id, e]));
const PASSAGE_BY_TITLE = new Map(SEED_PASSAGES.map((p) => [p.title, p]));

export function entityById(id: string): WorldEntity | undefined {
  return ENTITY_BY_ID.get(id);
}

export function passageByTitle(title: string): SeedPassage | undefined {
  return PASSAGE_BY_TITLE.get(title);
}
