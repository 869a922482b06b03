// A local stand-in for the Czech business register's REST API (ARES), so no test reaches the
// internet: GET /ekonomicke-subjekty/{ico} answers with the shapes ARES answers with (a subject
// record, a 404 "NENALEZENO" body), plus the failures the shop must survive: a slow answer, a
// server error and a body that is not JSON. It counts requests per IČO (to prove the cache).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Recorded subject records (the fields the shop reads, with their real types: psc and numbers are numbers). */
export const ARES_SUBJECTS: Record<string, unknown> = {
  // a company, VAT payer, street address with house and orientation number
  '27082440': {
    ico: '27082440',
    obchodniJmeno: 'Alza.cz a.s.',
    sidlo: {
      kodStatu: 'CZ',
      nazevStatu: 'Česká republika',
      kodKraje: 19,
      nazevKraje: 'Hlavní město Praha',
      kodObce: 554782,
      nazevObce: 'Praha',
      nazevMestskehoObvodu: 'Praha 7',
      nazevUlice: 'Jankovcova',
      cisloDomovni: 1522,
      cisloOrientacni: 53,
      nazevCastiObce: 'Holešovice',
      psc: 17000,
      textovaAdresa: 'Jankovcova 1522/53, Holešovice, 17000 Praha 7',
      typCisloDomovni: 1,
      standardizaceAdresy: true,
    },
    pravniForma: '121',
    financniUrad: '007',
    datumVzniku: '2003-08-26',
    datumAktualizace: '2026-11-02',
    dic: 'CZ27082440',
    icoId: '27082440',
    adresaDorucovaci: { radekAdresy1: 'Jankovcova 1522/53', radekAdresy2: '17000 Praha 7' },
    primarniZdroj: 'vr',
    czNace: ['47910'],
  },
  // an organisation with an orientation number and a letter-free address in another part of Prague
  '00006947': {
    ico: '00006947',
    obchodniJmeno: 'Ministerstvo financí',
    sidlo: {
      kodStatu: 'CZ',
      nazevObce: 'Praha',
      nazevUlice: 'Letenská',
      cisloDomovni: 525,
      cisloOrientacni: 15,
      nazevCastiObce: 'Malá Strana',
      psc: 11800,
      textovaAdresa: 'Letenská 525/15, Malá Strana, 11800 Praha 1',
    },
    pravniForma: '325',
    dic: 'CZ00006947',
    primarniZdroj: 'res',
  },
  // a sole trader in a village without street names, not a VAT payer (no dic), orientation letter
  '12345679': {
    ico: '12345679',
    obchodniJmeno: 'Jan Dvořák',
    sidlo: {
      kodStatu: 'CZ',
      nazevObce: 'Dolní Lhota',
      nazevCastiObce: 'Horní Lhota',
      cisloDomovni: 12,
      psc: 74766,
      textovaAdresa: 'Horní Lhota 12, 74766 Dolní Lhota',
    },
    pravniForma: '101',
    primarniZdroj: 'rzp',
  },
};

export const ARES_NOT_FOUND_BODY = {
  kod: 'NENALEZENO',
  popis: 'Ekonomický subjekt nebyl nalezen.',
  subKod: 'VYSTUP_SUBJEKT_NENALEZEN',
};

/** IČOs (valid checksums) that answer with a failure instead of a record. */
export const ARES_SLOW_ICO = '45678901';
export const ARES_ERROR_ICO = '76543218';
export const ARES_GARBAGE_ICO = '01234561';

export type FakeAres = {
  /** The base URL to set as ARES_URL (config.aresUrl). */
  url: string;
  /** How many requests each IČO got. */
  requests: Map<string, number>;
  close: () => Promise<void>;
};

export async function startFakeAres(options: { slowMs?: number } = {}): Promise<FakeAres> {
  const slowMs = options.slowMs ?? 10_000;
  const requests = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const match = /^\/ekonomicke-subjekty\/(\d{1,8})$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(ARES_NOT_FOUND_BODY));
      return;
    }
    const ico = match[1];
    requests.set(ico, (requests.get(ico) ?? 0) + 1);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (ico === ARES_SLOW_ICO) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) json(200, { ...(ARES_SUBJECTS['27082440'] as object), ico });
      }, slowMs);
      timers.add(timer);
      return;
    }
    if (ico === ARES_ERROR_ICO) {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Chyba serveru</body></html>');
      return;
    }
    if (ico === ARES_GARBAGE_ICO) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"obchodniJmeno": "nedokonč');
      return;
    }
    const subject = ARES_SUBJECTS[ico];
    if (subject) json(200, subject);
    else json(404, ARES_NOT_FOUND_BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
