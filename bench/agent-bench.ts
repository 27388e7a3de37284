// `npm run bench -- agent [--json] [--decode-tokens N] [--decode-runs N] [--turns N] [--turn-tokens N]
//                         [--device auto|wasm|webgpu] [--decode-only] [--no-node] [--no-browser]
//                         [--no-check] [--prod] [--variant '{"bundle":"wasm","build":"plain","threads":1}']
//                         [--raw-pairs N] [--min-raw-ratio X] [--after-long N]`
//
// The in-browser LLM on hopscope-test/bench-random-llama (SmolLM2-135M shape, int8): Chromium
// (/usr/bin/chromium, headless) opens bench/agent.html from a Vite dev server started here (with
// --prod: the production bundle, built to a temp folder and previewed) with COOP/COEP and /models/
// served from ../shared/models, and the app's LLM worker loads the model.
// Measured there: load time, time to first token (Search-R1's ≈140-token prompt), decode
// tokens/s, and a 4-turn scripted Search-R1 trajectory (fixed <information> blocks, fixed tokens
// per turn) with KV-cache reuse vs recomputing the prefix every turn. The same measurements then
// run in this process on onnxruntime-node (native CPU) for the browser/Node ratio. First, as a
// correctness check, a 3-turn transcript on tiny-random-llama fp32 with KV reuse must give the
// same text in the browser (WASM, and WebGPU on SwiftShader) as in Node; the command fails if not.
// The floor: in the same page, the same model's greedy decode loop written directly on
// onnxruntime-web in a worker of its own (bench/raw-ort-worker.ts) takes turns with Hopscope's
// worker for --raw-pairs pairs (default 5, 0 skips it) on the same prompt tokens; Hopscope ÷ raw is
// the median within-pair ratio, and with --min-raw-ratio the command fails below it. --after-long N
// runs the pairs in three rounds: fresh, after Hopscope's worker ran N trajectories without KV reuse,
// and after the raw loop ran turns of the same lengths (does decoding slow after long contexts?).
// Progress goes to stderr; with --json the last stdout line is one JSON object.
import type { ModelSource } from '../app/runtime/model-source';
import { BENCH, loadNodeLlm, TINY } from '../app/runtime/llm/test-models';
import { withBenchPage } from './browser';
import type { PageResult, TinyCheck } from './agent-page';
import type { Variant } from './agent-worker';
import { measure, type Measured, type MeasureOptions, tinyCheck } from './agent-measure';
import type { RawPairOptions } from './agent-raw-pair';
import { floorFailure, RAW_TARGET, rawFloor } from './raw-floor';
import { rawPrompt } from './raw-ort-prompt';
import { flag, note, round, table } from './util';

interface BrowserRun {
  result: PageResult;
  tiny: TinyCheck[];
}

async function inBrowser(
  src: ModelSource,
  options: MeasureOptions,
  variant: Variant | undefined,
  tinyDevices: ModelSource['device'][],
  prod: boolean,
  raw: RawPairOptions | undefined,
): Promise<BrowserRun> {
  return withBenchPage(
    'bench/agent.html',
    async (page) => {
      await page.waitForFunction(() => typeof window.runAgentBench === 'function', null, {
        timeout: 120_000,
      });
      const tiny: TinyCheck[] = [];
      for (const device of tinyDevices) {
        note(`browser: tiny-random-llama fp32 check on ${device}`);
        tiny.push(await page.evaluate((d) => window.runTinyCheck(d), device));
      }
      const result = await page.evaluate(([s, o, v, r]) => window.runAgentBench(s, o, v, r), [
        src,
        options,
        variant,
        raw,
      ] as const);
      return { result, tiny };
    },
    {
      prod,
      entries: ['workers/llm.worker.ts', 'bench/agent-worker.ts', 'bench/raw-ort-worker.ts'],
      logPrefix: '[agent-bench]',
    },
  );
}

