import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { answerCorrect } from '../../../core/judge/correctness';
import type { Trajectory } from '../../../core/schema/trajectory';
import { serverConfigured, trajectoryRewards } from '../../../services/rewards';
import { planRewriteModel } from '../../../services/corpus/plan-rewrite';
import { llmHostState, loadEmbedder, useEmbedModelId, useLlmHostVersion } from '../../data/model-hosts';
import { useCorpusUi } from '../../state/corpus-ui';
import { useCorrectness, usePaperJudge } from '../../data/judges/judge';
import { useRunConfig } from '../../state/run-config';
import { PaperJudgeOffer } from '../judge/PaperJudgeOffer';
import { TestModelWarning } from '../model/TestModelWarning';
import { RewardCard } from './RewardCard';

function useModels(): { embedModel: string; key: string } {
  const embedModel = useEmbedModelId();
  const llm = useLlmHostVersion();
  return { embedModel, key: `${embedModel}|${llm}` };
}

/**
 * The papers' rewards for one trajectory, each with its formula, inputs, per-step shares and the
 * paper it follows. Rewards that need a model use the loaded embedding model / LLM, if any.
 */
export function RewardsPanel({ t, onSelectStep }: { t: Trajectory; onSelectStep?: (id: string) => void }) {
  const { embedModel, key: models } = useModels();
  const llmHost = llmHostState();
  const embed = useCorpusUi((s) => s.embed);
  const llmCfg = useRunConfig((s) => s.llm);
  const apiKey = useRunConfig((s) => s.apiKey);
  const [loading, setLoading] = useState<string | null>(null);
  // Rewards that run the model (QAgent's frozen generator, ExSearch's scoring) only on request:
  // they take the model's worker for seconds and would queue ahead of the next run.
  const [withModel, setWithModel] = useState(false);
  // The configured generator: a server when one is set up, else the loaded in-browser model.
  const server =
    serverConfigured(llmCfg) && llmCfg.kind === 'http' ? `${llmCfg.baseUrl}|${llmCfg.model}` : '';
  // Rewards that depend on a right answer use the user's correctness signal, and name it.
  const one = useMemo(() => [t], [t]);
  const { correctness, label: signal } = useCorrectness(one);
  const verdict = answerCorrect(t, correctness);
  // When-to-Search's reward defaults to the LLM judge (its paper's signal) when none was chosen.
  const paper = usePaperJudge(one);
  const judgeVerdict = paper.judge ? answerCorrect(t, paper.judge) : null;
  const rewards = useQuery({
    queryKey: [
      'rewards',
      t.id,
      t.steps.length,
      t.finishReason,
      t.gold,
      models,
      server,
      // SEPR reads the configured model's cached plan rewrites: an in-browser model has no server.
      planRewriteModel(llmCfg).model,
      withModel,
      signal,
      verdict,
      paper.chosen,
      judgeVerdict,
    ],
    queryFn: () =>
      trajectoryRewards(t, correctness, { withModel, llm: llmCfg, ...(apiKey ? { apiKey } : {}) }, paper),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const stepIndex = new Map(t.steps.map((s) => [s.id, s]));
  return (
    <div className="rewards" data-testid="rewards-panel">
      <p className="muted small">
        Computed here from the trajectory (never read from the log); a right answer is judged by{' '}
        <strong data-testid="rewards-signal">{signal}</strong>
        {judgeVerdict !== null && (
          <span data-testid="rewards-paper-signal">
            {' '}
            (When-to-Search&apos;s reward uses the LLM judge, its paper&apos;s signal, since no signal was
            chosen)
          </span>
        )}
        .{' '}
        {!embedModel && (
          <>
            Rewards over embeddings need an embedding model:{' '}
            <button
              type="button"
              className="link"
              disabled={loading !== null}
              onClick={() => {
                setLoading('embedder');
                loadEmbedder(embed)
                  .catch((e: unknown) => setLoading(`✗ ${e instanceof Error ? e.message : String(e)}`))
                  .then(() => setLoading(null));
              }}
            >
              load {embed.modelId}
            </button>
            {loading && loading !== 'embedder' && <span className="error-text load-error"> {loading}</span>}
          </>
        )}
      </p>
      {!withModel && (llmHost.info || server) && (
        <p className="small">
          <button
            type="button"
            className="link"
            onClick={() => setWithModel(true)}
            data-testid="rewards-with-model"
          >
            compute the model-based rewards
          </button>{' '}
          <span className="muted">
            (QAgent stage 2, ExSearch log w) with{' '}
            {server ? llmCfg.kind === 'http' && llmCfg.model : llmHost.info?.modelId}
          </span>
        </p>
      )}
      {/* The embedding rewards use the loaded embedder; the model-based ones the in-browser LLM. */}
      <TestModelWarning modelId={embedModel || undefined} />
      {withModel && !server && <TestModelWarning modelId={llmHost.info?.modelId} />}
      {rewards.isFetching && <p className="muted">Computing…</p>}
      {rewards.error && <p className="error-text">{String(rewards.error)}</p>}
      {(rewards.data ?? []).map((r) => (
        <RewardCard
          key={r.id}
          r={r}
          stepLabel={(id) => stepIndex.get(id)}
          onSelectStep={onSelectStep}
          signalNote={
            r.notPapersJudge && <PaperJudgeOffer note={r.notPapersJudge} target={one} what="this answer" />
          }
        />
      ))}
    </div>
  );
}
