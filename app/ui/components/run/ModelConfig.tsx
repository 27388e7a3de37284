import { UrlCredentialWarning } from '../model/UrlCredentialWarning';
import { useState } from 'react';
import type { ModelSource } from '../../../runtime/model-source';
import {
  DEFAULT_LLM,
  listServerModels,
  llmHostState,
  loadLlm,
  useLlmHostVersion,
} from '../../data/model-hosts';
import { useBatchRun } from '../../state/batch-run';
import { DEFAULT_BROWSER_LLM, useRunConfig } from '../../state/run-config';
import { ModelSourceFields } from '../model/ModelSourceFields';
import { TestModelWarning } from '../model/TestModelWarning';

const fmtBytes = (b: number) => (b < 1e6 ? `${(b / 1e3).toFixed(0)} kB` : `${(b / 1e6).toFixed(1)} MB`);

/** The generator: transformers.js in a worker (WebGPU or WASM), or an OpenAI-compatible server. */
export function ModelConfig() {
  const llm = useRunConfig((s) => s.llm);
  const byKind = useRunConfig((s) => s.llmByKind);
  const setLlm = useRunConfig((s) => s.setLlm);
  useLlmHostVersion();
  return (
    <div className="model-config">
      <div className="seg" role="group" aria-label="Model backend">
        <button
          type="button"
          className={llm.kind === 'browser' ? 'on' : ''}
          onClick={() => setLlm(byKind.browser ?? DEFAULT_BROWSER_LLM)}
        >
          In the browser
        </button>
        <button
          type="button"
          className={llm.kind === 'http' ? 'on' : ''}
          data-testid="backend-http"
          onClick={() =>
            setLlm(
              byKind.http ?? {
                kind: 'http',
                baseUrl: 'http://127.0.0.1:8000/v1',
                model: '',
                endpoint: 'chat',
              },
            )
          }
        >
          OpenAI-compatible server
        </button>
      </div>
      {llm.kind === 'browser' ? (
        <BrowserModel source={llm.source} onChange={(source) => setLlm({ kind: 'browser', source })} />
      ) : (
        <HttpModel />
      )}
    </div>
  );
}

function BrowserModel({ source, onChange }: { source: ModelSource; onChange: (s: ModelSource) => void }) {
  const [draft, setDraft] = useState(source.modelId);
  const llmHost = llmHostState();
  const files = llmHost.progress;
  const loaded = files.reduce((s, p) => s + p.loaded, 0);
  const total = files.reduce((s, p) => s + p.total, 0);
  const info = llmHost.info;
  const batchBusy = useBatchRun((s) => s.status !== 'idle');
  return (
    <div className="form-grid">
      <ModelSourceFields
        source={source}
        draft={draft}
        onDraft={setDraft}
        onChange={(patch) => onChange({ ...source, ...patch })}
        task="text-generation"
        testid="llm"
        autoDtype="q4f16 on WebGPU, q8 on WASM"
      />
      <div className="row">
        <button
          type="button"
          disabled={llmHost.busy || batchBusy}
          title={batchBusy ? 'A batch is running on the loaded model' : undefined}
          data-testid="load-llm"
          onClick={() =>
            void loadLlm({ ...source, modelId: draft.trim() || DEFAULT_LLM }).catch(() => undefined)
          }
        >
          {info && info.modelId === source.modelId ? 'Loaded' : 'Load model'}
        </button>
        {llmHost.busy && (
          <span className="small muted">
            {total ? `${fmtBytes(loaded)} of ${fmtBytes(total)}` : 'loading…'}
          </span>
        )}
      </div>
      {llmHost.busy && total > 0 && <progress max={total} value={loaded} />}
      {info && (
        <p className="small" data-testid="llm-info">
          {info.modelId}: {info.dtype} on{' '}
          {info.device === 'webgpu' ? 'WebGPU' : `WASM (${info.threads} threads)`} · loaded in{' '}
          {(info.loadMs / 1000).toFixed(1)} s
          <br />
          <span className="muted">Device: {info.reason}.</span>
        </p>
      )}
      <TestModelWarning modelId={info?.modelId} />
      {llmHost.error && (
        <p className="error-text small load-error" data-testid="llm-error">
          {llmHost.error}
        </p>
      )}
    </div>
  );
}

function HttpModel() {
  const llm = useRunConfig((s) => s.llm);
  const setLlm = useRunConfig((s) => s.setLlm);
  const apiKey = useRunConfig((s) => s.apiKey);
  const remember = useRunConfig((s) => s.rememberKey);
  const setApiKey = useRunConfig((s) => s.setApiKey);
  const [test, setTest] = useState<string | null>(null);
  if (llm.kind !== 'http') return null;
  return (
    <div className="form-grid">
      <label>
        Base URL
        <input
          value={llm.baseUrl}
          spellCheck={false}
          data-testid="http-url"
          onChange={(e) => setLlm({ ...llm, baseUrl: e.target.value })}
        />
        <UrlCredentialWarning url={llm.baseUrl} />
      </label>
      <label>
        Model
        <input
          value={llm.model}
          spellCheck={false}
          data-testid="http-model"
          placeholder="as the server names it"
          onChange={(e) => setLlm({ ...llm, model: e.target.value })}
        />
      </label>
      <label>
        Endpoint
        <select
          value={llm.endpoint}
          onChange={(e) => setLlm({ ...llm, endpoint: e.target.value as 'chat' | 'completions' })}
        >
          <option value="chat">/chat/completions</option>
          <option value="completions">/completions (raw prompts)</option>
        </select>
      </label>
      {llm.endpoint === 'completions' && (
        <label title="The server applies no chat template on /completions: the page renders the prompts in this one">
          Template
          <select
            value={llm.chatTemplate ?? 'chatml'}
            onChange={(e) =>
              setLlm({ ...llm, chatTemplate: e.target.value as 'chatml' | 'llama3' | 'plain' })
            }
          >
            <option value="chatml">ChatML (Qwen, SmolLM)</option>
            <option value="llama3">Llama 3</option>
            <option value="plain">plain “role: text”</option>
          </select>
        </label>
      )}
      <label title="Largest answer Hopscope reads in one turn; past it the turn fails and says so (16 MB by default, far above any real agent's turn)">
        Response cap (MB)
        <input
          type="number"
          min={1}
          value={llm.maxResponseMB ?? 16}
          data-testid="http-cap"
          onChange={(e) => setLlm({ ...llm, maxResponseMB: Math.max(1, Number(e.target.value) || 16) })}
        />
      </label>
      <label>
        API key
        <input
          type="password"
          value={apiKey}
          autoComplete="off"
          placeholder="optional"
          onChange={(e) => setApiKey(e.target.value, remember)}
        />
      </label>
      <label
        className="check"
        title="Kept in this tab's sessionStorage; never in localStorage, exports or logs"
      >
        <input type="checkbox" checked={remember} onChange={(e) => setApiKey(apiKey, e.target.checked)} />{' '}
        remember the key in this tab only
      </label>
      <div className="row">
        <button
          type="button"
          onClick={async () => {
            setTest('…');
            try {
              const models = await listServerModels(llm, apiKey || undefined);
              setTest(`reachable · ${models.length} model(s): ${models.slice(0, 5).join(', ')}`);
            } catch (e) {
              setTest(`✗ ${e instanceof Error ? e.message : String(e)}`);
            }
          }}
        >
          Test connection
        </button>
      </div>
      {test && <p className={`small ${test.startsWith('✗') ? 'error-text' : 'muted'}`}>{test}</p>}
    </div>
  );
}
