import { isTestModel, TEST_MODEL_WARNING } from '../../../core/llm/test-model';

/**
 * Beside any output of a random-weight test model (hopscope-test/*): its generations, embeddings
 * and the scores built on them are meaningless by design. Renders nothing for other models.
 */
export function TestModelWarning({ modelId }: { modelId: string | null | undefined }) {
  if (!isTestModel(modelId)) return null;
  return (
    <span className="test-model-warning" role="note" data-testid="test-model-warning">
      ⚠ {modelId}: {TEST_MODEL_WARNING}
    </span>
  );
}
