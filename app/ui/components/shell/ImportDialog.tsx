import { isAbort } from '../../../core/abort';
import { plural } from '../../../core/plural';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FORMATS } from '../../../core/importers/registry';
import type { ImportRecord } from '../../../db/db';
import { downloadText } from '../../data/export/download';
import {
  cancelImport,
  ImportCancelledError,
  importTrajectoryFile,
  reportedErrors,
  reportedIssues,
} from '../../../services/trajectory-import';
import { useImports } from '../../data/queries';
import { importIfLabelFile, labelFileSummary } from '../../../services/labels/label-file-import';
import { useUi } from '../../state/ui-store';
import { importDialogPick } from '../../state/ui-picks';
import { useShallow } from 'zustand/react/shallow';
import { isParquetName, openedIndexSummary, openParquetFiles } from '../../../services/parquet-import';
import { importActionName, newImportCollection } from '../../../core/collections/collection';
import { useCollectionList } from '../../data/collections';

interface Job {
  id: string;
  name: string;
  size: number;
  chars: number;
  records: number;
  errors: number;
  /** Issues that cost no record (known once the import is done). */
  warnings?: number;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  message?: string;
  /** Records stored before a cancel (its stored report's count). */
  stored?: number;
  report?: ImportRecord;
  /** What a label file (rather than a log) imported, in one line. */
  labels?: string;
  /** What Parquet indexes picked together opened, a line each. */
  indexes?: string[];
}

function reportText(r: ImportRecord): string {
  return JSON.stringify(r, null, 2);
}

/** How a stored import ended; 'running' with no job of this page behind it means interrupted. */
function endState(r: ImportRecord, runningFiles: ReadonlySet<string>): string {
  if (r.status === 'running')
    return runningFiles.has(r.file) ? 'importing…' : 'interrupted; what was stored is kept';
  if (r.status === 'cancelled' || r.status === 'failed')
    return `${r.status}: ${r.message ?? 'no reason given'}`;
  return '';
}

