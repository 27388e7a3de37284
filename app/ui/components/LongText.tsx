import { useState } from 'react';

const LIMIT = 4000;

/**
 * Untrusted model or document text, rendered as a text node only. Long strings (logs can hold
 * 1 MB lines) are cut until the user asks for all of it, so the page stays responsive.
 */
export function LongText({
  text,
  limit = LIMIT,
  className,
}: {
  text: string;
  limit?: number;
  className?: string;
}) {
  const [all, setAll] = useState(false);
  const cut = !all && text.length > limit;
  return (
    <div className={`longtext ${className ?? ''}`}>
      {cut ? text.slice(0, limit) : text}
      {cut && (
        <button type="button" className="link more" onClick={() => setAll(true)}>
          … show all ({formatSize(text.length)})
        </button>
      )}
    </div>
  );
}

export function formatSize(chars: number): string {
  if (chars < 1000) return `${chars} chars`;
  if (chars < 1e6) return `${(chars / 1000).toFixed(1)}k chars`;
  return `${(chars / 1e6).toFixed(1)}M chars`;
}
