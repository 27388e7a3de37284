import { describe, expect, it } from 'vitest';
import type { RawPairResult } from './agent-raw-pair';
import { floorFailure, pairRatio, rawFloor } from './raw-floor';

const pair = (over: Partial<RawPairResult> = {}): RawPairResult => ({
  load_s: 1,
  hopscope_tok_s: [9, 18, 10],
  raw_tok_s: [10, 10, 10],
  raw_decode_tok_s: 10,
  ratio: 0.9,
  hopscope_prompt_tokens: 3,
  hopscope_text: 'a b',
  raw_ids: [1, 2],
  rounds: [],
  long_turns: [],
  ...over,
});
const prompt = { ids: [5, 6, 7], decode: (ids: number[]) => ids.map((i) => 'xab'[i]).join(' ') };

describe('the agent bench floor', () => {
  it('takes the median of the within-pair ratios, so one disturbed pair does not move it', () => {
    expect(pairRatio([9, 18, 10], [10, 10, 10])).toBe(1);
    expect(pairRatio([9, 9.5, 30], [10, 10, 10])).toBe(0.95);
    expect(() => pairRatio([1], [1, 2])).toThrow(/pair/);
  });

  it('passes the same work at or above the floor', () => {
    const floor = rawFloor(pair(), prompt);
    expect(floor).toMatchObject({ ratio: 0.9, decodeTokS: 10, sameTokens: true });
    expect(floorFailure(floor, 0.9)).toBeNull();
    expect(floorFailure(floor)).toBeNull();
  });

  it('fails a ratio under --min-raw-ratio, and different work whatever the ratio', () => {
    expect(floorFailure(rawFloor(pair({ ratio: 0.85 }), prompt), 0.9)).toMatch(
      /0\.850 is below --min-raw-ratio 0\.9/,
    );
    const otherText = rawFloor(pair({ hopscope_text: 'b a' }), prompt);
    expect(otherText.sameTokens).toBe(false);
    expect(floorFailure(otherText)).toMatch(/different tokens/);
    expect(rawFloor(pair({ hopscope_prompt_tokens: 4 }), prompt).sameTokens).toBe(false);
  });
});
