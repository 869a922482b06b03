// `npm run ticket -- verify <code>` (issue 26, decision 0042): the gate's check of a ticket with the
// server's configuration from its environment. The command's main function runs in this process
// against the test app's database, as `npm run stock`'s test does.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createMatch } from '../support/tickets.ts';
import { createOrder } from '../support/factories.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { ticketCommand } from '../../scripts/ticket.ts';
import { ticketCode } from '../../bff/src/services/ticket-codes.ts';

const KEY = 'ticket-command-test-key-0123456789abcdef';

let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  app = await createTestApp({ config: { ticketSecret: KEY } });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-ticket-command-'));
});

afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs the command with the shop's environment; its exit code and what it printed. */
async function ticket(args: string[], key = KEY) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const code = await runShopCommand(ticketCommand, args, { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir, TICKET_HMAC_KEY: key });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A paid order with one ticket on seat 14 of a new match; its code as the shop signs it. */
async function soldTicket(status: 'PAID' | 'NEW' | 'CANCELLED' = 'PAID') {
  const match = await createMatch(app.prisma);
  const created = await createOrder(app.prisma, { paymentCode: 'bank-transfer' });
  const order = await app.prisma.order.update({ where: { id: created.id }, data: { status } });
  await app.prisma.eventSeat.create({ data: { eventId: match.event.id, seat: 14, orderId: order.id } });
  const row = await app.prisma.ticket.create({
    data: { orderId: order.id, eventId: match.event.id, seat: 14, section: 'L', row: '2', number: 5, categoryCode: 'A', priceGross: 40_000, vatRate: 12 },
  });
  const code = ticketCode({ ticketSecret: KEY, sessionSecret: null, dataDir: 'memory://' }, { ticketId: row.id, eventId: match.event.id, seat: 14, orderId: order.id });
  return { match, order, code };
}

describe(`npm run ticket -- verify (${databaseKind})`, () => {
  it('accepts a valid ticket once and marks it used; the second check says already used', async () => {
    const { match, order, code } = await soldTicket();
    const first = await ticket(['verify', code, '--event', match.slug]);
    expect(first).toMatchObject({ code: 0, out: `VALID: FC Vltavín – SK Moravan, section L, row 2, seat 5 (order ${order.number}). Marked as used.` });
    const again = await ticket(['verify', code]);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/^ticket: ALREADY USED: FC Vltavín – SK Moravan, section L, row 2, seat 5/);
  });

  it('refuses a forged or altered code, another key’s code and another match’s ticket', async () => {
    const { match, code } = await soldTicket();
    const altered = code.replace('.14.', '.15.');
    expect((await ticket(['verify', altered])).err).toMatch(/^ticket: FORGED: /);
    expect((await ticket(['verify', code], 'another-key-that-the-shop-never-had-0123'))).toMatchObject({ code: 2, err: expect.stringMatching(/^ticket: FORGED: /) });
    const other = await createMatch(app.prisma);
    const wrong = await ticket(['verify', code, `--event=${other.slug}`]);
    expect(wrong).toMatchObject({ code: 2, err: `ticket: WRONG EVENT: the ticket is for FC Vltavín – SK Moravan (${match.slug}), not ${other.slug}.` });
    // none of the refusals used the ticket
    expect((await ticket(['verify', code, '--event', match.slug])).code).toBe(0);
  });

  it('refuses the ticket of an unpaid bank transfer and of a cancelled order', async () => {
    expect((await ticket(['verify', (await soldTicket('NEW')).code])).err).toMatch(/^ticket: NOT PAID: /);
    expect((await ticket(['verify', (await soldTicket('CANCELLED')).code])).err).toMatch(/^ticket: NOT VALID: .* was cancelled\.$/);
  });

  it('answers a wrong command line with its usage and exit code 2', async () => {
    expect(await ticket(['verify'])).toMatchObject({ code: 2, err: expect.stringContaining('verify needs the code of a ticket') });
    expect(await ticket(['check', 'x'])).toMatchObject({ code: 2, err: expect.stringContaining('Usage:') });
    expect((await ticket(['help'])).out).toContain('npm run ticket -- verify <code> [--event <slug>]');
  });
});
