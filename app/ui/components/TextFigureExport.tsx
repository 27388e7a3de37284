import { useState } from 'react';
import { downloadSvgText, downloadSvgTextAsPng } from '../data/export/figure-export';
import type { SvgFigure } from '../figures/trajectory-figures';

/** SVG and PNG downloads of a figure built as SVG text (plan tree, hop timeline). */
export function TextFigureExport({
  figure,
  name,
  label,
}: {
  figure: () => SvgFigure;
  name: string;
  label: string;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="export-buttons">
      <button
        type="button"
        className="small"
        data-testid={`${name}-svg`}
        title={`Download the ${label} as SVG`}
        onClick={() => downloadSvgText(figure().svg, name)}
      >
        SVG
      </button>
      <button
        type="button"
        className="small"
        data-testid={`${name}-png`}
        title={`Download the ${label} as PNG`}
        onClick={() => {
          setError(null);
          const f = figure();
          downloadSvgTextAsPng(f.svg, f.width, f.height, name).catch((e: unknown) =>
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
