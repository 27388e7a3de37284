// A scripted Search-R1 trajectory (docs/architecture.md §4): one prompt, the model writes until
// `</search>` or `</answer>`, fixed `<information>` blocks are appended to its own turn, and it
// goes on. Used to prove and measure KV-cache reuse: every turn re-sends the whole transcript.
import type { GenerateResult, Llm } from '../core/llm/types';

export const SEARCH_R1_QUESTION = 'Which country is the birthplace of the composer of the opera "Rusalka"?';

// The instruction of Search-R1's released prompt (Jin et al., 2025).
export function searchR1Prompt(question: string): string {
  return (
    'Answer the given question. You must conduct reasoning inside <think> and </think> first every time you ' +
    'get new information. After reasoning, if you find you lack some knowledge, you can call a search engine ' +
    'by <search> query </search> and it will return the top searched results between <information> and ' +
    '</information>. You can search as many times as your want. If you find no further external knowledge ' +
    'needed, you can directly provide the answer inside <answer> and </answer>, without detailed ' +
    `illustrations. For example, <answer> Beijing </answer>. Question: ${question}\n`
  );
}

// Three blocks of three passages each. Search-R1 retrieves 100-word Wikipedia chunks (top-3), and
// in the shared Search-R1 logs (../shared/data/trajectories, FlashRAG Bamboogle run) an
// <information> block is ~1,950 characters and a model turn ~230, so these passages are written
// to that size: a block here is ~1,900 characters (~420 tokens).
const DOCS: [string, string][][] = [
  [
    [
      'Rusalka (opera)',
      'Rusalka, Op. 114, is an opera ("lyric fairy tale") by Antonín Dvořák. The Czech libretto was written by the poet Jaroslav Kvapil based on the fairy tales of Karel Jaromír Erben and Božena Němcová. The character of the rusalka, a water sprite from Slavic mythology who usually inhabits a lake or river, also appears in works by other Slavic writers. The opera was first performed in Prague on 31 March 1901 and became one of the most successful Czech operas. The "Song to the Moon" from its first act is often performed in concert and recorded on its own.',
    ],
    [
      'Rusalka',
      'In Slavic folklore, the rusalka is a female entity, often malicious toward mankind and frequently associated with water, that appears in the folk beliefs of many Slavic peoples. According to most traditions, rusalki were fish-like mermaids that lived at the bottom of rivers. At night they would come to the surface and dance in the meadows, calling the names of young men and luring them into the water. In nineteenth-century accounts the rusalka became an unquiet and dangerous being, the spirit of a young woman who had died an untimely death near a river.',
    ],
    [
      'Jaroslav Kvapil',
      'Jaroslav Kvapil was a Czech poet, theatre director, translator and playwright, born in Chudenice in 1868. He studied medicine and philosophy at Charles University in Prague and worked as a dramaturge and later director of the National Theatre, where he staged plays by Shakespeare, Ibsen and Chekhov in productions that shaped modern Czech theatre. He is best remembered abroad for the libretto of Rusalka, which he wrote before a composer had been found for it and offered to several musicians before Dvořák accepted it. He was also active in the resistance during the First World War.',
    ],
  ],
  [
    [
      'Antonín Dvořák',
      'Antonín Leopold Dvořák was a Czech composer, one of the first to achieve worldwide recognition. Following the nationalist example of Bedřich Smetana, he frequently employed rhythms and other aspects of the folk music of Moravia and his native Bohemia. He was born on 8 September 1841 in Nelahozeves, a village near Prague, then part of the Austrian Empire, where his father was an innkeeper and butcher. His works include nine symphonies, among them the Symphony No. 9 "From the New World", the Cello Concerto in B minor, the Slavonic Dances, chamber music and eleven operas.',
    ],
    [
      'Nelahozeves',
      'Nelahozeves is a municipality and village in Mělník District in the Central Bohemian Region of the Czech Republic. It has about 2,000 inhabitants and lies on the left bank of the Vltava River, about 25 kilometres north of Prague. The village is known as the birthplace of the composer Antonín Dvořák; his birth house is now a museum managed by the National Museum. Above the river stands Nelahozeves Castle, a Renaissance building owned by the Lobkowicz family, which houses part of their art collection and hosts concerts during the annual Dvořák festival.',
    ],
    [
      'Antonín Dvořák Museum',
      "The Antonín Dvořák Museum in Prague is housed in the Villa Amerika, a Baroque summer palace built by Kilian Ignaz Dientzenhofer in the New Town. The museum, part of the National Museum, holds the composer's manuscripts, letters, photographs and personal belongings, including his viola and the score of several symphonies. It also organises exhibitions and concerts of chamber music in the villa's main hall. The museum was opened in 1932 by the Society of Antonín Dvořák, which had been founded to collect documents about his life and work and to publish a critical edition of his music.",
    ],
  ],
  [
    [
      'Bohemia',
      'Bohemia is the westernmost and largest historical region of the Czech lands. In a broader meaning, Bohemia sometimes refers to the entire Czech territory, including Moravia and Czech Silesia. Bohemia was a duchy of Great Moravia, later an independent principality, a kingdom in the Holy Roman Empire, and subsequently a part of the Habsburg Monarchy and the Austrian Empire. After the First World War and the establishment of an independent Czechoslovak state in 1918, Bohemia became a part of Czechoslovakia, and since 1993 it has formed much of the territory of the Czech Republic.',
    ],
    [
      'Czech Republic',
      'The Czech Republic, also known as Czechia, is a landlocked country in Central Europe. It is bordered by Austria to the south, Germany to the west, Poland to the northeast, and Slovakia to the southeast. The Czech Republic has a hilly landscape that covers an area of 78,871 square kilometres with a mostly temperate continental and oceanic climate. The capital and largest city is Prague; other major cities and urban areas include Brno, Ostrava, Plzeň and Liberec. The country is a unitary parliamentary republic and a member of the European Union, NATO and the OECD.',
    ],
    [
      'Austrian Empire',
      'The Austrian Empire was a Central European multinational great power from 1804 to 1867, created by proclamation out of the realms of the Habsburgs. During its existence it was the third most populous empire in Europe after the Russian Empire and the United Kingdom. The Kingdom of Bohemia was one of its crown lands, and Czech-speaking subjects such as Dvořák, born there in 1841, were citizens of the empire. After the Austro-Hungarian Compromise of 1867 it was reorganised as the Dual Monarchy of Austria-Hungary, which lasted until its dissolution at the end of the First World War.',
    ],
  ],
];

