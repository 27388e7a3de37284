import { UrlCredentialWarning } from '../model/UrlCredentialWarning';
import { useEffect, useState } from 'react';
import { plural } from '../../../core/plural';
import type { ModelSource } from '../../../runtime/model-source';
import { type DenseJob, type Phase, useIndexJobs } from '../../state/index-jobs';
import { DEFAULT_EMBED_MODEL, useCorpusUi } from '../../state/corpus-ui';
import { ModelSourceFields } from '../model/ModelSourceFields';
import { PrecomputedVectors } from './PrecomputedVectors';
import { TestModelWarning } from '../model/TestModelWarning';

const fmtS = (s: number) =>
  s < 1 ? `${Math.round(s * 1000)} ms` : s < 90 ? `${s.toFixed(1)} s` : `${Math.round(s / 60)} min`;
const fmtBytes = (b: number) =>
  b < 1e3 ? `${b} B` : b < 1e6 ? `${(b / 1e3).toFixed(1)} kB` : `${(b / 1e6).toFixed(1)} MB`;

function Dot({ phase }: { phase: Phase }) {
  return <span className={`dot dot-${phase}`} aria-hidden="true" />;
}

/** BM25 index: restored from cache or built on opening the corpus; progress, cancel, stats. */
export function Bm25Card({ corpusId }: { corpusId: string }) {
  const job = useIndexJobs((s) => s.bm25[corpusId]);
  const run = useIndexJobs((s) => s.runBm25);
  const cancel = useIndexJobs((s) => s.cancelBm25);
  useEffect(() => {
    if (!job) void run(corpusId);
  }, [corpusId, job, run]);
  const phase = job?.phase ?? 'idle';
  const info = job?.info;
  return (
    <section className="card" data-testid="bm25-card" data-phase={phase}>
      <h3>
        <Dot phase={phase} /> BM25
      </h3>
      {phase === 'working' && (
        <div className="job">
          <progress max={job?.progress?.total ?? 1} value={job?.progress?.done ?? 0} />
          <span className="small">
            {job?.progress
              ? `${job.progress.done.toLocaleString()} / ${job.progress.total.toLocaleString()} · ${Math.round(job.progress.rate).toLocaleString()} passages/s · ETA ${fmtS(job.progress.etaS)}`
              : 'reading the cache…'}
          </span>
          <button type="button" onClick={() => cancel(corpusId)}>
            Cancel
          </button>
        </div>
      )}
      {phase === 'ready' && info && (
        <p className="small" data-testid="bm25-status">
          {info.source === 'cache' ? 'Restored from cache' : 'Built'} in {fmtS(info.ms / 1000)} ·{' '}
          {info.passages.toLocaleString()} passages · {info.vocabulary.toLocaleString()} terms ·{' '}
          {info.avgLength.toFixed(1)} terms/passage · {fmtBytes(info.bytes)} stored
          {info.rebuilt && <span className="warn-text"> · rebuilt: {info.rebuilt}</span>}
        </p>
      )}
      {phase === 'error' && <p className="error-text small">{job?.error}</p>}
      {phase === 'cancelled' && <p className="small muted">Cancelled.</p>}
      {(phase === 'cancelled' || phase === 'error') && (
        <button type="button" onClick={() => void run(corpusId)}>
          Build BM25 index
        </button>
      )}
      <p className="muted tiny">
        Okapi BM25 (k1 1.2, b 0.75) over title + text; Unicode folding, NLTK stopwords, plural stemming.
      </p>
    </section>
  );
}

function loadBytes(job: DenseJob | undefined): { loaded: number; total: number; files: number } {
  const files = Object.values(job?.load ?? {});
  return {
    loaded: files.reduce((s, f) => s + f.loaded, 0),
    total: files.reduce((s, f) => s + f.total, 0),
    files: files.length,
  };
}

/** A dense build that was paused, interrupted by a reload, or failed: its vectors so far are stored. */
export interface PartialDense {
  modelId: string;
  settings: string;
  done: number;
  total: number;
}

/**
 * Dense index: model settings, load progress in bytes, embedding progress with rate and ETA,
 * pause and resume (embedded chunks are stored as they finish, so a reload loses nothing),
 * device and why.
 */
