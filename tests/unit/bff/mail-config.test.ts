// E-mail settings: SMTP_URL chooses real SMTP, without it e-mails become .eml files in DATA_DIR/mail.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../bff/src/config.ts';

describe('mail configuration', () => {
  it('writes .eml files under DATA_DIR/mail without SMTP_URL', () => {
    const config = loadConfig({ DATA_DIR: '/srv/shop-data' });
    expect(config.smtpUrl).toBeNull();
    expect(config.mailDir).toBe(path.join('/srv/shop-data', 'mail'));
    expect(config.mailFrom).toBe('Tribuna Sport <info@tribunasport.cz>');
  });

  it('accepts smtp:// and smtps:// URLs with credentials', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://shop:tajne@mail.example:587' }).smtpUrl).toBe('smtp://shop:tajne@mail.example:587');
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example' }).smtpUrl).toBe('smtps://mail.example');
  });

  it.each(['http://mail.example', 'mail.example:25', 'smtp://:25', 'smtp://user:pa ss@host'])('refuses SMTP_URL %j without echoing it', (value) => {
    expect(() => loadConfig({ SMTP_URL: value })).toThrow(ConfigError);
    try {
      loadConfig({ SMTP_URL: value });
    } catch (error) {
      // the URL may carry the password: the message names the variable, not the value
      expect((error as Error).message).toContain('SMTP_URL');
      expect((error as Error).message).not.toContain(value);
    }
  });

  it('takes MAIL_FROM as a plain address or "Name <address>"', () => {
    expect(loadConfig({ MAIL_FROM: 'obchod@example.cz' }).mailFrom).toBe('obchod@example.cz');
    expect(loadConfig({ MAIL_FROM: 'Obchod Praha <obchod@example.cz>' }).mailFrom).toBe('Obchod Praha <obchod@example.cz>');
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  });
});
