import { useRef, useState } from 'react';
import { exportAnnotationsText, exportOtlpText, exportTrajectoriesText } from '../../../services/export';
import { exportHtmlReport } from '../../../services/html-report';
import { importLabelFileText, labelFileSummary } from '../../../services/labels/label-file-import';
import { downloadText, stamp } from '../../data/export/download';
import { parseHash } from '../../state/router';
import { useUi } from '../../state/ui-store';
import { useMenuDismiss } from './use-menu-dismiss';
import { TableParquetItem } from './TableParquetItem';

export function ExportMenu() {
  const [open, setOpen] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useMenuDismiss(open, () => setOpen(false), rootRef, buttonRef);
  const setToast = useUi((s) => s.setToast);
  const annotator = useUi((s) => s.annotator);
  const run = async (fn: () => Promise<void>) => {
    setOpen(false);
    // The chosen item goes away with the menu: focus goes back to Export.
    buttonRef.current?.focus({ preventScroll: true });
    try {
      await fn();
    } catch (e) {
      setToast(`Failed: ${(e as Error).message}`);
    }
  };
  return (
    <div className="menu" ref={rootRef}>
      <button ref={buttonRef} type="button" onClick={() => setOpen(!open)} aria-expanded={open}>
        Export ▾
      </button>
      {open && (
        <div className="menu-items" role="menu">
          <button
            type="button"
            role="menuitem"
            onClick={() =>
              run(async () =>
                downloadText(`hopscope-annotations-${stamp()}.jsonl`, await exportAnnotationsText()),
              )
            }
          >
            Annotations (JSONL)
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() =>
              run(async () =>
                downloadText(`hopscope-trajectories-${stamp()}.jsonl`, await exportTrajectoriesText()),
              )
            }
          >
            Trajectories + annotations (JSONL)
          </button>
          <button
            type="button"
            role="menuitem"
            data-testid="export-html-report"
            title="One self-contained HTML file: the table as filtered, every trajectory, presenter mode; opens from disk, no server"
            onClick={() =>
              run(async () => {
                // The table's rows as filtered (all of them before the table was shown).
                const visible = useUi.getState().visibleIds;
                if (visible.length === 0 && parseHash(location.hash).page === 'trajectories')
                  throw new Error('the table shows no trajectories; clear the filters first');
                const r = await exportHtmlReport(visible.length > 0 ? visible : undefined);
                downloadText(`hopscope-report-${stamp()}.html`, r.html, 'text/html');
                setToast(`HTML report of ${r.count} trajectories saved`);
              })
            }
          >
            HTML report (the table as filtered)
          </button>
          <TableParquetItem run={run} />
          <button
            type="button"
            role="menuitem"
            title="One trace per trajectory with OpenInference attributes, for Phoenix and other OpenTelemetry tools"
            onClick={() =>
              run(async () =>
                downloadText(
                  `hopscope-traces-${stamp()}.otlp.json`,
                  await exportOtlpText(),
                  'application/json',
                ),
              )
            }
          >
            Traces (OTLP/JSON, OpenInference)
          </button>
          <button type="button" role="menuitem" onClick={() => fileRef.current?.click()}>
            Import annotations…
          </button>
        </div>
      )}
      <input
        ref={fileRef}
        type="file"
        accept=".jsonl,.json,.ndjson"
        hidden
        data-testid="annotation-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (!f) return;
          void run(async () => {
            // Either label format: shared-format labels are signed with the current annotator.
            const r = await importLabelFileText(await f.text(), f.name, annotator || 'imported');
            setToast(
              r
                ? labelFileSummary(r, f.name)
                : `${f.name} is not a label file (neither over/under-search labels nor exported annotations); import a log with Import.`,
            );
          });
        }}
      />
    </div>
  );
}
