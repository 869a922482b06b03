// Misses being rendered now, by key: after a change every visitor of a popular page missed at once,
// and each rendered the same page. The first miss renders; the others wait for what it stores. An
// entry ends with its response, and after `waitMs` at the latest: a render that never answers must
// not hold the page's other visitors (issue 40, item 4).
import { finished } from 'node:stream';
import type { ServerResponse } from 'node:http';

/** How long a miss waits for the same answer rendered for another request before it renders its own. */
export const RENDER_WAIT_MS = 5_000;

export type Render = { done: Promise<void>; startedAt: number };

export function createSingleFlight(waitMs: number) {
  const rendering = new Map<string, Render>();

  /** The render of `key` under way, if it began less than `waitMs` ago. */
  const inFlight = (key: string): Render | undefined => {
    const entry = rendering.get(key);
    return entry && Date.now() - entry.startedAt < waitMs ? entry : undefined;
  };

  /** `res` renders `key` now (unless another render of it is under way): until it ends, other misses wait for it. */
  const begin = (key: string, res: ServerResponse) => {
    if (inFlight(key)) return;
    let release = () => undefined as void;
    const done = new Promise<void>((resolve) => (release = resolve));
    rendering.set(key, { done, startedAt: Date.now() });
    // finished, closed, failed, or closed already: a client that gave up while this request waited
    // for Redis or for another render closed the response before this line, and 'close' comes once
    finished(res, release);
    const timer = setTimeout(release, waitMs);
    timer.unref();
    void done.then(() => {
      clearTimeout(timer);
      if (rendering.get(key)?.done === done) rendering.delete(key);
    });
  };

  /** Resolves when `other` ended or its wait is over, whichever comes first. */
  const waitFor = (other: Render) => whicheverFirst(other.done, other.startedAt + waitMs - Date.now());

  return { inFlight, begin, waitFor };
}

/** Resolves when `promise` settles or after `ms`, whichever comes first. */
function whicheverFirst(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
