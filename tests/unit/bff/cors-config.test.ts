// CORS_ORIGINS: an explicit list of exact origins, refused with a clear message when an entry is
// not one (a path, a wildcard, upper case, another scheme), so a typo cannot open the API widely.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../bff/src/config.ts';

describe('CORS_ORIGINS', () => {
  it('is empty by default: no other site may call the API from a browser', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' ' }).corsOrigins).toEqual([]);
  });

  it('takes comma-separated exact http(s) origins, ports included', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://partner.example, http://localhost:4000,,https://b.example:8443,http://[::1]:4000' }).corsOrigins,
    ).toEqual(['https://partner.example', 'http://localhost:4000', 'https://b.example:8443', 'http://[::1]:4000']);
  });

  it.each([
    ['*', /got "\*"/],
    ['https://partner.example/', /write it as https:\/\/partner\.example\)/],
    ['https://partner.example/app', /write it as https:\/\/partner\.example\)/],
    ['https://Partner.example', /write it as https:\/\/partner\.example\)/],
    ['https://partner.example:443', /write it as https:\/\/partner\.example\)/],
    ['partner.example', /got "partner\.example"/],
    ['ftp://partner.example', /got "ftp:\/\/partner\.example"/],
    ['null', /got "null"/],
    ['https://*.partner.example', /got "https:\/\/\*\.partner\.example"$/],
  ])('refuses %s with a message that names the variable', (value, detail) => {
    let error: unknown;
    try {
      loadConfig({ CORS_ORIGINS: `https://ok.example,${value}` });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^CORS_ORIGINS must list http\(s\) origins/);
    expect((error as Error).message).toMatch(detail);
  });
});
