// The log (bff/src/log.ts): JSON lines at LOG_LEVEL; secrets and personal data redacted by field name,
// e-mail addresses masked in messages and errors; nothing at all in tests without a destination.
import { describe, expect, it } from 'vitest';
import { createLogger, lineLog, maskPersonalData, preformattedLines } from '../../../bff/src/log.ts';
import { ConfigError, loadConfig } from '../../../bff/src/config.ts';
import { pageRouteOf } from '../../../bff/src/http/page-routes.ts';

function capture(level: 'info' | 'warn' = 'info', env: 'production' | 'test' = 'production') {
  const lines: string[] = [];
  const log = createLogger({ env, logLevel: level }, { write: (line: string) => void lines.push(line) });
  return { log, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('maskPersonalData', () => {
  it('replaces every e-mail address and leaves the rest', () => {
    expect(maskPersonalData('550 5.1.1 <jana.novakova+shop@example.cz>: Recipient address rejected; cc petr@mail.example.com')).toBe(
      '550 5.1.1 <[email]>: Recipient address rejected; cc [email]',
    );
    expect(maskPersonalData('[mail] orderConfirmation #42 sent in 12 ms')).toBe('[mail] orderConfirmation #42 sent in 12 ms');
  });
});

describe('createLogger', () => {
  it('writes one JSON object a line with the level, time and message', () => {
    const { log, entries } = capture();
    log.info({ requestId: 'r-1' }, 'request');
    expect(entries()).toEqual([expect.objectContaining({ level: 'info', msg: 'request', requestId: 'r-1', time: expect.any(String) })]);
  });

  it('redacts passwords, tokens, cookies, e-mails and names by field, at the top and one level down', () => {
    const { log, lines } = capture();
    log.info(
      {
        password: 'Heslo-123',
        token: 'shp_secret',
        input: { email: 'jana@example.cz', firstName: 'Jana', lastName: 'Nováková', phone: '+420 777 123 456', newPassword: 'Nove-heslo-1' },
        req: { headers: { cookie: 'sid=s%3Aabc', authorization: 'Bearer shp_x' } },
        variables: { anything: 'at all' },
      },
      'something happened',
    );
    const text = lines.join('');
    for (const secret of ['Heslo-123', 'shp_secret', 'jana@example.cz', 'Jana', 'Nováková', '777 123', 'Nove-heslo-1', 'sid=', 'Bearer', 'at all']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('masks e-mail addresses in messages and in errors, keeping their stack', () => {
    const { log, entries } = capture();
    log.error({ err: new Error('refused <jana@example.cz>') }, 'sending to petr@example.cz failed');
    const [entry] = entries() as [{ msg: string; err: { message: string; stack: string } }];
    expect(entry.msg).toBe('sending to [email] failed');
    expect(entry.err.message).toBe('refused <[email]>');
    expect(entry.err.stack).toMatch(/^Error: refused <\[email\]>\n\s+at /);
    expect(JSON.stringify(entry)).not.toContain('example.cz');
  });

  it('leaves out what is below LOG_LEVEL', () => {
    const { log, entries } = capture('warn');
    log.info('not this');
    log.warn('this');
    expect(entries().map((entry) => entry.msg)).toEqual(['this']);
  });

  it('in tests writes nothing without a destination, and to one it is given', () => {
    expect(createLogger({ env: 'test', logLevel: 'info' }).isLevelEnabled('fatal')).toBe(false);
    const { log, entries } = capture('info', 'test');
    log.info('read by the test');
    expect(entries()).toHaveLength(1);
  });

  it('lineLog: a line and its error, the error under err', () => {
    const { log, entries } = capture();
    lineLog(log).error('[mail] sending failed', new Error('boom'));
    lineLog(log).info('[mail] sent');
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'error', msg: '[mail] sending failed', err: expect.objectContaining({ message: 'boom' }) }),
      expect.objectContaining({ level: 'info', msg: '[mail] sent' }),
    ]);
  });
});

describe('preformattedLines (the request lines, decision 0066)', () => {
  it("writes a line of given fields as pino writes it: level, time, pid, hostname, the fields, the message; one write a line", () => {
    const { log, lines } = capture();
    const fields = { requestId: 'r-1', method: 'GET', route: '/produkt/:slug', status: 200, durationMs: 0.4, aborted: false, cache: 'HIT', userAgent: 'wrk "4" \\ ž' };
    log.info(fields, 'request');
    const json = Object.entries(fields).map(([name, value]) => `,"${name}":${JSON.stringify(value)}`).join('');
    preformattedLines(log).write('info', json, 'request');
    expect(lines).toHaveLength(2);
    const [byPino, preformatted] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[1].endsWith('}\n')).toBe(true);
    expect({ ...preformatted, time: 'T' }).toEqual({ ...byPino, time: 'T' });
    expect(Object.keys(preformatted)).toEqual(Object.keys(byPino));
    expect(Date.parse(preformatted.time as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps to LOG_LEVEL, and writes nothing in tests without a destination', () => {
    const { log, lines } = capture('warn');
    const preformatted = preformattedLines(log);
    expect([preformatted.enabled('info'), preformatted.enabled('error')]).toEqual([false, true]);
    preformatted.write('info', ',"status":200', 'request');
    preformatted.write('error', ',"status":500', 'request');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([expect.objectContaining({ level: 'error', status: 500, msg: 'request' })]);
    const silent = preformattedLines(createLogger({ env: 'test', logLevel: 'info' }));
    expect(silent.enabled('error')).toBe(false);
    silent.write('error', ',"status":500', 'request');
  });
});

describe('LOG_LEVEL and METRICS_TOKEN', () => {
  it('LOG_LEVEL is info by default, one of pino\'s levels otherwise', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
  });

  it('METRICS_TOKEN is off by default, at least 32 characters, and never echoed', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(32) }).metricsToken).toBe('x'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN must be at least 32/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
  });
});

describe('pageRouteOf', () => {
  it('names a page by its pattern, never by its parameters', () => {
    expect(pageRouteOf('/produkt/dres-domaci')).toBe('/produkt/:slug');
    expect(pageRouteOf('/en/order/summary/12/abcdef')).toBe('/en/order/summary/:id/:hash');
    expect(pageRouteOf('/kosik.data')).toBe('/kosik.data');
    expect(pageRouteOf('/blog')).toBe('/blog');
    expect(pageRouteOf('/')).toBe('/');
    expect(pageRouteOf('/no/such/page')).toBeNull();
  });
});
