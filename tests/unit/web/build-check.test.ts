// The hourly build check with a fake clock: nothing before 3 600 000 ms, then latest.json with a
// timestamp; another build id -> its manifest, then the page is told once; failures are only logged.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBuildCheck } from '../../../web/app/shell/build-check.ts';

const HOUR = 3_600_000;

function fakeFetch(answers: Record<string, unknown>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const key = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    const body = key === undefined ? undefined : answers[key];
    if (body === undefined || body instanceof Error) {
      if (body instanceof Error) throw body;
      return new Response('not found', { status: 404 });
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('build check', () => {
  it('polls builds/latest.json?{timestamp} every 3 600 000 ms and stays quiet for the same build', async () => {
    const fetch = fakeFetch({ '/builds/latest.json': { buildId: 'aaaa1111' } });
    const onNewBuild = vi.fn();
    const stop = startBuildCheck({ currentBuildId: 'aaaa1111', onNewBuild, fetch });
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toBe(`/builds/latest.json?${Date.parse('2026-11-22T11:00:00Z')}`);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();
    stop();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a newer build: fetches builds/meta/{buildId}.json and offers it once', async () => {
    const fetch = fakeFetch({
      '/builds/latest.json': { buildId: 'bbbb2222', builtAt: '2026-11-22T10:30:00Z' },
      '/builds/meta/bbbb2222.json': { buildId: 'bbbb2222', builtAt: '2026-11-22T10:30:00Z' },
    });
    const onNewBuild = vi.fn();
    startBuildCheck({ currentBuildId: 'aaaa1111', onNewBuild, fetch });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetch.mock.calls.map(([url]) => String(url).replace(/\?\d+$/, '?T'))).toEqual(['/builds/latest.json?T', '/builds/meta/bbbb2222.json']);
    expect(onNewBuild).toHaveBeenCalledWith({ buildId: 'bbbb2222', builtAt: '2026-11-22T10:30:00Z' });
    await vi.advanceTimersByTimeAsync(5 * HOUR);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a failed manifest fetch is only logged, and the check goes on', async () => {
    const fetch = fakeFetch({ '/builds/latest.json': { buildId: 'cccc3333' } });
    const log = vi.fn();
    const onNewBuild = vi.fn();
    startBuildCheck({ currentBuildId: 'aaaa1111', onNewBuild, fetch, log });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][1])).toMatch(/builds\/meta\/cccc3333\.json: HTTP 404/);
    expect(onNewBuild).not.toHaveBeenCalled();
    const offline = fakeFetch({ '/builds/latest.json': new TypeError('Failed to fetch') });
    startBuildCheck({ currentBuildId: 'aaaa1111', onNewBuild, fetch: offline, log });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(log).toHaveBeenCalledWith('Build check failed', expect.any(TypeError));
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it('ignores a malformed latest.json', async () => {
    const fetch = fakeFetch({ '/builds/latest.json': { buildId: '../../etc/passwd' } });
    const onNewBuild = vi.fn();
    startBuildCheck({ currentBuildId: 'aaaa1111', onNewBuild, fetch });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();
  });
});
