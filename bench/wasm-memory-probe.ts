// Bench-only: counts the WebAssembly memories a worker creates (ORT's Emscripten glue makes its
// shared memory in JS), so the agent bench can report how far a worker's wasm heap has grown.
// Import it before anything that loads ORT; wasm memory grows and never shrinks.
const memories: WebAssembly.Memory[] = [];
const Original = WebAssembly.Memory;

class ProbedMemory extends Original {
  constructor(descriptor: WebAssembly.MemoryDescriptor) {
    super(descriptor);
    memories.push(this);
  }
}
WebAssembly.Memory = ProbedMemory;

const MIB = 2 ** 20;

/** The worker's wasm memories (MiB, the largest: ORT's heap) and its JS heap where Chromium says. */
export function workerMemory(): { wasm_mib: number; js_heap_mib: number | null } {
  const sizes = memories.map((m) => m.buffer.byteLength);
  const heap = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return {
    wasm_mib: sizes.length ? Math.max(...sizes) / MIB : 0,
    js_heap_mib: heap ? heap.usedJSHeapSize / MIB : null,
  };
}
