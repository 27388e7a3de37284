// How a training run is named where it is shown. Step files imported without a run name (dropped
// on the general Import dialog, `12.jsonl` with no folder) belong to the run '', which must still
// read as a run in a chip, a legend or a filter, and stay apart from "any run".

export const UNNAMED_RUN_LABEL = '(unnamed run)';

/** A run's name as shown: the name, or "(unnamed run)" for the run ''. */
export function runLabel(run: string): string {
  return run === '' ? UNNAMED_RUN_LABEL : run;
}