/** The `<information>` block appended after turn `i` (0-based), with Search-R1's doc format. */
export function informationBlock(i: number): string {
  const docs = DOCS[i % DOCS.length]!;
  const body = docs.map(([title, text], k) => `Doc ${k + 1}(Title: ${title}) ${text}`).join('\n');
  return `\n\n<information>${body}</information>\n\n`;
}

export interface TrajectoryRun {
  turns: GenerateResult[];
  ms: number;
}

/** Runs `turns` turns of `maxTokens` each; the transcript grows by the model's text and a block. */
export async function runSearchR1(
  llm: Llm,
  options: { turns?: number; maxTokens?: number; question?: string } = {},
): Promise<TrajectoryRun> {
  const user = searchR1Prompt(options.question ?? SEARCH_R1_QUESTION);
  const turns: GenerateResult[] = [];
  let assistant = '';
  const t0 = performance.now();
  for (let i = 0; i < (options.turns ?? 4); i++) {
    const messages = [{ role: 'user' as const, content: user }];
    const prompt =
      i === 0
        ? { messages }
        : {
            messages: [...messages, { role: 'assistant' as const, content: assistant }],
            continueFinal: true,
          };
    const r = await llm.generate(prompt, {
      maxTokens: options.maxTokens ?? 32,
      stop: ['</search>', '</answer>'],
    });
    turns.push(r);
    if (r.stop === '</answer>') break;
    assistant += r.text + (r.stop ?? '') + informationBlock(i);
  }
  return { turns, ms: performance.now() - t0 };
}