export function DenseCard({
  corpusId,
  cachedModels,
  partials = [],
}: {
  corpusId: string;
  cachedModels: string[];
  partials?: PartialDense[];
}) {
  const embed = useCorpusUi((s) => s.embed);
  const setEmbed = useCorpusUi((s) => s.setEmbed);
  const job = useIndexJobs((s) => s.dense[corpusId]);
  const run = useIndexJobs((s) => s.runDense);
  const cancel = useIndexJobs((s) => s.cancelDense);
  const discard = useIndexJobs((s) => s.discardDense);
  const [draft, setDraft] = useState(embed.modelId);
  useEffect(() => setDraft(embed.modelId), [embed.modelId]);
  const phase = job?.phase ?? 'idle';
  const result = job?.result;
  const info = result?.info;
  // Vectors cached for the chosen model: load the model and restore them (never re-embeds).
  const hasCache = cachedModels.includes(embed.modelId);
  const partial = partials.find((p) => p.modelId === embed.modelId);
  useEffect(() => {
    if (!job && hasCache) void run(corpusId, embed, 'restore');
  }, [corpusId, job, hasCache, embed, run]);
  const bytes = loadBytes(job);
  // The index shown is for the settings in the form: nothing to build or load.
  const current =
    phase === 'ready' &&
    job?.source?.modelId === embed.modelId &&
    job.source.device === embed.device &&
    job.source.dtype === embed.dtype &&
    job.source.offline === embed.offline;
  const src = (): ModelSource => ({ ...embed, modelId: draft.trim() || DEFAULT_EMBED_MODEL });

  return (
    <section className="card" data-testid="dense-card" data-phase={phase}>
      <h3>
        <Dot phase={phase} /> Dense
      </h3>
      <div className="form-grid">
        <ModelSourceFields
          source={embed}
          draft={draft}
          onDraft={setDraft}
          onChange={setEmbed}
          task="feature-extraction"
          testid="embed"
          autoDtype="q8 on WASM, fp32 on WebGPU"
        />
      </div>
      <div className="row">
        {!current && (
          <button
            type="button"
            className="primary"
            disabled={phase === 'working'}
            data-testid="build-dense"
            onClick={() => {
              const s = src();
              setEmbed({ modelId: s.modelId });
              void run(corpusId, s, 'build');
            }}
          >
            {hasCache
              ? 'Load dense index'
              : partial
                ? `Resume dense index (${partial.done.toLocaleString()} of ${partial.total.toLocaleString()})`
                : 'Build dense index'}
          </button>
        )}
        {phase === 'ready' && (
          <button
            type="button"
            title="Embed every passage again with the settings above, replacing the cached vectors"
            data-testid="rebuild-dense"
            onClick={() => {
              const s = src();
              setEmbed({ modelId: s.modelId });
              void run(corpusId, s, 'rebuild');
            }}
          >
            Rebuild
          </button>
        )}
        {phase === 'working' && (
          <button
            type="button"
            title="Stop embedding. What is embedded stays stored: Resume continues from there, also after a reload."
            data-testid="pause-dense"
            onClick={() => cancel(corpusId)}
          >
            Pause
          </button>
        )}
      </div>
      {phase === 'working' && job?.step === 'model' && (
        <div className="job">
          <progress max={bytes.total || 1} value={bytes.loaded} />
          <span className="small">
            Loading model
            {bytes.files
              ? ` · ${fmtBytes(bytes.loaded)} of ${fmtBytes(bytes.total)} in ${plural(bytes.files, 'file')}`
              : '…'}
          </span>
        </div>
      )}
      {phase === 'working' && job?.step === 'vectors' && (
        <p className="small" data-testid="vectors-progress">
          Reading vectors…
        </p>
      )}
      {phase === 'working' && job?.step === 'embedding' && job.progress && (
        <div className="job" data-testid="dense-progress">
          <progress max={job.progress.total} value={job.progress.done} />
          <span className="small">
            {job.progress.done.toLocaleString()} / {job.progress.total.toLocaleString()} passages ·{' '}
            {job.progress.rate > 0
              ? `${job.progress.rate.toFixed(1)} passages/s · ETA ${fmtS(job.progress.etaS)}`
              : 'measuring speed…'}
            {job.progress.resumedFrom ? ` · resumed at ${job.progress.resumedFrom.toLocaleString()}` : ''}
          </span>
        </div>
      )}
      {phase === 'ready' && result && info && (
        <p className="small" data-testid="dense-status">
          {result.source === 'cache'
            ? 'Restored from cache'
            : result.source === 'precomputed'
              ? `Precomputed vectors (${String(result.status.status === 'hit' ? (result.status.info?.file ?? 'file') : 'file')}), made by ${result.settings.modelId}`
              : `Embedded in ${fmtS(result.ms / 1000)}`}{' '}
          · {result.status.count.toLocaleString()} × {info.dims} vectors · {info.dtype} on{' '}
          {info.device === 'webgpu'
            ? 'WebGPU'
            : `WASM (${info.threads} thread${info.threads === 1 ? '' : 's'})`}
          <br />
          <span className="muted">Device: {info.reason}.</span>
          {result.why && <span className="warn-text"> Rebuilt: {result.why}.</span>}
        </p>
      )}
      {phase === 'idle' && result?.source === 'none' && (
        <p className="small muted">No cached vectors for this model and precision: build them.</p>
      )}
      {phase === 'ready' && <TestModelWarning modelId={info?.modelId} />}
      {phase === 'error' && (
        <p className="error-text small load-error" data-testid="dense-error">
          {job?.error}
        </p>
      )}
      {phase !== 'working' && partial && !hasCache && (
        <p className="small" data-testid="dense-paused">
          Paused: {partial.done.toLocaleString()} of {partial.total.toLocaleString()} passages embedded with{' '}
          {partial.modelId} and stored; Resume continues from there (also after a reload).{' '}
          <button
            type="button"
            className="link"
            data-testid="discard-dense"
            onClick={() => void discard(corpusId, partial.settings)}
          >
            Discard
          </button>
        </p>
      )}
      <PrecomputedVectors corpusId={corpusId} embedder={src} disabled={phase === 'working'} />
      <p className="muted tiny">
        Mean pooling, L2-normalized; exact top-k (float32, or int8 with the toggle below).
      </p>
    </section>
  );
}

