// Hostile trajectory shapes (issue 15), shared by `npm run bench -- shapes` and the e2e specs
// that open them (e2e/long-trajectories.spec.ts, e2e/hostile-shapes.spec.ts): as many steps, as
// many documents in one step, and as many plan dependencies as a view must survive.

const record = (id: string, question: string, strategy: string, rest: object) => ({
  schema: 'hopscope.trajectory/1',
  id,
  question,
  source: { kind: 'import', format: 'hopscope' },
  agent: { strategy, params: {} },
  ...rest,
});

/** `n` steps alternating a search and a thought, 200 to a turn. */
export function manyStepsRecord(id: string, n: number): object {
  return record(id, `How long is ${id}?`, 'search-r1', {
    steps: Array.from({ length: n }, (_, i) =>
      i % 2 === 0
        ? { id: `s${i}`, index: i, kind: 'search', turn: 1 + Math.floor(i / 200), queries: [`query ${i}`] }
        : { id: `s${i}`, index: i, kind: 'think', turn: 1 + Math.floor(i / 200), text: `thought ${i}` },
    ),
    answer: { text: 'long' },
  });
}

/** A search, then one retrieval with `n` documents. */
export function wideDocsRecord(id: string, n: number): object {
  return record(id, `How long is ${id}?`, 'search-r1', {
    steps: [
      { id: 'q', index: 0, kind: 'search', queries: ['everything'] },
      {
        id: 'r',
        index: 1,
        kind: 'retrieve',
        docs: Array.from({ length: n }, (_, i) => ({
          id: `d${i}`,
          title: `Doc ${i}`,
          text: `passage ${i}`,
          rank: i + 1,
        })),
      },
    ],
    answer: { text: 'long' },
  });
}

/** A plan of `n` done leaves and one pending node depending on all of them. */
export function hubPlanRecord(id: string, n: number): object {
  return planRecord(id, [
    ...Array.from({ length: n }, (_, i) => ({
      id: `n${i}`,
      text: `leaf ${i}`,
      dependsOn: [],
      status: 'done',
    })),
    {
      id: 'hub',
      text: 'depends on everything',
      dependsOn: Array.from({ length: n }, (_, i) => `n${i}`),
      status: 'pending',
    },
  ]);
}

/** A one-step trajectory with this plan. */
export function planRecord(id: string, plan: object[]): object {
  return record(id, `Which plan is ${id}?`, 'apex', {
    plan,
    steps: [{ id: 's0', index: 0, kind: 'answer', text: 'x' }],
    answer: { text: 'x' },
  });
}
