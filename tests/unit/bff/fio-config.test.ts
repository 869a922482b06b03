// FIO_CALL_GAP_SECONDS and FIO_POLL_SECONDS (decision 0070): Fio answers one call per token in 30 s, so
// the shop's gap between calls is 31 s unless FIO_API_URL names a stand-in (the fault suite's fake, with
// a rule of seconds), and the job never polls more often than the gap.
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FIO_API_URL, FIO_CALL_GAP_SECONDS, loadConfig } from '../../../bff/src/config.ts';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), FIO_API_TOKEN: 'token' };
const standIn = 'http://127.0.0.1:4011/v1/rest';

describe('FIO_CALL_GAP_SECONDS and FIO_POLL_SECONDS', () => {
  it('default to a call at most every 31 s and a poll every 60 s on Fio itself; tests kick the poll', () => {
    expect(FIO_CALL_GAP_SECONDS).toBe(31);
    expect(loadConfig(production)).toMatchObject({ fioApiUrl: DEFAULT_FIO_API_URL, fioCallGapMs: 31_000, fioPollIntervalMs: 60_000 });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ fioCallGapMs: 31_000, fioPollIntervalMs: 0 });
  });

  it('never poll more often than the gap', () => {
    expect(() => loadConfig({ ...production, FIO_POLL_SECONDS: '30' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, FIO_POLL_SECONDS: '30' })).toThrow('FIO_POLL_SECONDS must be FIO_CALL_GAP_SECONDS (31) or more, got "30"');
    expect(loadConfig({ ...production, FIO_POLL_SECONDS: '31' })).toMatchObject({ fioCallGapMs: 31_000, fioPollIntervalMs: 31_000 });
    expect(() => loadConfig({ ...production, FIO_API_URL: standIn, FIO_CALL_GAP_SECONDS: '3', FIO_POLL_SECONDS: '2' })).toThrow(/FIO_POLL_SECONDS must be FIO_CALL_GAP_SECONDS \(3\)/);
    // a gap longer than the default poll takes the poll along
    expect(loadConfig({ ...production, FIO_CALL_GAP_SECONDS: '90' })).toMatchObject({ fioCallGapMs: 90_000, fioPollIntervalMs: 90_000 });
    for (const [gap, poll] of [['1', '1'], ['3', '3'], ['3', '60'], ['31', '31'], ['120', '600']]) {
      const config = loadConfig({ ...production, FIO_API_URL: standIn, FIO_CALL_GAP_SECONDS: gap, FIO_POLL_SECONDS: poll });
      expect(config.fioPollIntervalMs).toBeGreaterThanOrEqual(config.fioCallGapMs);
    }
  });

  it('take a gap under Fio’s own only for a stand-in of the API', () => {
    expect(() => loadConfig({ ...production, FIO_CALL_GAP_SECONDS: '3', FIO_POLL_SECONDS: '3' })).toThrow(/only for a stand-in of the Fio API \(FIO_API_URL\)/);
    expect(loadConfig({ ...production, FIO_API_URL: standIn, FIO_CALL_GAP_SECONDS: '3', FIO_POLL_SECONDS: '3' })).toMatchObject({ fioCallGapMs: 3000, fioPollIntervalMs: 3000 });
    expect(() => loadConfig({ ...production, FIO_API_URL: standIn, FIO_CALL_GAP_SECONDS: '0' })).toThrow(/FIO_CALL_GAP_SECONDS must be a whole number from 1 to 3600/);
  });
});