/** A Search-R1 or QAgent retrieval server instead of (or beside) the in-browser index. */
export function RemoteCard() {
  const remote = useCorpusUi((s) => s.remote);
  const setRemote = useCorpusUi((s) => s.setRemote);
  return (
    <section className="card" data-testid="remote-card">
      <h3>
        <Dot phase={remote.enabled ? 'ready' : 'idle'} /> Remote retriever
      </h3>
      <div className="form-grid">
        <label>
          URL
          <input
            value={remote.url}
            onChange={(e) => setRemote({ url: e.target.value })}
            spellCheck={false}
            data-testid="remote-url"
          />
          <UrlCredentialWarning url={remote.url} />
        </label>
        <label>
          API
          <select
            value={remote.api}
            onChange={(e) => setRemote({ api: e.target.value as 'search-r1' | 'qagent' })}
            title={remote.api === 'qagent' ? 'POST query, topk' : 'POST queries[], topk'}
          >
            <option value="search-r1" title="POST queries[], topk">
              Search-R1
            </option>
            <option value="qagent" title="POST query, topk">
              QAgent
            </option>
          </select>
        </label>
        <label title="Largest answer Hopscope reads; past it the search fails and says so">
          Response cap (MB)
          <input
            type="number"
            min={1}
            value={remote.maxResponseMB}
            data-testid="remote-cap"
            onChange={(e) => setRemote({ maxResponseMB: Math.max(1, Number(e.target.value) || 16) })}
          />
        </label>
        <label>
          Timeout (ms)
          <input
            type="number"
            min={500}
            step={500}
            value={remote.timeoutMs}
            onChange={(e) => setRemote({ timeoutMs: Math.max(500, Number(e.target.value) || 15_000) })}
          />
        </label>
        <label>
          Retries
          <input
            type="number"
            min={0}
            max={5}
            value={remote.retries}
            onChange={(e) => setRemote({ retries: Math.max(0, Math.min(5, Number(e.target.value) || 0)) })}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={remote.enabled}
            onChange={(e) => setRemote({ enabled: e.target.checked })}
            data-testid="remote-enabled"
          />{' '}
          search it too
        </label>
      </div>
      <p className="muted tiny">The server must allow cross-origin requests (CORS) from this page.</p>
    </section>
  );
}
