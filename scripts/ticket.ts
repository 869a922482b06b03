// Checking match tickets at the gate, for the shop owner (issue 26, decision 0042):
//   npm run ticket -- verify <code> [--event <slug>]
// Reads the server's configuration like `npm run stock` (DATABASE_URL, or the embedded database under
// DATA_DIR; TICKET_HMAC_KEY or the session secret the codes were signed with). A valid ticket is marked
// used, once: the same code checked again is ALREADY USED. Exit code 0 for a valid ticket, 2 for one
// refused (forged, used, wrong event, cancelled or unpaid order) or a wrong command line, 1 for the
// configuration.
import type { Config } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';
import { checkInTicket, type CheckedTicket, type TicketCheck } from '../bff/src/services/ticket-codes.ts';
import { isCommandLine, runShopCommand, UsageError, type ShopCommand } from './shop-command.ts';

const USAGE = `Usage:
  npm run ticket -- verify <code> [--event <slug>]    checks a ticket's code and marks a valid one used
                                                       (--event: the match at this gate; another match's ticket is refused)`;

export type TicketCommand = { kind: 'verify'; code: string; eventSlug: string | null } | { kind: 'help' };

export function parseTicketCommand(argv: string[]): TicketCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command !== 'verify') throw new UsageError(`Unknown command "${command}"; the command is verify.`);
  let code: string | null = null;
  let eventSlug: string | null = null;
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index];
    if (arg === '--event') {
      eventSlug = rest[++index] ?? null;
      if (!eventSlug) throw new UsageError('--event needs the slug of a match.');
    } else if (arg.startsWith('--event=')) eventSlug = arg.slice('--event='.length);
    else if (code === null) code = arg;
    else throw new UsageError('verify takes one code.');
  }
  if (!code) throw new UsageError('verify needs the code of a ticket (what its QR code says).');
  return { kind: 'verify', code, eventSlug };
}

/** A ticket was checked and not let in. */
export class TicketRefusedError extends Error {}

function seat(ticket: CheckedTicket): string {
  return `${ticket.event}, section ${ticket.section}, row ${ticket.row}, seat ${ticket.number} (order ${ticket.orderNumber})`;
}

/** What the gate is told; null for a valid ticket's line, which goes to stdout. */
export function describeCheck(check: TicketCheck, eventSlug: string | null): { valid: boolean; text: string } {
  switch (check.result) {
    case 'VALID':
      return { valid: true, text: `VALID: ${seat(check.ticket)}. Marked as used.` };
    case 'FORGED':
      return { valid: false, text: 'FORGED: the signature does not match; this code was not issued by the shop or was altered.' };
    case 'USED':
      return { valid: false, text: `ALREADY USED: ${seat(check.ticket)}, checked in at ${check.usedAt.toISOString()}.` };
    case 'WRONG_EVENT':
      return { valid: false, text: `WRONG EVENT: the ticket is for ${check.ticket.event} (${check.ticket.eventSlug}), not ${eventSlug}.` };
    case 'CANCELLED':
      return { valid: false, text: `NOT VALID: order ${check.ticket.orderNumber} was cancelled.` };
    case 'UNPAID':
      return { valid: false, text: `NOT PAID: order ${check.ticket.orderNumber} is not paid yet; the ticket is valid once it is.` };
  }
}

async function run(command: Exclude<TicketCommand, { kind: 'help' }>, prisma: Db, config: Config): Promise<void> {
  const check = await checkInTicket(prisma, config, command.code, { eventSlug: command.eventSlug });
  const { valid, text } = describeCheck(check, command.eventSlug);
  if (!valid) throw new TicketRefusedError(text);
  console.log(text);
}

export const ticketCommand: ShopCommand<TicketCommand> = {
  name: 'ticket',
  usage: USAGE,
  parse: parseTicketCommand,
  run,
  isInputError: (error) => error instanceof TicketRefusedError,
};

// `npx tsx scripts/ticket.ts …` in development; the build runs ticketCommand from build/bff/ticket.js (`npm run ticket`)
if (isCommandLine(import.meta.url)) {
  process.exitCode = await runShopCommand(ticketCommand, process.argv.slice(2));
}
