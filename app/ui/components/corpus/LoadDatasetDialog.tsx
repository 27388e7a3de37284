import { isAbort } from '../../../core/abort';
import { useRef, useState } from 'react';
import { previewTable, type TablePreview } from '../../../core/corpus/preview';
import { DATASET_LOADERS, DETECT_SAMPLE_CHARS, detectDataset } from '../../../core/corpus/registry';
import type { ColumnMapping, DatasetFormatId } from '../../../core/corpus/types';
import {
  cancelDatasetLoad,
  type DatasetImportReport,
  loadDatasetFile,
  type LoadOptions,
} from '../../../services/corpus/dataset-load';
import { useDemoWorld } from '../../data/corpus/corpora';
import { downloadText } from '../../data/export/download';
import { useUi } from '../../state/ui-store';
import { closesAfterLoad, linkByDefault, loadSummary } from './load-summary';

const PLAIN = new Set<DatasetFormatId>(['jsonl', 'csv', 'tsv']);
const FIELDS: Array<{ key: keyof ColumnMapping; label: string; hint: string }> = [
  { key: 'id', label: 'id', hint: 'passage or question id (optional)' },
  { key: 'title', label: 'title', hint: 'passage title (optional)' },
  { key: 'text', label: 'text', hint: 'passage text: makes each row a passage' },
  { key: 'question', label: 'question', hint: 'makes each row a question' },
  { key: 'answers', label: 'answers', hint: 'JSON list or answers separated by |' },
];

interface Picked {
  file: File;
  detected: DatasetFormatId | null;
  preview: TablePreview | null;
}

type Phase =
  | { kind: 'pick' }
  | { kind: 'loading'; chars: number; jobId: string }
  | { kind: 'done'; report: DatasetImportReport }
  | { kind: 'failed'; message: string };

/**
 * Load a corpus or question set: detection with override, a column mapping for plain
 * JSONL/CSV/TSV, progress with cancel, and a report of every record that could not be read.
 */
