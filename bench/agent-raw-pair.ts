// The agent bench's floor: Hopscope's LLM worker and the same model's greedy loop written directly
// on onnxruntime-web (bench/raw-ort-worker.ts), each in its own worker of one page, decoding the
// same prompt tokens for the same number of new tokens. They take turns, pair by pair, the first
// of each pair alternating, so a machine that slows down mid-run (a shared one) slows both.
// With `longWork`, the pairs run in rounds around long-context turns (`--after-long N`): fresh;
// after Hopscope's worker ran N trajectories; after the raw loop ran turns of the same lengths.
import * as Comlink from 'comlink';
import type { LlmClient } from '../app/runtime/llm/client';
import type { LlmInfo } from '../app/runtime/llm/transformers-llm';
import { LOCAL_MODEL_PATH } from '../app/runtime/model-source';
import { runSearchR1 } from '../app/testing/search-r1-script';
import { DECODE_PROMPT } from './agent-measure';
import { decodeTokS } from './decode-rate';
import { median } from './median';
import { pairRatio } from './raw-floor';
import { tiledIds } from './raw-ort-decode';
import type { RawOrtApi } from './raw-ort-worker';

/** The length of one long-context turn: prompt tokens run (no cache), tokens generated. */
export interface LongTurn {
  tokensIn: number;
  tokensOut: number;
}

export interface RawPairOptions {
  /** DECODE_PROMPT's token ids, rendered and tokenized by the driver with transformers.js alone. */
  promptIds: number[];
  /** Pairs of decode runs (after one warm-up run each), per round. */
  pairs: number;
  decodeTokens: number;
  /** `--after-long N`: N Search-R1 trajectories (no KV reuse) between rounds, in each worker in turn. */
  longWork?: { runs: number; turns: number; turnTokens: number };
}

/** One round of pairs. */
export interface PairRound {
  label: string;
  hopscope_tok_s: number[];
  raw_tok_s: number[];
  /** Median over the round's pairs of Hopscope ÷ raw. */
  ratio: number;
  /** Each worker's wasm memory and JS heap, MiB, when the round ended (null where unmeasured). */
  memory: { hopscope: WorkerMemory | null; raw: WorkerMemory | null };
}

export interface WorkerMemory {
  wasm_mib: number;
  js_heap_mib: number | null;
}

export interface RawPairResult {
  load_s: number;
  /** Each pair's decode tokens/s, Hopscope's worker and the raw loop (the last round's). */
  hopscope_tok_s: number[];
  raw_tok_s: number[];
  /** Median of the raw loop's runs. */
  raw_decode_tok_s: number;
  /** Median over the pairs of Hopscope ÷ raw (a within-pair ratio, so the machine's load cancels). */
  ratio: number;
  /** Prompt tokens as Hopscope counted them (the driver checks they are the raw loop's). */
  hopscope_prompt_tokens: number;
  /** The last pair's output, for the driver's same-tokens check. */
  hopscope_text: string;
  raw_ids: number[];
  /** Every round in order (one, unless longWork). */
  rounds: PairRound[];
  /** The long-context turns each worker ran between rounds (with longWork). */
  long_turns: LongTurn[];
}

/** The ONNX file transformers.js loads for a dtype (its suffix mapping), for the two the bench uses. */
function onnxFile(dtype: string): string {
  const files: Record<string, string> = { fp32: 'model.onnx', q8: 'model_quantized.onnx' };
  const file = files[dtype];
  if (!file) throw new Error(`raw ORT pair: no ONNX file known for dtype ${dtype}`);
  return file;
}

