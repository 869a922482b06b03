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

// ---------------------------------------------------------------- the REST/XML API (decision 0068)

/**
 * A local stand-in for Packeta's REST/XML API (POST /api/rest, one element named after the method,
 * <apiPassword> first; answers <response><status>ok|fault</status>…</response>): createPacket,
 * packetStatus, packetTracking, packetLabelPdf and packetsLabelsPdf, with the faults the shop must
 * survive: a wrong password, a pick-up point that no longer exists, a packet it does not know, slow
 * answers (a timeout) and answers that are not its XML.
 */
export type FakePacketaApi = {
  /** PACKETA_API_URL for the fake. */
  url: string;
  apiPassword: string;
  /** Branch ids createPacket accepts as addressId (pick-up points, and 106 for home delivery). */
  points: Set<string>;
  /** Every packet created, in order: its id and the attributes it was sent with. */
  packets: { id: string; attributes: Record<string, string> }[];
  /** Calls per method. */
  calls: Record<string, number>;
  /** How the next answers go: normally, slowly (never within a test's timeout), or as broken XML. */
  mode: 'normal' | 'slow' | 'malformed';
  close: () => Promise<void>;
};

/** A minimal valid one-page PDF (A6, 298 × 420 pt, or A4) with the packet id written on it. */
export function fakeLabelPdf(text: string, page: 'A6' | 'A4' = 'A6'): Buffer {
  const stream = `BT /F1 10 Tf 20 ${page === 'A6' ? 380 : 800} Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page === 'A6' ? '298 420' : '595 842'}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The text of a simple element of a request: <name>value</name> (the fake reads the few it needs). */
function element(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match ? match[1].replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>') : null;
}

const ok = (result: string) => `<?xml version="1.0" encoding="utf-8"?>\n<response><status>ok</status><result>${result}</result></response>`;
const fault = (name: string, text: string, detail = '') =>
  `<?xml version="1.0" encoding="utf-8"?>\n<response><status>fault</status><fault>${name}</fault><string>${text}</string>${detail ? `<detail>${detail}</detail>` : ''}</response>`;

export async function startFakePacketaApi(): Promise<FakePacketaApi> {
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakePacketaApi = {
    url: '',
    apiPassword: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    points: new Set(['1001', '1002', '1003', '1004', '106']),
    packets: [],
    calls: {},
    mode: 'normal',
    close: async () => undefined,
  };
  let nextId = 4_100_000_000;

  function answer(xml: string): string {
    const method = /^\s*(?:<\?xml[^>]*\?>)?\s*<(\w+)>/.exec(xml)?.[1] ?? '';
    fake.calls[method] = (fake.calls[method] ?? 0) + 1;
    if (element(xml, 'apiPassword') !== fake.apiPassword) return fault('IncorrectApiPasswordFault', 'Incorrect API password.');
    if (method === 'createPacket') {
      const attributes: Record<string, string> = {};
      for (const name of ['number', 'name', 'surname', 'email', 'phone', 'addressId', 'currency', 'value', 'cod', 'weight', 'eshop', 'street', 'houseNumber', 'city', 'zip']) {
        const value = element(xml, name);
        if (value !== null) attributes[name] = value;
      }
      const refused: [string, string][] = [];
      if (!attributes.number) refused.push(['number', 'Required.']);
      if (!attributes.name || !attributes.surname) refused.push(['name', 'Required.']);
      if (!fake.points.has(attributes.addressId ?? '')) refused.push(['addressId', 'Unknown or disabled pickup point.']);
      if (!/^\d+(\.\d+)?$/.test(attributes.value ?? '')) refused.push(['value', 'Required.']);
      if (!/^\d+(\.\d+)?$/.test(attributes.weight ?? '')) refused.push(['weight', 'Required.']);
      if (refused.length > 0) {
        const faults = refused.map(([name, text]) => `<fault><name>${name}</name><fault>${text}</fault></fault>`).join('');
        return fault('PacketAttributesFault', 'Invalid packet attributes.', `<attributes>${faults}</attributes>`);
      }
      const id = String(nextId++);
      fake.packets.push({ id, attributes });
      return ok(`<id>${id}</id><barcode>Z${id}</barcode><barcodeText>Z ${id.slice(0, 3)} ${id.slice(3, 7)} ${id.slice(7)}</barcodeText>`);
    }
    if (method === 'packetsLabelsPdf') {
      const ids = [...xml.matchAll(/<id>(\d+)<\/id>/g)].map((match) => match[1]);
      const unknown = ids.find((id) => !fake.packets.some((packet) => packet.id === id));
      if (ids.length === 0 || unknown) return fault('PacketIdsFault', `Unknown packet ${unknown ?? ''}.`);
      return ok(fakeLabelPdf(`${element(xml, 'format')} ${ids.join(' ')}`, 'A4').toString('base64'));
    }
    const packetId = element(xml, 'packetId') ?? '';
    if (['packetStatus', 'packetTracking', 'packetLabelPdf'].includes(method) && !fake.packets.some((packet) => packet.id === packetId)) {
      return fault('PacketIdFault', 'Packet ID is invalid.');
    }
    const status = '<dateTime>2026-11-29T10:00:00</dateTime><statusCode>1</statusCode><codeText>received data</codeText><statusText>Awaiting consignment.</statusText>';
    if (method === 'packetStatus') return ok(status);
    if (method === 'packetTracking') return ok(`<record>${status}</record>`);
    if (method === 'packetLabelPdf') return ok(fakeLabelPdf(`Z${packetId} ${element(xml, 'format')}`).toString('base64'));
    return fault('UnknownMethodFault', `Unknown method ${method}.`);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/api/rest') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      if (fake.mode === 'malformed') {
        res.writeHead(200, { 'content-type': 'text/xml' }).end('<response><status>ok</status><result><id>12');
        return;
      }
      // the call is done (a packet created) before the answer is late: a timeout leaves the outcome unknown
      const xml = answer(body);
      if (fake.mode === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(xml);
        }, 10_000);
        timers.add(timer);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(xml);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/api/rest`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
