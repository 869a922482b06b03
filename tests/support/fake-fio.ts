// A local stand-in for Fio banka's API (decision 0070), so no test reaches the bank: the documented calls
// `GET /v1/rest/last/{token}/transactions.json` (the movements after the bookmark, which then moves
// past them), `set-last-id/{token}/{id}/` and `set-last-date/{token}/{yyyy-mm-dd}/`, the answer's shape
// (accountStatement.info, accountStatement.transactionList.transaction[] of column0…column22 objects
// `{ value, name, id }`), and its refusals: 409 for a call within 30 s of the token's last one (`callGapMs`:
// a shorter rule, for a shop set to a shorter FIO_CALL_GAP_SECONDS), 500 for a token it does not know. Its clock is the test's (`now`, moved by `advance`), or the real one
// (`realTime`, for a shop running in processes of its own).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMovement = {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  /** As Fio writes it: 1234.5, negative for outgoing. */
  amount: number;
  currency?: string;
  vs?: string | null;
  message?: string | null;
  payer?: string | null;
};

export type FakeFio = {
  /** FIO_API_URL for the fake. */
  url: string;
  token: string;
  /** The movements of the account, in the bank's order. */
  movements: FakeMovement[];
  /** The calls answered, token left out: `last`, `set-last-id 123`, `409`, `500` … */
  calls: string[];
  /** The fake's clock, ms. */
  now: number;
  advance: (ms: number) => void;
  /** The id of the last movement the bookmark is after (0: before the first). */
  bookmark: () => number;
  close: () => Promise<void>;
};

const column = (id: number, name: string, value: unknown) => (value === null || value === undefined ? null : { value, name, id });

function transaction(movement: FakeMovement) {
  return {
    column22: column(22, 'ID pohybu', movement.id),
    column0: column(0, 'Datum', `${movement.date}+0100`),
    column1: column(1, 'Objem', movement.amount),
    column14: column(14, 'Měna', movement.currency ?? 'CZK'),
    column2: column(2, 'Protiúčet', '2000145399'),
    column3: column(3, 'Kód banky', '0800'),
    column10: column(10, 'Název protiúčtu', movement.payer ?? 'Novák Jan'),
    column5: column(5, 'VS', movement.vs ?? null),
    column4: null,
    column6: null,
    column16: column(16, 'Zpráva pro příjemce', movement.message ?? null),
    column8: column(8, 'Typ', movement.amount > 0 ? 'Bezhotovostní příjem' : 'Bezhotovostní platba'),
    column25: null,
    column17: column(17, 'ID pokynu', movement.id + 1_000_000),
  };
}

export async function startFakeFio(options: { token?: string; now?: number; realTime?: boolean; callGapMs?: number } = {}): Promise<FakeFio> {
  const callGapMs = options.callGapMs ?? 30_000;
  const token = options.token ?? 'fake-fio-token-0123456789';
  let bookmarkIndex = 0;
  let lastCallAt = Number.NEGATIVE_INFINITY;
  const fake = {
    movements: [] as FakeMovement[],
    calls: [] as string[],
    now: options.now ?? Date.now(),
  };
  const clock = () => (options.realTime ? Date.now() : fake.now);
  const server: Server = createServer((request, response) => {
    const parts = (request.url ?? '').split('?')[0].split('/').filter(Boolean);
    const [v1, rest, kind, given, ...tail] = parts;
    const answer = (status: number, body: string, type = 'text/plain') => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    if (v1 !== 'v1' || rest !== 'rest' || !kind) return answer(404, 'not found');
    if (given !== token) {
      fake.calls.push('500');
      return answer(500, 'Internal Server Error');
    }
    if (clock() - lastCallAt < callGapMs) {
      fake.calls.push('409');
      return answer(409, 'Conflict');
    }
    lastCallAt = clock();
    if (kind === 'last' && tail[0] === 'transactions.json') {
      fake.calls.push('last');
      const fresh = fake.movements.slice(bookmarkIndex);
      bookmarkIndex = fake.movements.length;
      const body = {
        accountStatement: {
          info: { accountId: '2300154801', bankId: '2010', currency: 'CZK', iban: 'CZ2620100000002300154801', bic: 'FIOBCZPPXXX', idLastDownload: fresh.at(-1)?.id ?? null },
          transactionList: { transaction: fresh.map(transaction) },
        },
      };
      return answer(200, JSON.stringify(body), 'application/json;charset=UTF-8');
    }
    if (kind === 'set-last-id' && tail.length === 1) {
      fake.calls.push(`set-last-id ${tail[0]}`);
      const index = fake.movements.findIndex((movement) => String(movement.id) === tail[0]);
      if (index < 0) return answer(500, 'unknown id');
      bookmarkIndex = index + 1;
      return answer(200, '');
    }
    if (kind === 'set-last-date' && tail.length === 1) {
      fake.calls.push(`set-last-date ${tail[0]}`);
      const index = fake.movements.findIndex((movement) => movement.date > tail[0]);
      bookmarkIndex = index < 0 ? fake.movements.length : index;
      return answer(200, '');
    }
    return answer(404, 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1/rest`,
    token,
    advance: (ms: number) => {
      fake.now += ms;
    },
    bookmark: () => (bookmarkIndex === 0 ? 0 : fake.movements[bookmarkIndex - 1].id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
