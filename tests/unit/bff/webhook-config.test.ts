// Webhook settings and address rules (docs/decisions/0040): WEBHOOK_ALLOW_HOSTS is a development
// exception, refused in production; the address check knows the ranges that lead into a private network.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../bff/src/config.ts';
import { isPublicAddress, parseWebhookUrl, WebhookUrlError } from '../../../bff/src/services/webhook-addresses.ts';

describe('webhook configuration', () => {
  it('has no allow-listed host unless WEBHOOK_ALLOW_HOSTS names some, in lower case and without brackets', () => {
    expect(loadConfig({}).webhookAllowHosts).toEqual([]);
    expect(loadConfig({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1, LocalHost,[::1]' }).webhookAllowHosts).toEqual(['127.0.0.1', 'localhost', '::1']);
  });

  it('refuses WEBHOOK_ALLOW_HOSTS in production, and entries that are not hosts', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), WEBHOOK_ALLOW_HOSTS: '127.0.0.1' })).toThrow(/development and tests only/);
    expect(() => loadConfig({ WEBHOOK_ALLOW_HOSTS: 'http://127.0.0.1:8080' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_ALLOW_HOSTS: '*.example' })).toThrow(ConfigError);
  });

  it('polls every 5 seconds by default, never on its own in tests', () => {
    expect(loadConfig({}).webhookIntervalMs).toBe(5000);
    expect(loadConfig({ WEBHOOK_INTERVAL_MS: '0' }).webhookIntervalMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).webhookIntervalMs).toBe(0);
    expect(() => loadConfig({ WEBHOOK_INTERVAL_MS: 'soon' })).toThrow(ConfigError);
  });
});

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.10.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0',
    '224.0.0.1', '239.255.255.250', '255.255.255.255', '198.18.0.1', '::1', '::', 'fd00::1', 'fc00::1', 'fe80::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', '2002:7f00:1::1', 'not-an-address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2a00:1450:4001::200e', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('allows http and private addresses for allow-listed hosts only', () => {
    expect(parseWebhookUrl('http://127.0.0.1:8080/hooks', { allowHosts: ['127.0.0.1'] }).href).toBe('http://127.0.0.1:8080/hooks');
    expect(() => parseWebhookUrl('http://127.0.0.1:8080/hooks', { allowHosts: [] })).toThrow(WebhookUrlError);
    expect(() => parseWebhookUrl('https://127.0.0.1/hooks', { allowHosts: ['localhost'] })).toThrow(/not a public|private/);
    expect(() => parseWebhookUrl('https://partner.example/hooks#x', { allowHosts: [] })).toThrow(/fragment/);
    expect(parseWebhookUrl(' https://Partner.Example/hooks ', { allowHosts: [] }).href).toBe('https://partner.example/hooks');
  });
});
