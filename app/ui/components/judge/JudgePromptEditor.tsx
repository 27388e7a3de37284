import { useState } from 'react';
import { DEFAULT_JUDGE_PROMPT } from '../../../core/judge/judge-prompt';
import { useCorrectnessState } from '../../state/correctness';

/**
 * The LLM judge's prompt: the default (Learning When to Search appendix B.4, in our words) or one
 * the user pasted, e.g. the paper's verbatim text. `{prediction}`, `{references}` and `{question}`
 * are filled in; a prompt without the first two gets them appended.
 */
export function JudgePromptEditor() {
  const custom = useCorrectnessState((s) => s.judgePrompt);
  const setPrompt = useCorrectnessState((s) => s.setJudgePrompt);
  const [draft, setDraft] = useState(custom ?? DEFAULT_JUDGE_PROMPT);
  return (
    <details className="judge-prompt">
      <summary>judge prompt{custom !== null ? ' (yours)' : ''}</summary>
      <textarea
        aria-label="Judge prompt"
        rows={8}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        data-testid="judge-prompt"
      />
      <div className="row">
        <button type="button" onClick={() => setPrompt(draft === DEFAULT_JUDGE_PROMPT ? null : draft)}>
          Use this prompt
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(DEFAULT_JUDGE_PROMPT);
            setPrompt(null);
          }}
        >
          Default (appendix B.4)
        </button>
        <span className="muted">
          {'{prediction}'}, {'{references}'}, {'{question}'} are filled in; verdicts are cached per prompt.
        </span>
      </div>
    </details>
  );
}
