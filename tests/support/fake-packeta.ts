// A local stand-in for Packeta's JSON branch export (GET /{apiKey}/branch.json), so no test reaches the
// internet: branches in the export's shape ({ data: { "<id>": branch } }, ids and coordinates as
// strings, hours with HTML), rows the shop must skip, and the failures the refresh must survive:
// a wrong key (401), a slow answer, a body over the size limit and a body that is not JSON.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const week = (weekday: string, saturday = '', sunday = '') => ({
  monday: weekday,
  tuesday: weekday,
  wednesday: weekday,
  thursday: weekday,
  friday: weekday,
  saturday,
  sunday,
});

function branch(id: string, fields: Record<string, unknown>) {
  return {
    id,
    name: '',
    nameStreet: '',
    place: '',
    street: '',
    city: '',
    zip: '',
    country: 'cz',
    currency: 'CZK',
    displayFrontend: '1',
    status: { statusId: '1', description: 'Výdejní místo je v provozu.' },
    openingHours: { compactShort: '', regular: week('08:00-18:00', '09:00-12:00') },
    latitude: '',
    longitude: '',
    ...fields,
  };
}

/** Good branches (ids 1001-1006), each as the export writes it. */
export const PACKETA_BRANCHES: Record<string, unknown> = {
  '1001': branch('1001', { name: 'Brno, Kobližná 4 (Trafika U Kobližné)', place: 'Trafika U Kobližné', street: 'Kobližná 4', city: 'Brno', zip: '602 00', latitude: '49.19478', longitude: '16.61123' }),
  '1002': branch('1002', { name: 'Brno, Údolní 33 (Papírnictví)', place: 'Papírnictví', street: 'Údolní 33', city: 'Brno', zip: '60200', latitude: '49.19721', longitude: '16.59905', openingHours: { regular: week('<strong>09:00-12:00</strong>, 13:00-17:00') } }),
  '1003': branch('1003', { name: 'Z-BOX Brno, Cejl 51', place: 'Z-BOX', street: 'Cejl 51', city: 'Brno', zip: '602 00', latitude: 49.2001, longitude: 16.6222, openingHours: { regular: week('00:00-23:59', '00:00-23:59', '00:00-23:59') } }),
  '1004': branch('1004', { name: 'Praha 3, Vinohradská 112 (Květinářství)', place: 'Květinářství', street: 'Vinohradská 112', city: 'Praha 3', zip: '130 00', latitude: '50.07706', longitude: '14.45388' }),
  '1005': branch('1005', { name: 'Bratislava, Obchodná 2 (Trafika)', place: 'Trafika', street: 'Obchodná 2', city: 'Bratislava', zip: '811 06', country: 'sk', currency: 'EUR', latitude: '48.14695', longitude: '17.10701' }),
  // in the export, but closed for now: stored, never offered
  '1006': branch('1006', { name: 'Brno, Lidická 10 (Drogerie)', place: 'Drogerie', street: 'Lidická 10', city: 'Brno', zip: '602 00', latitude: '49.2035', longitude: '16.6050', status: { statusId: '2', description: 'Dočasně uzavřeno.' } }),
};

/** Rows a defensive reader skips: no coordinates, a country the shop does not deliver to, a bad PSČ, not an object, no id. */
export const PACKETA_BAD_ROWS: Record<string, unknown> = {
  '2001': branch('2001', { name: 'Brno, bez souřadnic', street: 'Husova 1', city: 'Brno', zip: '602 00' }),
  '2002': branch('2002', { name: 'Budapest, Andrássy út 1', street: 'Andrássy út 1', city: 'Budapest', zip: '1061', country: 'hu', latitude: '47.5', longitude: '19.05' }),
  '2003': branch('2003', { name: 'Ostrava, Nádražní 1', street: 'Nádražní 1', city: 'Ostrava', zip: '7020', latitude: '49.83', longitude: '18.28' }),
  '2004': 'not a branch',
  '2005': branch('', { name: 'Bez id', street: 'Masarykova 1', city: 'Olomouc', zip: '779 00', latitude: '49.59', longitude: '17.25' }),
};

export type FakePacketa = {
  /** PACKETA_FEED_URL for the fake ({apiKey} is replaced by the key). */
  url: string;
  apiKey: string;
  requests: number;
  /** What the next answers are: the branches as given, or a failure. */
  answer: { kind: 'feed'; branches: Record<string, unknown> } | { kind: 'slow' } | { kind: 'huge' } | { kind: 'garbage' };
  close: () => Promise<void>;
};

export async function startFakePacketa(): Promise<FakePacketa> {
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakePacketa = {
    url: '',
    apiKey: 'test-packeta-key',
    requests: 0,
    answer: { kind: 'feed', branches: { ...PACKETA_BRANCHES, ...PACKETA_BAD_ROWS } },
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    fake.requests += 1;
    if (req.method !== 'GET' || req.url !== `/${fake.apiKey}/branch.json`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Invalid API key"}');
      return;
    }
    const { answer } = fake;
    if (answer.kind === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
      }, 10_000);
      timers.add(timer);
      return;
    }
    if (answer.kind === 'huge') {
      // no Content-Length: the reader has to count what arrives
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":{"1":"');
      res.end('x'.repeat(2 * 1024 * 1024) + '"}}');
      return;
    }
    if (answer.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"1001":{"id":"10');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: answer.branches }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/{apiKey}/branch.json`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
