// The hourly check for a newer build (spec sections 4 and 9): GET builds/latest.json?{timestamp}
// every BUILD_CHECK_INTERVAL_MS; when it names another build, its manifest builds/meta/{buildId}.json
// is fetched and the page is told once. A failed fetch is only logged.
import { BUILD_CHECK_INTERVAL_MS } from '../../../schema/rules/constants.ts';

export type BuildInfo = { buildId: string; builtAt?: string };

export type BuildCheckOptions = {
  /** The build this page runs (React Router's manifest version). */
  currentBuildId: string;
  onNewBuild: (build: BuildInfo) => void;
  fetch?: typeof fetch;
  log?: (message: string, error?: unknown) => void;
  intervalMs?: number;
  now?: () => number;
};

async function getJson(fetcher: typeof fetch, url: string): Promise<unknown> {
  const response = await fetcher(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** Starts polling; returns the function that stops it. */
export function startBuildCheck(options: BuildCheckOptions): () => void {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const now = options.now ?? Date.now;
  let stopped = false;
  const check = async () => {
    try {
      const latest = (await getJson(fetcher, `/builds/latest.json?${now()}`)) as Partial<BuildInfo> | null;
      if (stopped || typeof latest?.buildId !== 'string' || !/^[0-9a-zA-Z_-]{1,64}$/.test(latest.buildId)) return;
      if (latest.buildId === options.currentBuildId) return;
      const meta = (await getJson(fetcher, `/builds/meta/${latest.buildId}.json`)) as Partial<BuildInfo> | null;
      if (stopped || meta?.buildId !== latest.buildId) return;
      stopped = true;
      clearInterval(timer);
      options.onNewBuild({ buildId: latest.buildId, builtAt: meta.builtAt });
    } catch (error) {
      log('Build check failed', error);
    }
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? BUILD_CHECK_INTERVAL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
