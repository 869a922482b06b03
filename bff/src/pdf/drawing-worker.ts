// The drawing thread (drawing-thread.ts, docs/decisions/0085): draws each PDF it is asked for with the
// very layouts of drawing.ts and posts the bytes back. It reads no database and keeps nothing between
// documents but what the layouts keep (the fonts, parsed once).
import { parentPort } from 'node:worker_threads';
import { DRAWINGS, drawHere, type DrawingKind } from './drawing.ts';

export type DrawingRequest = { id: number; kind: DrawingKind; args: unknown[] };
export type DrawingAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

const draw = drawHere as (kind: DrawingKind, ...args: unknown[]) => Promise<Buffer>;

parentPort!.on('message', ({ id, kind, args }: DrawingRequest) => {
  // not a document of any layout: the caller and this thread disagree, and the thread ends
  if (!Object.hasOwn(DRAWINGS, kind)) throw new Error(`no layout draws "${kind}"`);
  // a layout that throws as it draws fails its document alone
  Promise.resolve(args)
    .then((values) => draw(kind, ...values))
    .then(
      (drawn) => {
        // a copy of exactly the document's bytes, handed over rather than copied again on the way
        const bytes = new Uint8Array(drawn);
        parentPort!.postMessage({ id, bytes } satisfies DrawingAnswer, [bytes.buffer]);
      },
      (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies DrawingAnswer),
    );
});
