// What the fault suite's shoppers were answered: every answer counted by status, and each one that was
// neither a success nor a redirect (2xx, 3xx) kept with its request (method, path, GraphQL operation)
// and the start of its body, so that a 500 or a 419 in a run says which request it was.
import { Browser } from '../support/production-server.ts';

export type Refusal = { status: number; method: string; path: string; operation: string | null; body: string };

export type Recording = {
  statuses: Map<number, number>;
  refusals: Refusal[];
  /** Requests sent and not answered yet (the suite waits for none before a quiet moment). */
  inFlight: () => number;
};

const recording: Recording & { active: number } = {
  statuses: new Map(),
  refusals: [],
  active: 0,
  inFlight: () => recording.active,
};

/** The operation a /graphql POST names in its body, if any. */
export function operationOf(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  try {
    const name = (JSON.parse(body) as { operationName?: unknown }).operationName;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

/** A page as its language and title, anything else (JSON) as its first 300 characters. */
function excerpt(text: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(text)?.[1];
  if (title !== undefined) return `page lang="${/<html lang="([^"]*)"/.exec(text)?.[1] ?? '?'}" title "${title}"`;
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

/** One refusal as the suite prints it. */
export function describeRefusal(refusal: Refusal): string {
  return `${refusal.status} ${refusal.method} ${refusal.path}${refusal.operation ? ` (${refusal.operation})` : ''}: ${refusal.body}`;
}

/** A Browser whose answers are recorded (statuses, refusals). */
export class RecordingBrowser extends Browser {
  override async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    recording.active += 1;
    let response: Response;
    try {
      response = await super.fetch(pathname, init);
    } finally {
      recording.active -= 1;
    }
    const status = response.status;
    recording.statuses.set(status, (recording.statuses.get(status) ?? 0) + 1);
    if (status >= 400) {
      const text = await response.clone().text().catch((error: Error) => `(body unreadable: ${error.message})`);
      recording.refusals.push({
        status,
        method: init.method ?? 'GET',
        path: pathname,
        operation: operationOf(init.body),
        body: excerpt(text),
      });
    }
    return response;
  }
}

/** The recording of this run (one per process: the fault suite runs one file). */
export function startRecording(): Recording {
  recording.statuses.clear();
  recording.refusals.length = 0;
  return recording;
}
