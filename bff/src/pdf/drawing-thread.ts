// The drawing thread (docs/decisions/0085): a running shop draws its PDFs (the invoice and tickets of
// every order's confirmation, credit notes, downloads) in one worker_threads Worker beside the event
// loop, so that a document's ~15 ms of CPU runs on another core while the requests go on. It starts
// with the first document, ends after IDLE_MS without one, and a thread that fails (an exception of
// its own, its bounded heap reached) rejects the documents it was drawing and is started again by the
// next one: the mail job retries an e-mail as after any failure, a download answers 500.
import { Worker } from 'node:worker_threads';
import type { Draw, DrawingKind } from './drawing.ts';
import type { DrawingAnswer, DrawingRequest } from './drawing-worker.ts';
import { workerModule, type WorkerModule } from '../worker-module.ts';

const IDLE_MS = 60_000;
/**
 * The thread's heap, a bound and not a reservation: an ordinary document needs a few MB beside the
 * fonts, but a word longer than its line (5 000 letters with no space, in isdoc.test.ts) is broken by
 * pdfkit letter by letter, keeping each try's layout: ~200 MB for that document alone.
 */
const HEAP_MB = 512;

/** Set by scripts/build-server.mjs in the compiled server: the thread's own compiled module, beside it. */
declare const BFF_DRAWING_WORKER_FILE: string | undefined;

/** The thread's module: compiled beside the compiled server, else the source (worker-module.ts). */
const drawingWorkerModule = (): WorkerModule => workerModule(typeof BFF_DRAWING_WORKER_FILE === 'string' ? BFF_DRAWING_WORKER_FILE : undefined, new URL('./drawing-worker.ts', import.meta.url));

export type DrawingThread = {
  draw: Draw;
  /** How many threads were started so far (tests: one for many documents, a new one after a failure or idling). */
  readonly started: number;
  /** Ends the thread; what it was drawing is rejected, and so is every later document. */
  close: () => Promise<void>;
};

export function createDrawingThread(options: { idleMs?: number; module?: WorkerModule } = {}): DrawingThread {
  const idleMs = options.idleMs ?? IDLE_MS;
  type Waiting = { resolve: (bytes: Buffer) => void; reject: (error: Error) => void };
  const waiting = new Map<number, Waiting>();
  let worker: Worker | null = null;
  let nextId = 1;
  let started = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;

  /** The thread is gone: what it was drawing fails with `error`; the next document starts another. */
  function lost(thread: Worker, error: Error) {
    if (worker !== thread) return;
    worker = null;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function start(): Worker {
    const { entry, eval: evaluated } = options.module ?? drawingWorkerModule();
    // no execArgv of the server's own (its young generation for requests): the limit below decides
    const thread = new Worker(entry, { eval: evaluated, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    started += 1;
    thread.on('message', (answer: DrawingAnswer) => {
      const document = waiting.get(answer.id);
      if (!document) return;
      waiting.delete(answer.id);
      if ('error' in answer) document.reject(new Error(`the drawing thread could not draw the document: ${answer.error}`));
      else document.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      if (waiting.size === 0) rest(thread);
    });
    // an exception outside a document, or ERR_WORKER_OUT_OF_MEMORY at its heap's limit; then it exits
    thread.on('error', (error) => lost(thread, new Error(`the drawing thread failed: ${error.message}`, { cause: error })));
    thread.on('exit', (code) => lost(thread, new Error(`the drawing thread ended (exit code ${code})`)));
    return thread;
  }

  /** Nothing to draw: the process may end without it (a command), and it ends after idleMs. */
  function rest(thread: Worker) {
    thread.unref();
    idleTimer = setTimeout(() => {
      if (worker !== thread || waiting.size > 0) return;
      worker = null;
      void thread.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  const draw: Draw = (kind: DrawingKind, ...args: unknown[]) => {
    if (closed) return Promise.reject(new Error('the drawing thread is closed'));
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    worker ??= start();
    // a document on its way keeps the process alive until its answer
    worker.ref();
    const id = nextId++;
    const answer = new Promise<Buffer>((resolve, reject) => waiting.set(id, { resolve, reject }));
    worker.postMessage({ id, kind, args } satisfies DrawingRequest);
    return answer;
  };

  return {
    draw,
    get started() {
      return started;
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const thread = worker;
      if (thread) {
        lost(thread, new Error('the drawing thread was closed'));
        await thread.terminate();
      }
    },
  };
}

let shared: DrawingThread | null = null;

/**
 * Draws in the process's drawing thread: one for every app of the process (a shop runs one; the
 * tests run many in a process), started by the first document and ended when idle.
 */
export const drawInThread: Draw = (kind, ...args) => (shared ??= createDrawingThread()).draw(kind, ...args);
