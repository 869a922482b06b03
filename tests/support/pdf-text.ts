// The text a PDF shows, as a reader's copy-and-paste would give it: pdf.js (Mozilla's PDF reader)
// decodes the embedded fonts' character maps, so a wrong or missing glyph mapping shows up here.
//
// pdf.js runs in a worker thread of its own. Its Node build (legacy) brings core-js, which replaces
// globals of the process that loads it: JSON.stringify (14× slower), Array.prototype.push (8×), and
// adds `navigator`, `Iterator` and more. Loaded in a test's own thread, the shop that the following
// test files start in the same process ran on those (issue 41: the suite's CPU).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const PDFJS = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

/** The worker's code: one message in (id, bytes), one out (id, text or error). */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const loaded = import(${JSON.stringify(PDFJS)});
parentPort.on('message', async ({ id, bytes }) => {
  try {
    const { getDocument } = await loaded;
    const document = await getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false }).promise;
    try {
      const pages = [];
      for (let number = 1; number <= document.numPages; number += 1) {
        const content = await (await document.getPage(number)).getTextContent();
        pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\\n' : ' ') : '')).join(''));
      }
      parentPort.postMessage({ id, text: pages.join('\\n') });
    } finally {
      await document.destroy();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error && error.message ? error.name + ': ' + error.message : String(error) });
  }
});
`;

type Answer = { id: number; text?: string; error?: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

function pdfWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref(); // a test process ends when its tests do, whether or not the worker is idle
  started.on('message', ({ id, text, error }: Answer) => {
    const caller = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) caller?.reject(new Error(`pdf.js could not read the PDF: ${error}`));
    else caller?.resolve(text ?? '');
  });
  started.on('error', (error) => {
    for (const caller of waiting.values()) caller.reject(error);
    waiting.clear();
    worker = null;
  });
  worker = started;
  return started;
}

export function pdfText(bytes: Uint8Array): Promise<string> {
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    pdfWorker().postMessage({ id, bytes: new Uint8Array(bytes) });
  });
}
