import { goldStepQuestion } from '../../core/corpus/plan-rewrite';
import type { Gold } from '../../core/schema/trajectory';

/**
 * A gold plan with each step as the dataset writes it (MuSiQue's `#1 >> capital`) beside the
 * natural-language question APEX's SEPR compares with (`What is the capital of #1?`).
 */
export function GoldPlanTable({ plan }: { plan: NonNullable<Gold['plan']> }) {
  return (
    <table className="gold-plan-table small" data-testid="gold-plan">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">as written</th>
          <th scope="col" title="The form APEX's plan reward (SEPR) compares generated sub-questions with">
            as a question (SEPR)
          </th>
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
              <td>{s.answer ?? <span className="muted">–</span>}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
