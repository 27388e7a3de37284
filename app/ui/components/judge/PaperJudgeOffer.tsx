import { Fragment } from 'react';
import type { JudgeTarget } from '../../../services/judges/judge';
import { useJudgeCandidates, useJudgeRun } from '../../data/judges/judge';
import { useCorrectnessState } from '../../state/correctness';

/**
 * Beside a number whose paper decides correctness with an LLM judge (Learning When to Search §4.1,
 * appendix B.4) when another signal decided it: `note` says which, and one click judges `target`
 * with the in-browser model or a configured server, which then judges from here on.
 * `chooseSignal`: the click also makes the LLM judge the correctness signal (the four categories
 * read the chosen signal; the When-to-Search reward takes the judge's verdict by default).
 */
export function PaperJudgeOffer({
  note,
  target,
  what,
  chooseSignal = false,
}: {
  note: string;
  target: JudgeTarget;
  what: string;
  chooseSignal?: boolean;
}) {
  const candidates = useJudgeCandidates();
  const run = useJudgeRun();
  const setJudgeKind = useCorrectnessState((s) => s.setJudgeKind);
  const setSignal = useCorrectnessState((s) => s.setSignal);
  const s = run.state;
  const empty = ('ids' in target ? target.ids : target).length === 0;
  return (
    <div className="paper-judge-note small" data-testid="paper-judge-note">
      <span className="warn-text">{note}.</span>{' '}
      {s.running ? (
        <>
          <span className="muted" data-testid="paper-judge-progress">
            judging {s.done}/{s.total}…
          </span>{' '}
          <button type="button" onClick={run.stop}>
            Stop
          </button>
        </>
      ) : (
        <span>
          For the paper&apos;s signal, judge {what} with{' '}
          {candidates.map((c, i) => (
            <Fragment key={c.llm.kind}>
              {i > 0 && ' or '}
              <button
                type="button"
                className="link"
                disabled={empty}
                data-testid="paper-judge"
                data-kind={c.llm.kind}
                title="Ask this model whether the answer means the same as the gold (Learning When to Search, appendix B.4); the verdict is cached and this model judges from now on"
                onClick={() => {
                  setJudgeKind(c.llm.kind);
                  if (chooseSignal) setSignal('llm-judge');
                  run.judge(target, c.llm);
                }}
              >
                {c.label} ({c.llm.kind === 'browser' ? 'in the browser' : 'server'})
              </button>
            </Fragment>
          ))}
          .
        </span>
      )}
      {s.report && !s.running && s.report.unparsed > 0 && (
        <span className="error-text" data-testid="paper-judge-unparsed">
          {' '}
          {s.report.unparsed} replies neither YES nor NO (first: “{s.report.firstUnparsed}”)
        </span>
      )}
      {s.error && <span className="error-text"> {s.error}</span>}
    </div>
  );
}