export function LoadDatasetDialog({
  attachTo,
  attachName,
  onClose,
  onLoaded,
}: {
  attachTo: string | null;
  attachName?: string;
  onClose: () => void;
  onLoaded: (corpusId: string | null) => void;
}) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [format, setFormat] = useState<DatasetFormatId | ''>('');
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const demoWorld = useDemoWorld();
  const setToast = useUi((s) => s.setToast);
  // null until the user ticks or unticks it: then their choice holds.
  const [attachChoice, setAttach] = useState<boolean | null>(null);
  const attach = attachChoice ?? linkByDefault(attachTo, demoWorld.data);
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const effective: DatasetFormatId | null = format || picked?.detected || null;
  const plain = effective !== null && PLAIN.has(effective);

  const pick = async (file: File) => {
    const sample = await file.slice(0, DETECT_SAMPLE_CHARS).text();
    const detected = detectDataset(sample, file.name)?.format ?? null;
    let preview: TablePreview | null;
    try {
      preview = previewTable(sample, file.name);
    } catch {
      preview = null; // not a table: no mapping to offer
    }
    setPicked({ file, detected, preview });
    setFormat('');
    setMapping(preview?.suggested ?? {});
    setPhase({ kind: 'pick' });
  };

  const load = async () => {
    if (!picked) return;
    const jobId = `load-${Date.now()}`;
    setPhase({ kind: 'loading', chars: 0, jobId });
    const options: LoadOptions = {};
    if (format) options.format = format;
    if (plain) {
      options.mapping = mapping;
      if (!format && picked.detected) options.format = picked.detected;
    }
    if (attach && attachTo) options.attachTo = attachTo;
    try {
      const report = await loadDatasetFile(jobId, picked.file, options, (chars) =>
        setPhase({ kind: 'loading', chars, jobId }),
      );
      setPhase({ kind: 'done', report });
      // Nothing to read in the report: say what came in and get out of the way.
      if (closesAfterLoad(report)) {
        setToast(`Loaded ${loadSummary(report, attachName)}`);
        onLoaded(report.corpusId ?? report.linkedCorpusId ?? null);
      }
    } catch (e) {
      const message = isAbort(e) ? 'Cancelled; nothing was stored.' : String((e as Error)?.message ?? e);
      setPhase({ kind: 'failed', message });
    }
  };

  const report = phase.kind === 'done' ? phase.report : null;

  return (
    <div
      className="overlay"
      onMouseDown={(e) => e.target === e.currentTarget && phase.kind !== 'loading' && onClose()}
    >
      <div
        className={`dialog load-dataset ${dragging ? 'dragging' : ''}`}
        role="dialog"
        aria-label="Load a corpus or question set"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const f = e.dataTransfer.files[0];
          if (f) void pick(f);
        }}
      >
        <h2>Load a corpus or question set</h2>
        <p className="muted small">
          HotpotQA (distractor), 2WikiMultiHopQA, MuSiQue, Bamboogle, FlashRAG corpus or question JSONL, or
          any JSONL / CSV / TSV with a column mapping. Files stay in this browser.
        </p>
        <div className="row">
          <button type="button" onClick={() => fileRef.current?.click()} disabled={phase.kind === 'loading'}>
            Choose file…
          </button>
          <input
            ref={fileRef}
            type="file"
            hidden
            data-testid="dataset-file"
            accept=".json,.jsonl,.ndjson,.csv,.tsv,.tab,.txt"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void pick(f);
              e.target.value = '';
            }}
          />
          <span className="muted">
            {picked
              ? `${picked.file.name} · ${(picked.file.size / 1e6).toFixed(2)} MB`
              : 'or drop a file here'}
          </span>
        </div>

        {picked && phase.kind === 'pick' && (
          <>
            <div className="row">
              <label>
                Format{' '}
                <select
                  value={format}
                  onChange={(e) => setFormat(e.target.value as DatasetFormatId | '')}
                  data-testid="dataset-format"
                >
                  <option value="">
                    {picked.detected
                      ? `auto: ${DATASET_LOADERS.find((l) => l.id === picked.detected)?.label}`
                      : 'auto: not recognised'}
                  </option>
                  {DATASET_LOADERS.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.label}
                    </option>
                  ))}
                </select>
              </label>
              {attachTo && (
                <label
                  className="check"
                  title="Questions whose supporting-passage ids are all in this corpus are linked to it"
                >
                  <input type="checkbox" checked={attach} onChange={(e) => setAttach(e.target.checked)} />{' '}
                  link questions to {attachName ?? 'the current corpus'}
                </label>
              )}
            </div>
            {plain && picked.preview && (
              <div className="mapping" data-testid="column-mapping">
                <h3>Columns</h3>
                <div className="mapping-fields">
                  {FIELDS.map((f) => (
                    <label key={f.key} title={f.hint}>
                      <span>{f.label}</span>
                      <select
                        value={mapping[f.key] ?? ''}
                        aria-label={`column for ${f.label}`}
                        onChange={(e) => {
                          const next = { ...mapping };
                          if (e.target.value) next[f.key] = e.target.value;
                          else delete next[f.key];
                          setMapping(next);
                        }}
                      >
                        <option value="">—</option>
                        {picked.preview!.columns.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                    </label>
                  ))}
                </div>
                {!mapping.text && !mapping.question && (
                  <p className="error-text small">
                    Map a text column (passages) or a question column (questions).
                  </p>
                )}
                <div className="preview-table">
                  <table>
                    <thead>
                      <tr>
                        {picked.preview.columns.map((c) => (
                          <th key={c}>{c}</th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {picked.preview.rows.map((r, i) => (
                        <tr key={i}>
                          {r.map((v, j) => (
                            <td key={j}>{v.length > 80 ? `${v.slice(0, 80)}…` : v}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </>
        )}

        {phase.kind === 'loading' && picked && (
          <div className="job">
            <progress max={picked.file.size || 1} value={Math.min(phase.chars, picked.file.size)} />
            <span className="small">
              {Math.round((100 * Math.min(phase.chars, picked.file.size)) / Math.max(1, picked.file.size))}%
              read
            </span>
            <button type="button" onClick={() => void cancelDatasetLoad(phase.jobId)}>
              Cancel
            </button>
          </div>
        )}

        {phase.kind === 'failed' && <p className="error-text">{phase.message}</p>}

        {report && (
          <div className="report" data-testid="dataset-report">
            <p>{loadSummary(report, attachName)}</p>
            {(report.errors.length > 0 || report.warnings.length > 0) && (
              <>
                <ul className="errors">
                  {[...report.errors, ...report.warnings].slice(0, 50).map((e, i) => (
                    <li key={i}>
                      {e.file}
                      {e.line !== undefined && `:${e.line}`}
                      {e.field && ` · ${e.field}`} — {e.message}
                      {e.severity === 'warning' && ' (warning)'}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={() =>
                    downloadText(`${report.file}.load-report.json`, JSON.stringify(report, null, 2))
                  }
                >
                  Download report
                </button>
              </>
            )}
          </div>
        )}

        <div className="row end">
          {phase.kind === 'done' ? (
            <button
              type="button"
              className="primary"
              onClick={() => onLoaded(report?.corpusId ?? report?.linkedCorpusId ?? null)}
            >
              Done
            </button>
          ) : (
            <>
              <button type="button" onClick={onClose} disabled={phase.kind === 'loading'}>
                Close
              </button>
              <button
                type="button"
                className="primary"
                disabled={
                  !picked ||
                  phase.kind === 'loading' ||
                  (plain && !mapping.text && !mapping.question) ||
                  !effective
                }
                onClick={() => void load()}
              >
                Load
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
