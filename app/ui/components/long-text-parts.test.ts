// LongText reveals a long text part by part: every part is bounded (one part's layout is one
// short task), parts end at line breaks where there are any, and the parts put together are
// exactly the text.
import { describe, expect, it } from 'vitest';
import {
  clip,
  MIN_REVEAL_CHARS,
  nextRevealSize,
  REVEAL_CHARS,
  REVEAL_FRAME_MS,
  revealPartEnd,
} from './long-text-parts';

function parts(text: string, size?: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    const end = revealPartEnd(text, at, size);
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

describe('revealPartEnd', () => {
  it('cuts 5 MB of short lines into bounded parts that end at line breaks and rejoin exactly', () => {
    const words = 'river Veloria founder city island botanical institute'.split(' ');
    let q = '';
    for (let i = 0; q.length < 5_000_000; i++) q += words[i % words.length] + (i % 12 === 11 ? '\n' : ' ');
    const p = parts(q);
    expect(p.join('')).toBe(q);
    expect(Math.max(...p.map((x) => x.length))).toBeLessThanOrEqual(REVEAL_CHARS);
    expect(p.length).toBeLessThan((2 * q.length) / REVEAL_CHARS + 1);
    expect(p.slice(0, -1).every((x) => x.endsWith('\n'))).toBe(true);
  });

  it('falls back to a space, then to a hard cut that never splits a surrogate pair', () => {
    expect(parts('aaaa bbbb cccc', 8)).toEqual(['aaaa ', 'bbbb ', 'cccc']);
    const emoji = '😀'.repeat(10); // 20 UTF-16 units, no spaces
    const p = parts(emoji, 7);
    expect(p.join('')).toBe(emoji);
    expect(p.every((x) => !/[\uD800-\uDBFF]$/.test(x))).toBe(true);
    expect(Math.max(...p.map((x) => x.length))).toBeLessThanOrEqual(7);
  });
});

describe('clip', () => {
  it('keeps short text and cuts long text to the bound with an ellipsis', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('x'.repeat(5_000_000))).toHaveLength(1000);
    expect(clip('abcdef', 4)).toBe('abc…');
  });
});

describe('nextRevealSize', () => {
  it('shrinks the part after a slow frame so the next one costs about the frame budget', () => {
    // A 20,000-character part in a 200 ms frame: 4,000 characters next (~40 ms at that rate).
    expect(nextRevealSize(REVEAL_CHARS, 200)).toBe(Math.round((REVEAL_CHARS * REVEAL_FRAME_MS) / 200));
    expect(nextRevealSize(REVEAL_CHARS, 10_000)).toBe(MIN_REVEAL_CHARS);
  });

  it('grows at most twofold after fast frames, never past REVEAL_CHARS', () => {
    expect(nextRevealSize(4_000, 16)).toBe(8_000);
    expect(nextRevealSize(16_000, 5)).toBe(REVEAL_CHARS);
  });

  it('keeps the size when the frame time is unknown', () => {
    for (const ms of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(nextRevealSize(6_000, ms)).toBe(6_000);
  });
});
