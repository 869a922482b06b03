// Where a worker thread's module is (decisions 0078, 0085): the compiled file beside the compiled
// server (scripts/build-server.mjs builds it and defines its name), or from the sources (tests,
// `npm run dev`) the .ts file, loaded through tsx's API, since Node 20 does not run `--import tsx` in a worker.

/** The thread's module: a file, or code to evaluate that loads it. */
export type WorkerModule = { entry: URL | string; eval: boolean };

/** `compiledFile`: the build's name for it (undefined from the sources); `source`: its .ts file. */
export function workerModule(compiledFile: string | undefined, source: URL): WorkerModule {
  if (compiledFile !== undefined) return { entry: new URL(import.meta.resolve(`./${compiledFile}`)), eval: false };
  const href = JSON.stringify(source.href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return { entry: `import(${tsx}).then(({ tsImport }) => tsImport(${href}, ${href}));`, eval: true };
}
