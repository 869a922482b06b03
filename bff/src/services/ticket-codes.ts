// A match ticket's code: what its QR code carries and the gate checks (docs/decisions/0042).
//
//   T1.<ticket id>.<event id>.<seat>.<order id>.<signature>
//
// The signature is HMAC-SHA256 over everything before it, with the key TICKET_HMAC_KEY (or one derived
// from the session secret, as the captcha's), base64url, cut to 128 bits. Whoever does not know the key
// can neither make a code nor change one's seat, event or order. Checking a code also looks the ticket
// up: the order must still stand and the ticket must not have been used (the first check marks it).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { resolveSessionSecret } from '../session-secret.ts';
import { BANK_TRANSFER_PAYMENT_CODE } from '../../../schema/rules/index.ts';

const VERSION = 'T1';
const SIGNATURE_BYTES = 16;

export type TicketKeyConfig = Pick<Config, 'ticketSecret' | 'sessionSecret' | 'dataDir'>;

function ticketKey(config: TicketKeyConfig): string {
  return config.ticketSecret ?? createHmac('sha256', resolveSessionSecret(config as Config)).update('tickets').digest('hex');
}

function sign(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');
}

export type TicketClaims = { ticketId: number; eventId: number; seat: number; orderId: number };

export function ticketCode(config: TicketKeyConfig, claims: TicketClaims): string {
  const payload = [VERSION, claims.ticketId, claims.eventId, claims.seat, claims.orderId].join('.');
  return `${payload}.${sign(payload, ticketKey(config))}`;
}

/** The claims of a code whose signature is right; null for anything forged, altered or malformed. */
export function readTicketCode(config: TicketKeyConfig, code: string): TicketClaims | null {
  const match = /^(T1\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,10}))\.([A-Za-z0-9_-]{22})$/.exec(code.trim());
  if (!match) return null;
  const expected = Buffer.from(sign(match[1], ticketKey(config)));
  const given = Buffer.from(match[6]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { ticketId: Number(match[2]), eventId: Number(match[3]), seat: Number(match[4]), orderId: Number(match[5]) };
}

/** Whether an order's tickets are paid: a bank transfer only once the shop has marked it paid. */
export function orderPaid(order: { paymentCode: string; status: string }): boolean {
  if (order.status === 'CANCELLED') return false;
  return order.paymentCode !== BANK_TRANSFER_PAYMENT_CODE || order.status !== 'NEW';
}

export type TicketCheck =
  | { result: 'VALID'; ticket: CheckedTicket }
  | { result: 'FORGED' }
  | { result: 'USED'; ticket: CheckedTicket; usedAt: Date }
  | { result: 'WRONG_EVENT'; ticket: CheckedTicket }
  | { result: 'CANCELLED'; ticket: CheckedTicket }
  | { result: 'UNPAID'; ticket: CheckedTicket };

export type CheckedTicket = { id: number; event: string; eventSlug: string; section: string; row: string; number: number; orderNumber: string };

/**
 * Checks a ticket at the gate: the signature, that the ticket exists for that order, event and seat,
 * the event (when `eventSlug` is given), that its order stands and is paid, and that it was not used;
 * a valid ticket is marked used (once: of two checks at the same moment one gets VALID, the other USED).
 */
export async function checkInTicket(db: Db, config: TicketKeyConfig, code: string, options: { eventSlug?: string | null; now?: Date } = {}): Promise<TicketCheck> {
  const claims = readTicketCode(config, code);
  if (!claims) return { result: 'FORGED' };
  const row = await db.ticket.findFirst({
    where: { id: claims.ticketId, eventId: claims.eventId, seat: claims.seat, orderId: claims.orderId },
    include: { event: { select: { slug: true, homeTeam: true, awayTeam: true } }, order: { select: { number: true, status: true, paymentCode: true } } },
  });
  // a signed code of a ticket that is gone (its order deleted) is no ticket
  if (!row) return { result: 'FORGED' };
  const ticket: CheckedTicket = {
    id: row.id,
    event: `${row.event.homeTeam} – ${row.event.awayTeam}`,
    eventSlug: row.event.slug,
    section: row.section,
    row: row.row,
    number: row.number,
    orderNumber: row.order.number,
  };
  if (options.eventSlug && options.eventSlug !== row.event.slug) return { result: 'WRONG_EVENT', ticket };
  if (row.order.status === 'CANCELLED') return { result: 'CANCELLED', ticket };
  if (!orderPaid(row.order)) return { result: 'UNPAID', ticket };
  const now = options.now ?? new Date();
  const marked = await db.ticket.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
  if (marked.count === 1) return { result: 'VALID', ticket };
  const used = await db.ticket.findUnique({ where: { id: row.id }, select: { usedAt: true } });
  return { result: 'USED', ticket, usedAt: used?.usedAt ?? now };
}
