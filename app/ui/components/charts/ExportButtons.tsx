import { type RefObject, useState } from 'react';
import type { CsvCell } from '../../../core/table/to-csv';
import { downloadCsv, downloadPng, downloadSvg } from '../../data/export/figure-export';

/** SVG and PNG downloads of the chart in `svgRef`. */
export function FigureExport({ svgRef, name }: { svgRef: RefObject<SVGSVGElement | null>; name: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="export-buttons">
      <button
        type="button"
        className="small"
        data-testid="export-svg"
        onClick={() => svgRef.current && downloadSvg(svgRef.current, name)}
      >
        SVG
      </button>
      <button
        type="button"
        className="small"
        data-testid="export-png"
        onClick={() => {
          setError(null);
          if (svgRef.current)
            downloadPng(svgRef.current, name).catch((e: unknown) =>
              setError(e instanceof Error ? e.message : String(e)),
            );
        }}
      >
        PNG
      </button>
      {error && <span className="error-text small">PNG failed: {error}</span>}
    </span>
  );
}

/** A CSV download of a table. */
export function CsvExport({
  name,
  table,
  label = 'CSV',
}: {
  name: string;
  table: () => { header: string[]; rows: CsvCell[][] } | Promise<{ header: string[]; rows: CsvCell[][] }>;
  label?: string;
}) {
  return (
    <button
      type="button"
      className="small"
      data-testid="export-csv"
      onClick={() => {
        void Promise.resolve(table()).then((t) => downloadCsv(name, t.header, t.rows));
      }}
    >
      {label}
    </button>
  );
}
