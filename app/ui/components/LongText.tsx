import { memo, useEffect, useRef, useState } from 'react';
import { formatSize, nextRevealSize, REVEAL_CHARS, revealPartEnd } from './long-text-parts';

const LIMIT = 4000;

/**
 * Untrusted model or document text, rendered as text nodes only. Long strings (logs can hold
 * 1 MB lines, a question 5 MB) are cut until the user asks for all of it. "Show all" then reveals
 * the rest part by part, one part a frame, each part its own block so the page lays out only
 * the new one: a 5 MB question revealed at once was one 3.9 s task. Parts shrink when a frame
 * takes long (nextRevealSize).
 */
export function LongText({
  text,
  limit = LIMIT,
  className,
  inline = false,
}: {
  text: string;
  limit?: number;
  className?: string;
  /** Inside a line (an answer, a flag's evidence): a span, not a block. */
  inline?: boolean;
}) {
  const Box = inline ? 'span' : 'div';
  // The ends of the parts revealed so far, for the text they were cut from (a new text starts cut).
  const [revealed, setRevealed] = useState<{ of: string; ends: number[] } | null>(null);
  const ends = revealed?.of === text ? revealed.ends : null;
  const last = ends?.at(-1) ?? 0;
  const revealing = ends !== null && last < text.length;
  // The part size and when the last part was asked for: the time from then to the next frame is
  // what that part cost (its render, layout and paint), and sizes the next one.
  const pace = useRef({ size: REVEAL_CHARS, at: 0 });
  useEffect(() => {
    if (!revealing) return;
    const frame = requestAnimationFrame((now) => {
      const p = pace.current;
      if (p.at > 0) p.size = nextRevealSize(p.size, now - p.at);
      p.at = now;
      setRevealed((r) =>
        r && r.of === text ? { of: text, ends: [...r.ends, revealPartEnd(text, last, p.size)] } : r,
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [revealing, text, last]);

  if (text.length <= limit) return <Box className={`longtext ${className ?? ''}`}>{text}</Box>;
  if (ends === null)
    return (
      <Box className={`longtext ${className ?? ''}`}>
        {text.slice(0, limit)}
        <button
          type="button"
          className="link more"
          data-testid="show-all"
          onClick={() => {
            pace.current = { size: REVEAL_CHARS, at: performance.now() };
            setRevealed({ of: text, ends: [revealPartEnd(text, 0)] });
          }}
        >
          … show all ({formatSize(text.length)})
        </button>
      </Box>
    );
  return (
    <Box className={`longtext revealed ${className ?? ''}`} data-complete={!revealing}>
      {ends.map((end, i) => (
        <Part key={i} text={text} start={i === 0 ? 0 : ends[i - 1]!} end={end} />
      ))}
      {revealing && (
        <span className="muted small" data-testid="longtext-progress" role="status">
          showing {formatSize(last)} of {formatSize(text.length)}…
        </span>
      )}
    </Box>
  );
}

/**
 * One revealed part; memoized on the text and its bounds, so revealing the next part does not
 * compare every earlier part's characters again (5 MB compared per frame).
 */
const Part = memo(function Part({ text, start, end }: { text: string; start: number; end: number }) {
  return <span className="longtext-part">{text.slice(start, end)}</span>;
});