export async function pairWithRaw(
  client: LlmClient,
  info: LlmInfo,
  o: RawPairOptions,
  log: (message: string) => void,
  hopscopeMemory: () => Promise<WorkerMemory | null> = async () => null,
): Promise<RawPairResult> {
  const worker = new Worker(new URL('./raw-ort-worker.ts', import.meta.url), { type: 'module' });
  const raw = Comlink.wrap<RawOrtApi>(worker);
  try {
    const dir = `${LOCAL_MODEL_PATH}${info.modelId}`;
    const t0 = performance.now();
    await raw.load(`${dir}/onnx/${onnxFile(info.dtype)}`, `${dir}/config.json`, info.threads);
    const load_s = (performance.now() - t0) / 1000;
    log(`raw onnxruntime-web: loaded in ${load_s.toFixed(1)} s, ${info.threads} threads`);
    await client.setReuseCache(false);
    const hopscope = async () => {
      const r = await client.generate(DECODE_PROMPT, { maxTokens: o.decodeTokens });
      return { tokS: decodeTokS(r.tokensOut, r.ms, r.ttftMs ?? 0), r };
    };
    const rawRun = async () => {
      const r = await raw.decode(o.promptIds, o.decodeTokens);
      return { tokS: decodeTokS(r.ids.length, r.ms, r.ttftMs), r };
    };
    const rawLong = async (turns: readonly LongTurn[]) => {
      const t = performance.now();
      for (const turn of turns) await raw.decode(tiledIds(o.promptIds, turn.tokensIn), turn.tokensOut);
      log(
        `raw onnxruntime-web: ${turns.length} long-context turns in ${(performance.now() - t).toFixed(0)} ms`,
      );
    };
    // Warm-up: V8 tiers the raw worker's WASM and JS up as it did Hopscope's during measure().
    await raw.decode(o.promptIds, 1);
    await rawRun();
    const longTurns: LongTurn[] = [];

    let last: { text: string; tokensIn: number; ids: number[] } | undefined;
    const rounds: PairRound[] = [];
    const round = async (label: string) => {
      const hopscope_tok_s: number[] = [];
      const raw_tok_s: number[] = [];
      for (let i = 0; i < o.pairs; i++) {
        let h: Awaited<ReturnType<typeof hopscope>>;
        let r: Awaited<ReturnType<typeof rawRun>>;
        if (i % 2 === 0) {
          h = await hopscope();
          r = await rawRun();
        } else {
          r = await rawRun();
          h = await hopscope();
        }
        hopscope_tok_s.push(h.tokS);
        raw_tok_s.push(r.tokS);
        last = { text: h.r.text, tokensIn: h.r.tokensIn, ids: r.r.ids };
        log(
          `${label}, pair ${i + 1}: Hopscope ${h.tokS.toFixed(2)} tok/s, raw onnxruntime-web ${r.tokS.toFixed(2)} tok/s`,
        );
      }
      const memory = { hopscope: await hopscopeMemory(), raw: await raw.memory() };
      rounds.push({
        label,
        hopscope_tok_s,
        raw_tok_s,
        ratio: pairRatio(hopscope_tok_s, raw_tok_s),
        memory,
      });
      log(`${label}: Hopscope ÷ raw ${rounds.at(-1)!.ratio.toFixed(3)}; memory ${JSON.stringify(memory)}`);
    };

    await round(o.longWork ? 'fresh' : 'pairs');
    if (o.longWork) {
      const { runs, turns, turnTokens } = o.longWork;
      const ran: LongTurn[] = [];
      const t = performance.now();
      for (let k = 0; k < runs; k++) {
        const run = await runSearchR1(client, { turns, maxTokens: turnTokens });
        ran.push(...run.turns.map((x) => ({ tokensIn: x.tokensIn, tokensOut: x.tokensOut })));
      }
      log(`Hopscope: ${ran.length} long-context turns in ${(performance.now() - t).toFixed(0)} ms`);
      longTurns.push(...ran);
      await round(`after Hopscope's ${ran.length} long turns`);
      await rawLong(ran);
      await round(`after the raw loop's ${ran.length} long turns too`);
    }
    if (!last) throw new Error('raw ORT pair: pairs must be at least 1');
    const final = rounds.at(-1)!;
    return {
      load_s,
      hopscope_tok_s: final.hopscope_tok_s,
      raw_tok_s: final.raw_tok_s,
      raw_decode_tok_s: median(final.raw_tok_s),
      ratio: final.ratio,
      hopscope_prompt_tokens: last.tokensIn,
      hopscope_text: last.text,
      raw_ids: last.ids,
      rounds,
      long_turns: longTurns,
    };
  } finally {
    await raw.release().catch(() => undefined);
    worker.terminate();
  }
}
