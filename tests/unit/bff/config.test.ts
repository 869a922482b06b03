// Configuration: safe defaults for a local run and a clear error for every bad value.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../bff/src/config.ts';

const SECRET = 'a-long-enough-session-secret-0123456789';

/** The error loadConfig throws for this environment (fails the test when it does not throw). */
function errorFor(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has defaults for a local run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: path.resolve('.data'),
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      graphiql: true,
      eurRate: 25,
      seedDemoData: true,
      logQueries: false,
      ssr: 'vite',
      hmrPort: 24678,
    });
  });

  it('test and production modes render differently and hide GraphiQL', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ env: 'test', ssr: 'off', graphiql: false });
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toMatchObject({
      env: 'production',
      ssr: 'build',
      graphiql: false,
      sessionSecret: SECRET,
    });
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://shop@db:5432/shop',
      DATA_DIR: '/var/lib/shop',
      PUBLIC_URL: 'https://shop.example/',
      SESSION_SECRET: SECRET,
      GRAPHIQL: 'off',
      EUR_RATE: '24.5',
      SEED_DEMO_DATA: 'false',
      LOG_QUERIES: 'yes',
      DATABASE_PREPARED_STATEMENTS: 'off',
      HMR_PORT: '25000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://shop@db:5432/shop',
      dataDir: '/var/lib/shop',
      publicUrl: 'https://shop.example',
      secureCookies: true,
      graphiql: false,
      eurRate: 24.5,
      seedDemoData: false,
      logQueries: true,
      preparedStatements: false,
      hmrPort: 25000,
    });
    expect(loadConfig({}).preparedStatements).toBe(true);
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/shop' }).databaseUrl).toBe('postgres://localhost/shop');
  });

  it('overrides win over the environment', () => {
    expect(loadConfig({ PORT: '8080' }, { port: 0, ssr: 'off' })).toMatchObject({ port: 0, ssr: 'off' });
  });

  it.each(['abc', '70000', '-1', '3.5', '80 80'])('a bad PORT (%s) is a clear error', (port) => {
    expect(errorFor({ PORT: port }).message).toBe(`PORT must be a whole number from 0 to 65535, got "${port}"`);
  });

  it.each(['mysql://shop@db/shop', 'localhost:5432/shop', 'shop'])('a DATABASE_URL that is not PostgreSQL (%s) is a clear error', (url) => {
    expect(errorFor({ DATABASE_URL: url }).message).toMatch(/DATABASE_URL must be a postgresql:\/\/ URL/);
  });

  it('REDIS_URL turns on Redis for the rate limits; without it they live in PostgreSQL', () => {
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://:heslo@cache:6379/2' }).redisUrl).toBe('redis://:heslo@cache:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380' }).redisUrl).toBe('rediss://cache.example:6380');
  });

  it.each(['cache:6379', 'http://cache:6379', 'redis://tajne heslo@cache'])('a bad REDIS_URL (%s) is a clear error that does not print it', (url) => {
    const error = errorFor({ REDIS_URL: url });
    expect(error.message).toBe('REDIS_URL must be a redis:// or rediss:// URL');
  });

  it('a short SESSION_SECRET in production is a clear error that does not print the secret', () => {
    const error = errorFor({ NODE_ENV: 'production', SESSION_SECRET: 'tajne-heslo-123' });
    expect(error.message).toMatch(/SESSION_SECRET must .*32 characters/);
    expect(error.message).not.toContain('tajne-heslo-123');
  });

  it('a public https shop without SESSION_SECRET does not start', () => {
    expect(errorFor({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }).message).toMatch(/SESSION_SECRET/);
  });

  it('BANK_TRANSFER_PAYMENT_DAYS sets the payment deadline of bank transfers, 7 days by default (issue 31)', () => {
    expect(loadConfig({}).bankTransferPaymentDays).toBe(7);
    expect(loadConfig({ BANK_TRANSFER_PAYMENT_DAYS: '14' }).bankTransferPaymentDays).toBe(14);
    expect(errorFor({ BANK_TRANSFER_PAYMENT_DAYS: '0' }).message).toBe('BANK_TRANSFER_PAYMENT_DAYS must be a whole number from 1 to 60, got "0"');
    // the job that cancels unpaid orders runs in the app, not in tests (they run it with their own "now")
    expect(loadConfig({}).unpaidOrdersIntervalMs).toBeGreaterThan(0);
    expect(loadConfig({ NODE_ENV: 'test' }).unpaidOrdersIntervalMs).toBe(0);
  });

  it('DISPATCH_CUTOFF sets the dispatch cut-off, 13:00 by default; a bad value stops the start (issue 43 §3)', () => {
    expect(loadConfig({}).dispatchCutoff).toBe('13:00');
    expect(loadConfig({ DISPATCH_CUTOFF: '' }).dispatchCutoff).toBe('13:00');
    expect(loadConfig({ DISPATCH_CUTOFF: '14:30' }).dispatchCutoff).toBe('14:30');
    expect(loadConfig({ DISPATCH_CUTOFF: '00:00' }).dispatchCutoff).toBe('00:00');
    for (const bad of ['24:00', '9:00', '13', '13:00:00', 'noon', '12:60']) {
      expect(errorFor({ DISPATCH_CUTOFF: bad }).message).toBe(`DISPATCH_CUTOFF must be a time of day HH:MM (00:00-23:59, Prague time), got "${bad}"`);
    }
  });

  it('WITHDRAWAL_PERIOD_DAYS sets the withdrawal period, 14 days by default, the law’s 14 to 365; a bad value stops the start (issue 42 §1)', () => {
    expect(loadConfig({}).withdrawalPeriodDays).toBe(14);
    expect(loadConfig({ WITHDRAWAL_PERIOD_DAYS: '' }).withdrawalPeriodDays).toBe(14);
    expect(loadConfig({ WITHDRAWAL_PERIOD_DAYS: '30' }).withdrawalPeriodDays).toBe(30);
    expect(loadConfig({ WITHDRAWAL_PERIOD_DAYS: '14' }).withdrawalPeriodDays).toBe(14);
    expect(loadConfig({ WITHDRAWAL_PERIOD_DAYS: '365' }).withdrawalPeriodDays).toBe(365);
    expect(errorFor({ WITHDRAWAL_PERIOD_DAYS: '13' }).message).toBe(
      'WITHDRAWAL_PERIOD_DAYS must be a whole number from 14 to 365, got "13": the law gives consumers 14 days at least (Civil Code § 1829(1))',
    );
    expect(errorFor({ WITHDRAWAL_PERIOD_DAYS: '0' }).message).toMatch(/^WITHDRAWAL_PERIOD_DAYS must be a whole number from 14 to 365, got "0": the law/);
    expect(errorFor({ WITHDRAWAL_PERIOD_DAYS: '366' }).message).toBe('WITHDRAWAL_PERIOD_DAYS must be a whole number from 14 to 365, got "366"');
    for (const bad of ['30 days', '14.5', '-30', 'třicet']) {
      expect(errorFor({ WITHDRAWAL_PERIOD_DAYS: bad }).message).toBe(`WITHDRAWAL_PERIOD_DAYS must be a whole number from 14 to 365, got "${bad}"`);
    }
  });

  it('the seat hold limits and the tickets’ payment deadline have defaults and refuse bad values (issue 40)', () => {
    expect(loadConfig({}).seatHolds).toEqual({ clientOrders: 2, cooldownMs: 900_000, announceMs: 500 });
    expect(loadConfig({ NODE_ENV: 'test' }).seatHolds.announceMs).toBe(0);
    expect(loadConfig({ SEAT_HOLD_CLIENT_ORDERS: '3', SEAT_HOLD_COOLDOWN_MS: '0', SEAT_CHANGE_BATCH_MS: '1000' }).seatHolds).toEqual({ clientOrders: 3, cooldownMs: 0, announceMs: 1000 });
    expect(errorFor({ SEAT_HOLD_CLIENT_ORDERS: '0' }).message).toBe('SEAT_HOLD_CLIENT_ORDERS must be a whole number from 1 to 1000, got "0"');
    expect(errorFor({ SEAT_HOLD_COOLDOWN_MS: '-1' }).message).toMatch(/^SEAT_HOLD_COOLDOWN_MS must be a whole number from 0 to 86400000/);
    expect(errorFor({ SEAT_CHANGE_BATCH_MS: 'soon' }).message).toMatch(/^SEAT_CHANGE_BATCH_MS must be a whole number from 0 to 10000/);
    expect([loadConfig({}).ticketPaymentMarginHours, loadConfig({}).ticketBankTransferMinHours]).toEqual([24, 24]);
    expect(loadConfig({ TICKET_PAYMENT_MARGIN_HOURS: '0', TICKET_BANK_TRANSFER_MIN_HOURS: '72' })).toMatchObject({ ticketPaymentMarginHours: 0, ticketBankTransferMinHours: 72 });
    expect(errorFor({ TICKET_PAYMENT_MARGIN_HOURS: '1.5' }).message).toMatch(/^TICKET_PAYMENT_MARGIN_HOURS must be a whole number from 0 to 720/);
    expect(errorFor({ TICKET_BANK_TRANSFER_MIN_HOURS: '0' }).message).toMatch(/^TICKET_BANK_TRANSFER_MIN_HOURS must be a whole number from 1 to 1440/);
  });

  it('other bad values are clear errors too', () => {
    expect(errorFor({ PUBLIC_URL: 'shop.example' }).message).toMatch(/PUBLIC_URL must be an http\(s\) URL/);
    expect(errorFor({ EUR_RATE: 'abc' }).message).toMatch(/EUR_RATE must be a positive number/);
    expect(errorFor({ EUR_RATE: '-25' }).message).toMatch(/EUR_RATE must be a positive number/);
    expect(errorFor({ GRAPHIQL: 'maybe' }).message).toBe('GRAPHIQL must be true or false, got "maybe"');
    expect(errorFor({ HMR_PORT: '80' }).message).toMatch(/HMR_PORT must be a whole number from 1024 to 65535/);
  });

  it('GRAPHIQL_PUBLIC (the public explorer) is off by default and needs GraphiQL on', () => {
    expect(loadConfig({}).graphiqlPublic).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, GRAPHIQL: 'true' }).graphiqlPublic).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, GRAPHIQL: 'true', GRAPHIQL_PUBLIC: 'true' })).toMatchObject({
      graphiql: true,
      graphiqlPublic: true,
    });
    // in development GraphiQL is on anyway
    expect(loadConfig({ GRAPHIQL_PUBLIC: 'true' }).graphiqlPublic).toBe(true);
    expect(errorFor({ NODE_ENV: 'production', SESSION_SECRET: SECRET, GRAPHIQL_PUBLIC: 'true' }).message).toBe(
      'GRAPHIQL_PUBLIC=true needs GraphiQL: set GRAPHIQL=true as well',
    );
    expect(errorFor({ GRAPHIQL_PUBLIC: 'sometimes' }).message).toBe('GRAPHIQL_PUBLIC must be true or false, got "sometimes"');
  });

  it('TRUST_PROXY takes a number of proxies or addresses and networks; loopback by default', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,loopback, fd00::/8, ::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
      '::1',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', '10.0.0.256', 'proxy.example', '10.0.0.0/8/1', '::1/129', '11']) {
      expect(errorFor({ TRUST_PROXY: bad }).message, bad).toMatch(/^TRUST_PROXY must be/);
    }
  });
});
