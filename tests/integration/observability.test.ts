// Logs and metrics (issue 25, docs/decisions/0036-logs-and-metrics.md): one JSON log line per request
// with its id, route pattern, operation, status and duration, and nothing personal in it; Prometheus
// metrics at /metrics only for a request with METRICS_TOKEN, 404 for anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCustomer } from '../support/factories.ts';

const TOKEN = 'metrics-token-of-the-observability-tests-0123456789';
const LOGIN = 'mutation Login($input: LoginInput!) { login(input: $input) { __typename } }';

let app: TestApp;
const logLines: string[] = [];

type LogEntry = Record<string, unknown> & { msg?: string; requestId?: string };

const logEntries = (): LogEntry[] => logLines.map((line) => JSON.parse(line) as LogEntry);

/** Waits for something that happens right after the response has gone (the log line, the histogram). */
async function eventually<T>(find: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('not seen within 2 s');
}

function scrape(authorization = `Bearer ${TOKEN}`): Promise<Response> {
  return fetch(`${app.url}/metrics`, { headers: { authorization } });
}

/** A sample's value in the exposition text, e.g. sample(text, 'shop_db_pool_waiting'); undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function metricsText(): Promise<string> {
  const response = await scrape();
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  app = await createTestApp({
    config: { metricsToken: TOKEN, responseCache: true },
    logDestination: { write: (line) => void logLines.push(line) },
  });
});

afterAll(async () => {
  await app?.close();
});

describe(`/metrics (${databaseKind})`, () => {
  it('is 404 without the token, with a wrong one and with the token in another form; 404 when no METRICS_TOKEN is set', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    expect((await scrape('Bearer wrong-token')).status).toBe(404);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(404);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(404);
    expect((await scrape(TOKEN)).status).toBe(404);
    expect((await fetch(`${app.url}/metrics?token=${TOKEN}`)).status).toBe(404);
    const withoutMetrics = await createTestApp({ databaseUrl: app.databaseUrl });
    try {
      const response = await fetch(`${withoutMetrics.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
    } finally {
      await withoutMetrics.close();
    }
  });

  it('answers the right token with the metrics as text/plain', async () => {
    await fetch(`${app.url}/health`);
    await app.gql('query Layout { __typename }');
    const response = await scrape();
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    for (const name of [
      'shop_http_request_duration_seconds',
      'shop_graphql_operation_duration_seconds',
      'shop_db_pool_connections',
      'shop_db_pool_waiting',
      'shop_mail_outbox_backlog',
      'shop_rate_limit_refusals_total',
      'shop_response_cache_lookups_total',
      'shop_response_cache_stored_total',
      'shop_response_cache_compressed_total',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'shop_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_db_pool_waiting')).toBe(0);
  });

  it('a request adds one to its route\'s histogram; the raw URL is never a label', async () => {
    const series = 'shop_http_request_duration_seconds_count{method="GET",route="/health",status="2xx"}';
    const before = sample(await metricsText(), series) ?? 0;
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
    await eventually(async () => (sample(await metricsText(), series) === before + 1 ? true : undefined));

    const page = 'shop_http_request_duration_seconds_count{method="GET",route="/produkt/:slug",status="4xx"}';
    const pageBefore = sample(await metricsText(), page) ?? 0;
    await fetch(`${app.url}/produkt/a-secret-slug?email=someone%40example.cz`);
    const text = await eventually(async () => {
      const current = await metricsText();
      return sample(current, page) === pageBefore + 1 ? current : undefined;
    });
    expect(text).not.toContain('a-secret-slug');
    expect(text).not.toContain('example.cz');
  });

  it("GraphQL operations are timed by name when they are the web's own, as \"other\" otherwise", async () => {
    const known = 'shop_graphql_operation_duration_seconds_count{operation="Layout",type="query",client="web"}';
    const other = 'shop_graphql_operation_duration_seconds_count{operation="other",type="query",client="web"}';
    const before = await metricsText();
    // (an alias of its own: an answer the response cache held would not be executed)
    await app.gql(`query Layout { __typename fresh${Date.now()}: __typename }`);
    await app.gql(`query SomeoneInvented { __typename fresh${Date.now()}: __typename }`);
    const after = await metricsText();
    expect(sample(after, known)).toBe((sample(before, known) ?? 0) + 1);
    expect(sample(after, other)).toBe((sample(before, other) ?? 0) + 1);
    expect(after).not.toContain('SomeoneInvented');
  });

  it('counts rate-limit refusals by the limit, and reads the mail outbox backlog at each scrape', async () => {
    const customer = await createCustomer(app.prisma);
    const series = 'shop_rate_limit_refusals_total{limit="login-account"}';
    const before = sample(await metricsText(), series) ?? 0;
    const client = app.newClient();
    // the account's limit is 10 failed attempts in 15 minutes: the 11th is refused
    for (let attempt = 0; attempt < 11; attempt++) await client.gql(LOGIN, { input: { email: customer.email, password: `wrong-${attempt}` } });
    expect(sample(await metricsText(), series)).toBe(before + 1);
    // the scrapes themselves, under their own route
    expect(await metricsText()).toContain('shop_http_request_duration_seconds_count{method="GET",route="/metrics",status="2xx"}');

    const backlog = sample(await metricsText(), 'shop_mail_outbox_backlog')!;
    await app.prisma.mailOutbox.create({ data: { kind: 'orderConfirmation', recipient: customer.email, language: 'cs', payload: {} } });
    expect(sample(await metricsText(), 'shop_mail_outbox_backlog')).toBe(backlog + 1);
  });
});

describe(`the request log (${databaseKind})`, () => {
  it('one JSON line per request: id, route, operation, status and duration; no password, e-mail or cookie in the whole log', async () => {
    const customer = await createCustomer(app.prisma);
    const client = app.newClient();
    const response = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await client.ensureCsrfCookie(), 'user-agent': 'observability-test' },
      body: JSON.stringify({ query: LOGIN, variables: { input: { email: customer.email, password: customer.password } } }),
    });
    expect(await response.json()).toEqual({ data: { login: { __typename: 'Customer' } } });
    const requestId = response.headers.get('x-request-id')!;
    const line = await eventually(() => logEntries().find((entry) => entry.msg === 'request' && entry.requestId === requestId));
    expect(line).toMatchObject({ level: 'info', method: 'POST', route: '/graphql', operation: 'Login', status: 200, userAgent: 'observability-test' });
    // the request lines skip the log's field redaction (http/request-log.ts): their fields are these and no other
    const pinoFields = ['hostname', 'level', 'msg', 'pid', 'time'];
    expect(Object.keys(line).filter((field) => !pinoFields.includes(field)).sort()).toEqual(['aborted', 'cache', 'durationMs', 'method', 'operation', 'requestId', 'route', 'status', 'userAgent']);
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(line.durationMs as number).toBeGreaterThan(0);

    // the session afterwards: its cookie goes along with a request the log records too
    const me = await client.fetch('/produkt/my-secret-slug?email=' + encodeURIComponent(customer.email));
    const pageId = me.headers.get('x-request-id')!;
    const page = await eventually(() => logEntries().find((entry) => entry.requestId === pageId));
    expect(page).toMatchObject({ route: '/produkt/:slug', status: 404 });

    const sessionCookie = client.cookies.get('sid')!;
    const csrfCookie = client.cookies.get('XSRF-TOKEN')!;
    expect(sessionCookie.length).toBeGreaterThan(10);
    const log = logLines.join('');
    for (const secret of [customer.password, customer.email, sessionCookie, decodeURIComponent(sessionCookie), csrfCookie, 'my-secret-slug']) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it("logs the response cache's word: a miss, then a hit answered in front of the app with its request id", async () => {
    const ask = (id: string) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': id },
        body: JSON.stringify({ query: 'query LoggedHits { products(first: 1) { totalCount } }' }),
      });
    const miss = await ask('cache-miss-1');
    await miss.arrayBuffer();
    const hit = await ask('cache-hit-2');
    await hit.arrayBuffer();
    expect([miss.headers.get('x-cache'), hit.headers.get('x-cache'), hit.headers.get('x-request-id')]).toEqual(['MISS', 'HIT', 'cache-hit-2']);
    const lines = await eventually(() => {
      const found = ['cache-miss-1', 'cache-hit-2'].map((id) => logEntries().find((entry) => entry.requestId === id));
      return found.every(Boolean) ? found : undefined;
    });
    expect(lines.map((line) => [line!.route, line!.status, line!.cache])).toEqual([
      ['/graphql', 200, 'MISS'],
      ['/graphql', 200, 'HIT'],
    ]);
  });

  it("keeps the proxy's request id", async () => {
    const response = await fetch(`${app.url}/robots.txt`, { headers: { 'x-request-id': 'proxy-id-42' } });
    expect(response.headers.get('x-request-id')).toBe('proxy-id-42');
    const line = await eventually(() => logEntries().find((entry) => entry.requestId === 'proxy-id-42'));
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', route: '/robots.txt', status: 200 });
  });

  it("a load balancer's successful probes of /health and /ready are logged at debug level only", async () => {
    for (const path of ['/health', '/ready']) {
      const response = await fetch(app.url + path, { headers: { 'x-request-id': `probe${path.replace('/', '-')}` } });
      expect(response.status).toBe(200);
    }
    await fetch(`${app.url}/robots.txt`, { headers: { 'x-request-id': 'after-the-probes' } });
    await eventually(() => logEntries().find((entry) => entry.requestId === 'after-the-probes'));
    expect(logEntries().filter((entry) => entry.requestId?.startsWith('probe-'))).toEqual([]);

    const debugLines: string[] = [];
    const verbose = await createTestApp({
      databaseUrl: app.databaseUrl,
      config: { logLevel: 'debug' },
      logDestination: { write: (line) => void debugLines.push(line) },
    });
    try {
      await fetch(`${verbose.url}/ready`, { headers: { 'x-request-id': 'probe-debug' } });
      const line = await eventually(() => debugLines.map((text) => JSON.parse(text) as LogEntry).find((entry) => entry.requestId === 'probe-debug'));
      expect(line).toMatchObject({ level: 'debug', route: '/ready', status: 200 });
    } finally {
      await verbose.close();
    }
  });
});
