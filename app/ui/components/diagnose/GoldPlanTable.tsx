import { goldStepQuestion } from '../../../core/corpus/plan-rewrite';
import type { Gold } from '../../../core/schema/trajectory';

/** A model's rewrite of the plan, when the page can run one (the app; not the HTML report). */
export interface PlanRewriteState {
  model: string;
  rewrite: (steps: string[]) => void;
  result?: ReadonlyArray<string | null> | undefined;
  running: boolean;
  error: unknown;
}

/**
 * A gold plan with each step as the dataset writes it (MuSiQue's `#1 >> capital`) beside the
 * deterministic natural-language question (`What is the capital of #1?`), and on request the
 * configured model's rewrite (APEX v2 appendix C.1 used a model), which is cached and which SEPR
 * then uses; the template is its offline fallback. Without `model` (the HTML report) there is no rewrite button, and nothing
 * here pulls in the model runtime and its workers.
 */
export function GoldPlanTable({
  plan,
  model,
}: {
  plan: NonNullable<Gold['plan']>;
  model?: PlanRewriteState;
}) {
  const byModel = model?.result;
  return (
    <>
      <table className="gold-plan-table small" data-testid="gold-plan">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">as written</th>
            <th
              scope="col"
              title="The deterministic rewrite APEX's plan reward (SEPR) compares generated sub-questions with when the configured model has no cached rewrite"
            >
              as a question (template)
            </th>
            {byModel && <th scope="col">by {model?.model}</th>}
            <th scope="col">answer</th>
          </tr>
        </thead>
        <tbody>
          {plan.map((s, i) => {
            const question = goldStepQuestion(s);
            return (
              <tr key={i}>
                <td className="muted">{i + 1}</td>
                <td className="mono">{s.text}</td>
                <td className={question === s.text ? 'muted' : undefined}>{question}</td>
                {byModel && (
                  <td data-testid="gold-plan-model">
                    {byModel[i] ?? <span className="muted">(no usable rewrite)</span>}
                  </td>
                )}
                <td>{s.answer ?? <span className="muted">–</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {model && (
        <p className="small">
          <button
            type="button"
            className="link"
            disabled={model.running}
            onClick={() => model.rewrite(plan.map((s) => s.text))}
            data-testid="gold-plan-rewrite"
          >
            {model.running ? 'rewriting…' : `rewrite with ${model.model}`}
          </button>{' '}
          <span className="muted">
            cached; SEPR uses the model’s rewrite where it has one, else the template (its result says which)
          </span>
          {model.error ? <span className="error-text"> {String(model.error)}</span> : null}
        </p>
      )}
    </>
  );
}
