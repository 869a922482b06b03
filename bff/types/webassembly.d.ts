// Node's WebAssembly global, as far as the server uses it (db/embedded.ts compiles PGlite's code once per
// process). TypeScript declares it in the DOM library, which bff/ leaves out (no-dom.ts); the tests'
// program has the DOM library and so the whole declaration.
declare namespace WebAssembly {
  /** A compiled module (opaque here). */
  type Module = object;
  function compile(bytes: Uint8Array): Promise<Module>;
}
