import type { ModelSource } from '../../../runtime/model-source';
import { ModelSuggestions } from './ModelSuggestions';

const DTYPES: Record<'text-generation' | 'feature-extraction', Array<NonNullable<ModelSource['dtype']>>> = {
  'text-generation': ['fp32', 'fp16', 'q8', 'q4', 'q4f16'],
  'feature-extraction': ['fp32', 'fp16', 'q8'],
};

/**
 * The fields of a transformers.js model source: id (with suggestions), device, precision and
 * offline. The id is edited as a draft and committed on blur, so typing never reloads a model.
 */
export function ModelSourceFields({
  source,
  draft,
  onDraft,
  onChange,
  task,
  testid,
  autoDtype,
}: {
  source: ModelSource;
  draft: string;
  onDraft: (id: string) => void;
  onChange: (patch: Partial<ModelSource>) => void;
  task: 'text-generation' | 'feature-extraction';
  /** Prefix of the fields' test ids: `<testid>-model`, `-device`, `-offline`. */
  testid: string;
  /** What "auto" precision means for this kind of model. */
  autoDtype: string;
}) {
  const list = `${testid}-models`;
  return (
    <>
      <label>
        Model
        <input
          value={draft}
          spellCheck={false}
          data-testid={`${testid}-model`}
          list={list}
          title={`A transformers.js ${task} model: a Hugging Face id, or a folder under /models/`}
          onChange={(e) => onDraft(e.target.value)}
          onBlur={() => draft.trim() && onChange({ modelId: draft.trim() })}
        />
        <ModelSuggestions id={list} task={task} />
      </label>
      <label>
        Device
        <select
          value={source.device}
          data-testid={`${testid}-device`}
          // Short choices fit the narrow side panels; the full meaning is the tooltip.
          title="auto: WebGPU where a real GPU is found, else WASM"
          onChange={(e) => onChange({ device: e.target.value as ModelSource['device'] })}
        >
          <option value="auto" title="WebGPU where a real GPU is found, else WASM">
            auto (GPU, else WASM)
          </option>
          <option value="wasm">WASM</option>
          <option value="webgpu">WebGPU</option>
        </select>
      </label>
      <label>
        Precision
        <select
          value={source.dtype ?? ''}
          title={source.dtype ? undefined : `auto: ${autoDtype}`}
          onChange={(e) => onChange({ dtype: (e.target.value || undefined) as ModelSource['dtype'] })}
        >
          <option value="" title={autoDtype}>
            auto
          </option>
          {DTYPES[task].map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={source.offline}
          data-testid={`${testid}-offline`}
          onChange={(e) => onChange({ offline: e.target.checked })}
        />{' '}
        offline: only /models/, never the hub
      </label>
    </>
  );
}