async function inNode(options: MeasureOptions): Promise<Measured & { load_s: number }> {
  const t0 = performance.now();
  const llm = await loadNodeLlm(BENCH);
  const load_s = (performance.now() - t0) / 1000;
  note(`node: loaded in ${load_s.toFixed(1)} s`);
  const m = await measure(
    { llm, setReuseCache: (on) => llm.setReuseCache(on), stats: async () => ({ ...llm.stats }) },
    options,
    (msg) => note(`node: ${msg}`),
  );
  await llm.unload();
  return { ...m, load_s };
}

const int = (args: readonly string[], name: string, fallback: number) => Number(flag(args, name) ?? fallback);

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const options: MeasureOptions = {
    decodeTokens: int(args, 'decode-tokens', 32),
    decodeRuns: int(args, 'decode-runs', 2),
    turns: int(args, 'turns', 4),
    turnTokens: int(args, 'turn-tokens', 48),
    decodeOnly: args.includes('--decode-only'),
  };
  const device = (flag(args, 'device') ?? 'auto') as ModelSource['device'];
  const variantArg = flag(args, 'variant');
  const variant = variantArg ? (JSON.parse(variantArg) as Variant) : undefined;
  // Correctness first: the same fp32 transcript in the browser (WASM, and WebGPU on SwiftShader) and in Node.
  const tinyDevices: ModelSource['device'][] = args.includes('--no-check') ? [] : ['wasm', 'webgpu'];
  const prod = args.includes('--prod');
  const pairs = int(args, 'raw-pairs', 5);
  const minRawRatio = flag(args, 'min-raw-ratio');
  const prompt = pairs > 0 && !args.includes('--no-browser') ? await rawPrompt(BENCH.modelId) : null;
  const afterLong = int(args, 'after-long', 0);
  const rawOptions: RawPairOptions | undefined = prompt
    ? {
        promptIds: prompt.ids,
        pairs,
        decodeTokens: options.decodeTokens,
        ...(afterLong > 0
          ? { longWork: { runs: afterLong, turns: options.turns, turnTokens: options.turnTokens } }
          : {}),
      }
    : undefined;
  const br = args.includes('--no-browser')
    ? null
    : await inBrowser({ ...BENCH, device }, options, variant, tinyDevices, prod, rawOptions);
  const b = br?.result ?? null;
  const raw = b?.raw && prompt ? rawFloor(b.raw, prompt) : null;
  const n = args.includes('--no-node') ? null : await inNode(options);
  let tinyChecks: { device: string; same_tokens: boolean; cached_tokens: number[] }[] = [];
  if (br && br.tiny.length > 0) {
    const node = await loadNodeLlm(TINY);
    const expected = (await tinyCheck(node)).texts;
    await node.unload();
    tinyChecks = br.tiny.map((t) => ({
      device: t.device,
      same_tokens: t.texts.length === expected.length && t.texts.every((x, i) => x === expected[i]),
      cached_tokens: t.cachedTokens,
    }));
    for (const c of tinyChecks)
      note(`tiny fp32 transcript, browser ${c.device} vs Node: ${c.same_tokens ? 'identical' : 'DIFFERENT'}`);
  }

  const rows: (string | number)[][] = [];
  const row = (name: string, x: number | undefined, y: number | undefined, digits = 1) =>
    rows.push([name, x === undefined ? '–' : round(x, digits), y === undefined ? '–' : round(y, digits)]);
  row('load s', b?.load_s, n?.load_s);
  row('ttft ms', b?.ttft_ms, n?.ttft_ms, 0);
  row('decode tok/s', b?.decode_tok_s, n?.decode_tok_s, 2);
  row('forward ms/token', b?.forward_ms_per_token, n?.forward_ms_per_token);
  row('other ms/token', b?.other_ms_per_token, n?.other_ms_per_token, 2);
  row('trajectory ms, KV reuse', b?.trajectory_ms_reuse, n?.trajectory_ms_reuse, 0);
  row('trajectory ms, recompute', b?.trajectory_ms_noreuse, n?.trajectory_ms_noreuse, 0);
  row('reuse speed-up ×', b?.reuse_speedup, n?.reuse_speedup, 2);
  const bn = b && n ? b.decode_tok_s / n.decode_tok_s : undefined;
  console.log(`agent bench: ${BENCH.modelId}, prompt ${b?.prompt_tokens ?? n?.prompt_tokens} tokens`);
  if (b) {
    console.log(
      `browser: ${b.info.device} (${b.info.reason}), dtype ${b.info.dtype}, ${b.info.threads} threads`,
    );
    console.log(`worker: ${JSON.stringify(b.worker)}`);
  }
  console.log(table(['', 'browser worker', 'onnxruntime-node'], rows));
  if (raw) {
    console.log(
      `floor: raw onnxruntime-web decode ${raw.runs.raw.map((x) => round(x, 2)).join(', ')} tok/s; Hopscope's worker in the same pairs ${raw.runs.hopscope.map((x) => round(x, 2)).join(', ')} tok/s`,
    );
    console.log(
      `floor: Hopscope ÷ raw onnxruntime-web ${round(raw.ratio, 3)} (median of ${raw.runs.raw.length} pairs, target ≥ ${RAW_TARGET})${raw.ratio < RAW_TARGET ? ' BELOW TARGET' : ''}; browser ÷ native ${bn === undefined ? '–' : round(bn, 3)}; same tokens: ${raw.sameTokens}`,
    );
  }
  for (const r of b?.raw?.rounds.length && b.raw.rounds.length > 1 ? b.raw.rounds : [])
    console.log(
      `round "${r.label}": Hopscope ÷ raw ${round(r.ratio, 3)} (Hopscope ${r.hopscope_tok_s.map((x) => round(x, 2)).join(', ')}; raw ${r.raw_tok_s.map((x) => round(x, 2)).join(', ')} tok/s); wasm heap MiB Hopscope ${r.memory.hopscope ? round(r.memory.hopscope.wasm_mib, 0) : '–'}, raw ${r.memory.raw ? round(r.memory.raw.wasm_mib, 0) : '–'}`,
    );
  for (const c of tinyChecks)
    console.log(
      `check: tiny-random-llama fp32, 3 turns + a diverging prompt with KV reuse, browser ${c.device} = Node: ${c.same_tokens} (cached ${c.cached_tokens.join(', ')})`,
    );
  for (const [name, m] of [
    ['browser', b],
    ['node', n],
  ] as const) {
    if (!m?.trajectory_tokens_in) continue;
    const tps = m.trajectory_decode_tok_s?.map((x) => round(x, 1)).join(', ');
    console.log(
      `${name} turns: prompt tokens ${m.trajectory_tokens_in.join(', ')}; from cache ${m.trajectory_cached_tokens?.join(', ')}; decode tok/s ${tps}`,
    );
  }

  const failed = tinyChecks.filter((c) => !c.same_tokens).map((c) => c.device);
  if (json) {
    console.log(
      JSON.stringify({
        model: BENCH.modelId,
        load_s: b?.load_s ?? null,
        ttft_ms: b?.ttft_ms ?? null,
        decode_tok_s: b?.decode_tok_s ?? null,
        node_decode_tok_s: n?.decode_tok_s ?? null,
        browser_node_ratio: bn ?? null,
        raw_ort_web_decode_tok_s: raw?.decodeTokS ?? null,
        hopscope_raw_ratio: raw?.ratio ?? null,
        raw_same_tokens: raw?.sameTokens ?? null,
        trajectory_ms_reuse: b?.trajectory_ms_reuse ?? null,
        trajectory_ms_noreuse: b?.trajectory_ms_noreuse ?? null,
        reuse_speedup: b?.reuse_speedup ?? null,
        tiny_checks: tinyChecks,
        options,
        browser: b,
        node: n,
      }),
    );
  }
  if (failed.length > 0) throw new Error(`browser output differs from Node on ${failed.join(', ')}`);
  const floorFailed = raw
    ? floorFailure(raw, minRawRatio === undefined ? undefined : Number(minRawRatio))
    : null;
  if (floorFailed) throw new Error(floorFailed);
}