/** Drop or pick files; each is imported in the worker with live progress and a full error report. */
export function ImportDialog() {
  const { importOpen, setImportOpen, setToast, annotator } = useUi(useShallow(importDialogPick));
  const [format, setFormat] = useState('');
  // '' : a new collection for this import, named after its file or folder; else an existing one.
  const [into, setInto] = useState('');
  // Names only (no counts, which read every row), and only while open: the dialog is always
  // mounted, and an import refreshes these each second.
  const collections = useCollectionList(importOpen).data;
  const [jobs, setJobs] = useState<Job[]>([]);
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  // Jobs the user cancelled: only these end as cancelled. An AbortError alone can also be a
  // write the browser aborted (the import then reports it as a failure with its cause).
  const cancelledJobs = useRef(new Set<string>());
  const history = useImports(importOpen);
  const runningFiles = new Set(jobs.filter((j) => j.state === 'running').map((j) => j.name));

  const update = useCallback((id: string, patch: Partial<Job>) => {
    setJobs((js) => js.map((j) => (j.id === id ? { ...j, ...patch } : j)));
  }, []);

  const start = useCallback(
    (picked: File[]) => {
      setImportOpen(true);
      // Parquet indexes are opened together (run.parquet with its companions), as rows.
      const parquet = picked.filter((f) => isParquetName(f.name));
      const files = picked.filter((f) => !isParquetName(f.name));
      // One import action is one collection (unless the user picked one to add to); an index
      // opened without a pick gets its own, named after its .parquet file.
      const found = collections?.find((c) => c.id === into);
      const chosen = found && { id: found.id, name: found.name, kind: found.kind };
      if (parquet.length > 0) {
        const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const size = parquet.reduce((n, f) => n + f.size, 0);
        const name = parquet.map((f) => f.name).join(', ');
        setJobs((js) => [{ id, name, size, chars: 0, records: 0, errors: 0, state: 'running' }, ...js]);
        openParquetFiles(parquet, chosen)
          .then((opened) => {
            const rows = opened.reduce((n, o) => n + o.rows, 0);
            update(id, {
              state: 'done',
              chars: size,
              records: rows,
              indexes: opened.map(openedIndexSummary),
            });
            setToast(opened.map(openedIndexSummary).join('\n'));
          })
          .catch((e: unknown) =>
            update(id, { state: 'failed', message: String((e as Error)?.message ?? e) }),
          );
      }
      const collection = chosen ?? newImportCollection(importActionName(files));
      for (const f of files) {
        const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
        setJobs((js) => [
          { id, name: f.name, size: f.size, chars: 0, records: 0, errors: 0, state: 'running' },
          ...js,
        ]);
        const importLog = () =>
          importTrajectoryFile(
            id,
            f,
            format || undefined,
            (p) => update(id, { chars: p.chars, records: p.records, errors: p.errors }),
            f.name,
            true,
            undefined,
            collection,
          )
            .then((report) => {
              update(id, {
                state: 'done',
                report,
                records: report.records,
                errors: reportedErrors(report),
                warnings: report.warnings ?? 0,
                chars: f.size,
              });
              setToast(
                `${f.name}: imported ${report.imported} of ${plural(report.records, 'record')}` +
                  (reportedIssues(report) ? `, ${reportedIssues(report)} reported` : ''),
              );
            })
            .catch((e: unknown) => {
              const cancelled = cancelledJobs.current.has(id) && isAbort(e);
              update(id, {
                state: cancelled ? 'cancelled' : 'failed',
                message: String((e as Error)?.message ?? e),
                ...(e instanceof ImportCancelledError
                  ? { stored: e.report.imported, records: e.report.records, errors: reportedErrors(e.report) }
                  : {}),
              });
            });
        // A label file (either format) is imported as labels, not refused as an unknown log.
        const labels = format ? Promise.resolve(null) : importIfLabelFile(f, annotator || 'imported');
        labels
          .then((l) => {
            if (!l) return importLog();
            const line = labelFileSummary(l, f.name);
            update(id, { state: 'done', labels: line, chars: f.size });
            setToast(line);
          })
          .catch((e: unknown) =>
            update(id, { state: 'failed', message: String((e as Error)?.message ?? e) }),
          );
      }
    },
    [annotator, collections, format, into, setImportOpen, setToast, update],
  );

  // Files dropped anywhere on the window are imported.
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!e.dataTransfer?.files.length) return;
      e.preventDefault();
      setDragging(false);
      start([...e.dataTransfer.files]);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [start]);

  useEffect(() => {
    if (!importOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setImportOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [importOpen, setImportOpen]);

  return (
    <>
      {dragging && <div className="dropveil">Drop trajectory files to import</div>}
      {importOpen && (
        <div className="overlay" onClick={() => setImportOpen(false)}>
          <div
            className="dialog import"
            role="dialog"
            aria-label="Import trajectories"
            onClick={(e) => e.stopPropagation()}
          >
            <h2>Import trajectories</h2>
            <p className="muted">
              JSONL, JSON or text logs of Search-R1, R1-Searcher, When-to-Search, QAgent, ExSearch,
              APEX-Searcher, FlashRAG or Hopscope, or a Parquet index (<code>run.parquet</code> from{' '}
              <code>npm run cli -- index</code> or the table's Parquet export; pick its <code>.searches</code>{' '}
              and <code>.labels</code> files with it). Parsing runs in a background worker; bad records are
              reported with their line and every good record is kept.
            </p>
            <div className="row">
              <label>
                Format{' '}
                <select value={format} onChange={(e) => setFormat(e.target.value)} aria-label="Format">
                  <option value="">Auto-detect</option>
                  {FORMATS.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Into{' '}
                <select value={into} onChange={(e) => setInto(e.target.value)} aria-label="Collection">
                  <option value="">A new collection, named after the file or folder</option>
                  {(collections ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="primary" onClick={() => fileRef.current?.click()}>
                Choose files…
              </button>
              <input
                ref={fileRef}
                type="file"
                multiple
                hidden
                data-testid="import-file"
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = '';
                  if (files.length) start(files);
                }}
              />
            </div>
            <div
              className="dropzone"
              onDragOver={(e) => e.preventDefault()}
              onClick={() => fileRef.current?.click()}
            >
              or drop files here
            </div>
            {jobs.map((j) => (
              <JobView
                key={j.id}
                job={j}
                onCancel={() => {
                  cancelledJobs.current.add(j.id);
                  cancelImport(j.id);
                }}
              />
            ))}
            {history.data && history.data.length > 0 && (
              <details
                className="history"
                open={history.data.some((r) => r.status !== undefined && r.status !== 'done')}
              >
                <summary>Earlier imports ({history.data.length})</summary>
                <ul data-testid="import-history">
                  {history.data.slice(0, 30).map((r) => (
                    <li key={r.id}>
                      {r.file} — {r.format ?? 'unknown format'}, {r.imported}/{r.records} imported
                      {r.annotations ? `, ${plural(r.annotations, 'annotation')} restored` : ''}
                      {endState(r, runningFiles) && (
                        <span className="muted"> ({endState(r, runningFiles)})</span>
                      )}
                      {reportedIssues(r) > 0 && (
                        <button
                          type="button"
                          className="link"
                          onClick={() =>
                            downloadText(`${r.file}.import-report.json`, reportText(r), 'application/json')
                          }
                        >
                          report ({reportedIssues(r)})
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            <div className="row end">
              <button type="button" onClick={() => setImportOpen(false)}>
                Close (Esc)
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}

function JobView({ job, onCancel }: { job: Job; onCancel: () => void }) {
  const pct =
    job.state === 'done' ? 100 : Math.min(99, Math.round((job.chars / Math.max(1, job.size)) * 100));
  const r = job.report;
  return (
    <div className={`job ${job.state}`} data-testid="import-job">
      <div className="row">
        <strong>{job.name}</strong>
        <span className="muted">
          {(job.size / 1e6).toFixed(1)} MB · {plural(job.records, 'record')} · {plural(job.errors, 'error')}
          {job.warnings ? ` · ${plural(job.warnings, 'warning')}` : ''}
        </span>
        <div className="spacer" />
        {job.state === 'running' && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <progress max={100} value={pct} aria-label={`Import progress of ${job.name}`} />
      {job.state === 'failed' && <div className="error-text">Import failed: {job.message}</div>}
      {job.state === 'cancelled' && (
        <div className="muted" data-testid="import-cancelled">
          {job.stored === undefined
            ? 'Cancelled; records stored before cancelling are kept'
            : `Cancelled: ${plural(job.stored, 'record')} stored and kept; the rest of the file was not imported`}
          . To import the rest, import the file again: records already stored are recognised, not duplicated.
          The report is under Earlier imports.
        </div>
      )}
      {job.indexes && (
        <ul className="report" data-testid="import-parquet-report">
          {job.indexes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {job.labels && (
        <div className="report" data-testid="import-labels-report">
          Imported as labels: {job.labels}. Calibrate measures them.
        </div>
      )}
      {r && (
        <div className="report" data-testid="import-report">
          <div>
            Format <b>{r.format ?? 'not recognised'}</b>: {r.imported} of {plural(r.records, 'record')}{' '}
            imported{r.annotations ? `, ${plural(r.annotations, 'annotation')} restored` : ''}.
          </div>
          {reportedIssues(r) > 0 && (
            <>
              <ul className="errors">
                {r.errors.slice(0, 50).map((e) => (
                  <li key={`${e.line}:${e.message}`}>
                    {e.severity === 'warning' ? 'warning: ' : ''}
                    {e.file}, line {e.line}
                    {e.field ? `, field ${e.field}` : ''}: {e.message}
                  </li>
                ))}
                {reportedIssues(r) > 50 && (
                  <li>
                    … and {reportedIssues(r) - Math.min(50, r.errors.length)} more
                    {r.errorsNotKept
                      ? ` (the report keeps the first ${r.errors.length}; ${r.errorsNotKept} more were counted)`
                      : ' in the report'}
                  </li>
                )}
              </ul>
              <button
                type="button"
                onClick={() =>
                  downloadText(`${r.file}.import-report.json`, reportText(r), 'application/json')
                }
              >
                Download report
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
