import { answerCorrect } from '../../../core/judge/correctness';
import type { TrajectoryMetrics } from '../../../core/metrics/trajectory-metrics';
import type { Trajectory } from '../../../core/schema/trajectory';
import { useCorrectness } from '../../data/judges/judge';
import { CorrectnessBar } from './CorrectnessBar';

/**
 * The trajectory view's verdict on its answer under the chosen correctness signal ("correct by
 * LLM judge · qwen3: yes"), with the signal picker and, under the LLM judge, the judge button (J).
 */
export function AnswerCorrectness({ t, metrics }: { t: Trajectory; metrics: TrajectoryMetrics }) {
  const { correctness, label, pending } = useCorrectness([t]);
  const verdict = answerCorrect(t, correctness, metrics);
  const text = pending
    ? '…'
    : verdict === null
      ? metrics.em === null
        ? 'no gold'
        : 'not judged'
      : verdict
        ? 'yes'
        : 'no';
  return (
    <div className="row answer-correctness">
      <span
        className={`pill ${verdict === true ? 'good' : verdict === false ? 'bad' : ''}`}
        data-testid="answer-correct"
        data-correct={verdict === null ? 'unknown' : String(verdict)}
        title="Whether the answer is right under the chosen correctness signal; rewards and categories that depend on it use the same signal"
      >
        correct by {label}: {text}
      </span>
      <CorrectnessBar ts={[t]} what="this answer" hotkey />
    </div>
  );
}
