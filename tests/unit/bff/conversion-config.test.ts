// The conversion settings (docs/marketing.md, decision 0076): every channel off without its key, the
// tests never pointed at the real endpoints, bad values refused with the variable's name, secrets not
// echoed; and the thank-you page's CSP extension adds the hosts of the configured scripts only.
import { describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { ConfigError, DEFAULT_HEUREKA_ORDER_LOG_URL, DEFAULT_ZBOZI_CONVERSION_URL, loadConfig } from '../../../bff/src/config.ts';
import { conversionSources, extendContentSecurityPolicy, securityHeaderSetter } from '../../../bff/src/http/security-headers.ts';
import { browserChannelsSet, serverChannels, surveyOffered } from '../../../bff/src/services/conversions.ts';

function response() {
  const headers = new Map<string, string>();
  return {
    headers,
    res: { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value), getHeader: (name: string) => headers.get(name.toLowerCase()) } as unknown as ServerResponse,
  };
}

describe('conversion settings', () => {
  it('are all off by default; the endpoints are the real ones, and a closed local port in tests', () => {
    const settings = loadConfig({}).conversions;
    expect(settings).toMatchObject({ heurekaConversionKey: null, heurekaVerifiedKey: null, zboziShopId: null, zboziPrivateKey: null, googleAdsConversion: null });
    expect(settings.heurekaOrderLogUrl).toBe(DEFAULT_HEUREKA_ORDER_LOG_URL);
    expect(settings.zboziConversionUrl).toBe(DEFAULT_ZBOZI_CONVERSION_URL);
    expect(serverChannels(settings)).toEqual([]);
    expect(browserChannelsSet(settings)).toBe(false);
    expect(surveyOffered({ conversions: settings })).toBe(false);
    const inTests = loadConfig({ NODE_ENV: 'test' }).conversions;
    expect(inTests.heurekaOrderLogUrl).toMatch(/^http:\/\/127\.0\.0\.1:9\//);
    expect(inTests.zboziConversionUrl).toMatch(/^http:\/\/127\.0\.0\.1:9\//);
  });

  it('reads the keys; Zboží’s backend call needs the shop id and the private key', () => {
    const settings = loadConfig({ HEUREKA_VERIFIED_KEY: 'abc', ZBOZI_SHOP_ID: '12345', GOOGLE_ADS_CONVERSION: 'AW-123456789/AbC-dEf_1' }).conversions;
    expect(serverChannels(settings)).toEqual(['HEUREKA_ORDER_LOG']);
    expect(settings.googleAdsConversion).toEqual({ id: 'AW-123456789', label: 'AbC-dEf_1' });
    expect(browserChannelsSet(settings)).toBe(true);
    expect(serverChannels(loadConfig({ ZBOZI_SHOP_ID: '12345', ZBOZI_PRIVATE_KEY: 'secret' }).conversions)).toEqual(['ZBOZI_CONVERSION']);
  });

  it.each([
    ['ZBOZI_SHOP_ID', 'abc'],
    ['GOOGLE_ADS_CONVERSION', 'AW-123'],
    ['GOOGLE_ADS_CONVERSION', 'GTM-ABC123/label'],
    ['HEUREKA_CONVERSION_KEY', 'key with spaces'],
    ['HEUREKA_ORDER_LOG_URL', 'ftp://api.heureka.cz/log'],
    ['ZBOZI_CONVERSION_URL', 'not a url'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('does not echo a secret it refuses', () => {
    expect(() => loadConfig({ ZBOZI_PRIVATE_KEY: 'tajny klic' })).toThrow(/ZBOZI_PRIVATE_KEY/);
    expect(() => loadConfig({ ZBOZI_PRIVATE_KEY: 'tajny klic' })).not.toThrow(/tajny/);
  });
});

describe('the thank-you page’s CSP', () => {
  it('adds the configured scripts’ hosts to the response’s policy, and only theirs', () => {
    const config = loadConfig({ NODE_ENV: 'test', HEUREKA_CONVERSION_KEY: 'key', GOOGLE_ADS_CONVERSION: 'AW-123456789/label' });
    const { res, headers } = response();
    securityHeaderSetter(config)('/objednavka/dekujeme', 'n0nce', res);
    const usual = headers.get('content-security-policy')!;
    expect(usual).not.toContain('im9.cz');
    extendContentSecurityPolicy(res, conversionSources(config.conversions));
    const extended = headers.get('content-security-policy')!;
    const directive = (name: string) => extended.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe(`script-src 'self' 'nonce-n0nce' https://im9.cz https://www.googletagmanager.com`);
    expect(directive('img-src')).toContain('https://*.heureka.cz');
    expect(directive('frame-src')).toBe(`frame-src 'self' https://td.doubleclick.net`);
    // Zboží's key is not set: its host stays out
    expect(extended).not.toContain('seznam.cz');
    // the other directives as they were
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
  });

  it('adds nothing without keys', () => {
    expect(conversionSources(loadConfig({}).conversions)).toEqual({ script: [], img: [], connect: [], frame: [] });
  });
});
