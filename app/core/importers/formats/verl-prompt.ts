// The question of a training sample, from its decoded prompt. Search-R1's template ends the user
// turn with `Question: {q}` (Search-R1 `scripts/data_process/nq_search.py`, make_prefix);
// R1-Searcher's is `User:{q}\nAssistant: <think>` (its training prompt, §3.1 of the paper). veRL
// decodes prompts with the special tokens skipped, so a chat template shows as bare `user` /
// `assistant` lines; a log may also keep the markers (`<|im_start|>user`).

/** The user turn of a chat-templated prompt, with or without its special tokens; null when none. */
function userTurn(prompt: string): string | null {
  const marked =
    /<\|im_start\|>\s*user\s*\n([\s\S]*?)(?:<\|im_end\|>|<\|im_start\|>|$)/i.exec(prompt) ??
    /<\|start_header_id\|>\s*user\s*<\|end_header_id\|>\s*([\s\S]*?)(?:<\|eot_id\|>|<\|start_header_id\|>|$)/i.exec(
      prompt,
    );
  if (marked) return marked[1] ?? '';
  // Decoded without special tokens: `system\n…\nuser\n…\nassistant\n`.
  const bare = /(?:^|\n)user\n([\s\S]*?)(?:\nassistant\n?[\s\S]*)?$/.exec(prompt);
  return bare ? (bare[1] ?? '') : null;
}

/** The last match of a global regex's first group. */
function lastGroup(text: string, re: RegExp): string | null {
  let out: string | null = null;
  for (const m of text.matchAll(re)) out = m[1] ?? out;
  return out;
}

/**
 * The question a prompt asks: the last `Question:` line (few-shot prompts list examples first),
 * else the last `User:` turn, else the last non-empty line of the user turn (or of the prompt).
 */
export function questionFromPrompt(prompt: string): string {
  const turn = userTurn(prompt) ?? prompt;
  const q = lastGroup(turn, /Question:[ \t]*([^\n]*\S[^\n]*)/g);
  if (q) return q.trim();
  const user = lastGroup(turn, /(?:^|\n)[ \t]*User:[ \t]*([^\n]*\S[^\n]*)/g);
  if (user) return user.trim();
  const lines = turn
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^(?:assistant:?|<think>)$/i.test(l));
  return lines[lines.length - 1] ?? '';
}
