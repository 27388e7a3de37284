// A minimal FlashRAG record as one JSONL line, for tests of the import and its store: id `q<i>`,
// gold and prediction both Paris.

export function flashragLine(i: number): string {
  return JSON.stringify({
    id: `q${i}`,
    question: `Question ${i}?`,
    golden_answers: ['Paris'],
    output: { pred: 'Paris' },
  });
}
