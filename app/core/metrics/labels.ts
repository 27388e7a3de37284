// What each paper calls Hopscope's metrics, so a number is read with the measure its paper means.
// acc is cover-EM (the gold answer inside the prediction; ExSearch §4's "Acc", FlashRAG's
// Sub_ExactMatch). QAgent reports the same measure as "EM", explaining it as a "non-strict EM"
// (QAgent §4.1): next to QAgent, acc is shown under that name so nobody compares it with a
// strict EM.

/** The name acc goes by for a strategy's trajectories. */
export function accName(strategy: string | undefined): string {
  return strategy === 'qagent' ? 'non-strict EM' : 'Acc';
}

/** A one-line explanation of acc for a strategy. */
export function accHint(strategy: string | undefined): string {
  const base = 'cover-EM: a normalized gold answer is inside the prediction';
  return strategy === 'qagent'
    ? `${base} (QAgent §4.1 calls this "non-strict EM" and reports it as its EM)`
    : base;
}
