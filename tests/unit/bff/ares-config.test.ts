import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ARES_URL, loadConfig } from '../../../bff/src/config.ts';

describe('ARES_URL and ARES_TIMEOUT_MS', () => {
  it('default to the official register and 4 s; tests get a closed local port instead of the internet', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toMatchObject({ aresUrl: DEFAULT_ARES_URL, aresTimeoutMs: 4000 });
    expect(DEFAULT_ARES_URL).toBe('https://ares.gov.cz/ekonomicke-subjekty-v-be/rest');
    expect(loadConfig({ NODE_ENV: 'test' }).aresUrl).toBe('http://127.0.0.1:9');
  });

  it('take a base URL without its trailing slash and a timeout from 100 to 30000 ms', () => {
    expect(loadConfig({ ARES_URL: 'http://127.0.0.1:4010/rest/', ARES_TIMEOUT_MS: '250' })).toMatchObject({ aresUrl: 'http://127.0.0.1:4010/rest', aresTimeoutMs: 250 });
  });

  it('refuse a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ ARES_URL: 'ftp://ares' })).toThrow(ConfigError);
    expect(() => loadConfig({ ARES_URL: 'not a url' })).toThrow(/ARES_URL/);
    expect(() => loadConfig({ ARES_TIMEOUT_MS: '50' })).toThrow(/ARES_TIMEOUT_MS/);
    expect(() => loadConfig({ ARES_TIMEOUT_MS: 'soon' })).toThrow(/ARES_TIMEOUT_MS/);
  });
});
