// Preloaded into the bench's shop (NODE_OPTIONS="--expose-gc --import …"): on SIGUSR2 a full garbage
// collection, then the heap still in use on stdout. Resident memory alone cannot tell growth from
// garbage V8 has not collected yet; the heap after a full collection can.
process.on('SIGUSR2', () => {
  globalThis.gc();
  process.stdout.write(`heap-after-gc ${process.memoryUsage().heapUsed}\n`);
});
