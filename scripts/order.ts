// Recording payments (decision 0046) and withdrawals from the contract (decision 0061), and moving orders
// through their lifecycle (decision 0067, docs/fulfilment.md), for the shop owner:
//   npm run order -- list --state PAID              (the day's work: number, placed, customer, total, delivery)
//   npm run order -- pack | ready | delivered | picked-up <order number>
//   npm run order -- ship <order number> --tracking <no> [--carrier <name>] [--url <tracking URL>]
//   npm run order -- cancel <order number> [--reason <text>]
//   npm run order -- paid <order number> --amount 1234.50 --currency CZK [--date 2026-11-27] [--reference …]
//   npm run order -- import-payments <file> [--format csv|gpc|camt053]   (a bank statement: Fio's CSV, GPC
//                                                   or camt.053; services/bank-statement-files.ts, decision 0070)
//   npm run order -- payments [--unpaired]          (the recorded statement lines; those to check by hand)
//   npm run order -- complaint <protocol number> accepted [--refund]   (decision 0062: with --refund a credit
//                                                   note for the protocol's goods, e-mailed to the customer)
//   npm run order -- credit-notes <order number>   (the order's credit notes)
//   npm run order -- withdrawals | withdrawal <id> received | withdrawal <id> refunded [--amount 1234.50]
//                                                  (services/withdrawals.ts)
//   npm run order -- label <order number> [--out file.pdf] | labels <n1> <n2> … --out sheet.pdf
//                                                  (a shipped order's carrier label; services/shipments.ts, decision 0068)
// Reads the server's configuration like `npm run stock` (DATABASE_URL, or the embedded database under
// DATA_DIR). A paid order gets the status PAID (its partner's order.paid webhook goes out) and the
// customer a "Payment received" e-mail, which this command delivers at once with the server's SMTP_URL,
// MAIL_FROM and PUBLIC_URL (a running shop would within MAIL's interval anyway). Exit code 0 when done
// (an order paid already is said so and left alone), 2 for a refused payment or a wrong command line or
// file, 1 for the configuration. The import marks what matches and lists every payment it did not.
import { writeFile } from 'node:fs/promises';
import type { Config } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';
import { formatMoney, type Currency } from '../schema/rules/money.ts';
import { markOrderPaid, parseAmount, parseDay, PaymentRefusedError, type PaymentResult, type RecordedPayment } from '../bff/src/services/order-payments.ts';
import { StatementFormatError } from '../bff/src/services/bank-statements.ts';
import { readStatementFile, STATEMENT_FORMATS, type StatementFileFormat } from '../bff/src/services/bank-statement-files.ts';
import { importStatement, listBankTransactions, type ImportedPayment, type RecordedBankTransaction } from '../bff/src/services/bank-transactions.ts';
import { acceptComplaint, CreditNoteError, creditNotesOfOrderNumber, type ComplaintAcceptance, type CreditNoteSummary } from '../bff/src/services/credit-notes.ts';
import { listOpenWithdrawals, markWithdrawalReceived, markWithdrawalRefunded, WithdrawalCommandError, type OpenWithdrawal } from '../bff/src/services/withdrawals.ts';
import { formatDateTime } from '../schema/rules/dates.ts';
import { orderInvoice } from '../bff/src/services/invoices.ts';
import { renderInvoicePdf } from '../bff/src/pdf/invoice-pdf.ts';
import { labelOf, labelSheet, shipOrder, ShipmentError } from '../bff/src/services/shipments.ts';
import { carrierSetup, CarrierError } from '../bff/src/carriers/index.ts';
import { renderDemoLabels } from '../bff/src/pdf/demo-parcel-label.ts';
import { isCommandLine, runShopCommand, UsageError, type ShopCommand } from './shop-command.ts';
import { listOrdersInState, markOrderShipped, moveOrder, OrderMoveError, type ListedOrder, type MoveDetails, type MoveResult } from '../bff/src/services/order-transitions.ts';
import { ORDER_STATES, type OrderState } from '../schema/rules/order-lifecycle.ts';
import type { MailKind } from '../bff/src/services/mail-outbox.ts';

const USAGE = `Usage:
  npm run order -- paid <order number> --amount <1234.50> --currency <CZK|EUR> [--date <YYYY-MM-DD>] [--reference <text>]
                                          records the payment of an order and marks it paid (--date: the day it
                                          arrived, today when left out; --reference: the bank's reference)
  npm run order -- import-payments <file> [--format <csv|gpc|camt053>]
                                          marks the orders a bank statement (Fio CSV, GPC or camt.053; the format
                                          is recognised unless given) pays, by variable symbol, records every
                                          line once and lists the payments it did not match
  npm run order -- payments [--unpaired]  lists the recorded statement lines (--unpaired: those to check by hand)
  npm run order -- complaint <protocol number> accepted [--refund]
                                          accepts a complaint (return protocol); --refund also issues a credit
                                          note for its goods and e-mails it to the customer
  npm run order -- credit-notes <order number>
                                          lists the order's credit notes
  npm run order -- withdrawals            lists the open withdrawals from the contract (confirmed, not refunded)
  npm run order -- withdrawal <id> received
                                          records that the withdrawn goods came back (their stock returns, once)
  npm run order -- withdrawal <id> refunded [--amount <1234.50>]
                                          records the refund of a withdrawal and issues its credit note; the
                                          refund is the credit note's total (--amount, if given, must match)
  npm run order -- label <order number> [--out <file.pdf>]
                                          writes the A6 label of the order's parcel (Packeta), stored when it
                                          was shipped (--out: the file, label-<order number>.pdf when left out)
  npm run order -- labels <order number> <order number> … --out <sheet.pdf>
                                          writes several orders' Packeta labels, four A6 labels to an A4 page
  npm run order -- list --state <NEW|PAID|PROCESSING|SHIPPED|READY_FOR_PICKUP|DELIVERED|PICKED_UP|CANCELLED>
                                          lists the orders in a state, oldest first (number, placed, customer,
                                          total, delivery method)
  npm run order -- pack <order number>    the order is being packed (PROCESSING)
  npm run order -- ship <order number> [--packet-id <id> | --no-packet yes]
                                          hands the parcel to the order's carrier (Packeta: creates the packet
                                          and stores its label) and marks it SHIPPED; after an interrupted
                                          attempt, the packet Packeta shows for the order number, or none
  npm run order -- ship <order number> --tracking <number> [--carrier <name>] [--url <tracking URL>]
                                          handed to a courier whose tracking number you type (SHIPPED); the
                                          customer gets the tracking link
  npm run order -- ready <order number>   ready for pickup at the store (READY_FOR_PICKUP), with a deadline
  npm run order -- delivered <order number>
  npm run order -- picked-up <order number>
                                          delivered, or collected at the store (cash on delivery and paying
                                          in the store are recorded as paid then)
  npm run order -- cancel <order number> [--reason <text>]
                                          cancels the order: goods and vouchers back, a paid order's refund
                                          recorded (and a credit note when it has an invoice)
  Each move is done once: the same command again says so and changes nothing; a move the order's state
  does not allow is refused (exit code 2).`;

export type OrderCommand =
  | { kind: 'paid'; orderNumber: string; amount: number; currency: Currency; date?: string; reference?: string }
  | { kind: 'import-payments'; file: string; format?: StatementFileFormat }
  | { kind: 'payments'; unpaired: boolean }
  | { kind: 'complaint-accepted'; protocolNumber: string; refund: boolean }
  | { kind: 'credit-notes'; orderNumber: string }
  | { kind: 'withdrawals' }
  | { kind: 'withdrawal-received'; id: number }
  | { kind: 'withdrawal-refunded'; id: number; amount: number | null }
  | { kind: 'list'; state: OrderState }
  | { kind: 'move'; verb: MoveVerb; orderNumber: string; to: OrderState; details: MoveDetails }
  | { kind: 'ship-by-carrier'; orderNumber: string; adoptPacketId: string | null; noPacketExists: boolean }
  | { kind: 'label'; orderNumber: string; out: string }
  | { kind: 'labels'; orderNumbers: string[]; out: string }
  | { kind: 'help' };

/** The commands that move an order, and where to. */
const MOVE_VERBS = { pack: 'PROCESSING', ship: 'SHIPPED', ready: 'READY_FOR_PICKUP', delivered: 'DELIVERED', 'picked-up': 'PICKED_UP', cancel: 'CANCELLED' } as const;
type MoveVerb = keyof typeof MOVE_VERBS;
const isMoveVerb = (word: string): word is MoveVerb => Object.hasOwn(MOVE_VERBS, word);

/** The named options of the lifecycle commands, as --name value or --name=value. */
function lifecycleOptions(args: string[], allowed: readonly string[]): { positional: string[]; named: Map<string, string> } {
  const positional: string[] = [];
  const named = new Map<string, string>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!allowed.includes(name)) throw new UsageError(`Unknown option --${name}${allowed.length ? `; the options are ${allowed.map((option) => `--${option}`).join(', ')}` : ''}.`);
    const value = inline ?? args[++index];
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value.`);
    if (named.has(name)) throw new UsageError(`--${name} is given twice.`);
    named.set(name, value);
  }
  return { positional, named };
}

function parseLifecycleCommand(command: 'list' | MoveVerb, rest: string[]): OrderCommand {
  if (command === 'list') {
    const { positional, named } = lifecycleOptions(rest, ['state']);
    if (positional.length > 0) throw new UsageError('list takes only --state.');
    const state = (named.get('state') ?? '').toUpperCase().replaceAll('-', '_');
    if (!(ORDER_STATES as readonly string[]).includes(state)) throw new UsageError(`list needs --state, one of ${ORDER_STATES.join(', ')}.`);
    return { kind: 'list', state: state as OrderState };
  }
  const allowed = command === 'ship' ? ['tracking', 'carrier', 'url', 'packet-id', 'no-packet'] : command === 'cancel' ? ['reason'] : [];
  const { positional, named } = lifecycleOptions(rest, allowed);
  if (positional.length !== 1) throw new UsageError(`${command} needs one order number.`);
  // without a tracking number the order's carrier makes the parcel (Packeta: createPacket and its label)
  if (command === 'ship' && !named.has('tracking')) {
    if (named.has('carrier') || named.has('url')) throw new UsageError('--carrier and --url go with --tracking, a courier\'s tracking number.');
    const noPacket = named.get('no-packet');
    if (noPacket !== undefined && noPacket !== 'yes') throw new UsageError('--no-packet takes "yes": you checked in Packeta\'s client section that the interrupted attempt made no packet.');
    if (noPacket && named.has('packet-id')) throw new UsageError('Give --packet-id or --no-packet, not both.');
    return { kind: 'ship-by-carrier', orderNumber: positional[0], adoptPacketId: named.get('packet-id') ?? null, noPacketExists: noPacket === 'yes' };
  }
  if (named.has('packet-id') || named.has('no-packet')) throw new UsageError('--packet-id and --no-packet go with a carrier\'s parcel, without --tracking.');
  const details: MoveDetails = {
    ...(named.has('tracking') ? { trackingNumber: named.get('tracking') } : {}),
    ...(named.has('carrier') ? { carrier: named.get('carrier') } : {}),
    ...(named.has('url') ? { trackingUrl: named.get('url') } : {}),
    ...(named.has('reason') ? { reason: named.get('reason') } : {}),
  };
  return { kind: 'move', verb: command, orderNumber: positional[0], to: MOVE_VERBS[command], details };
}

/** The options of `paid`, as --name value or --name=value. */
function options(args: string[]): { positional: string[]; named: Map<string, string> } {
  const positional: string[] = [];
  const named = new Map<string, string>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!['amount', 'currency', 'date', 'reference'].includes(name)) throw new UsageError(`Unknown option --${name}.`);
    const value = inline ?? args[++index];
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value.`);
    if (named.has(name)) throw new UsageError(`--${name} is given twice.`);
    named.set(name, value);
  }
  return { positional, named };
}

export function parseOrderCommand(argv: string[]): OrderCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === 'import-payments') return parseImportCommand(rest);
  if (command === 'payments') {
    const unknown = rest.find((arg) => arg !== '--unpaired');
    if (unknown) throw new UsageError(`Unknown argument "${unknown}"; payments takes only --unpaired.`);
    return { kind: 'payments', unpaired: rest.includes('--unpaired') };
  }
  if (command === 'complaint') {
    const refund = rest.includes('--refund');
    const unknown = rest.find((arg) => arg.startsWith('--') && arg !== '--refund');
    if (unknown) throw new UsageError(`Unknown option ${unknown}; complaint takes only --refund.`);
    const positional = rest.filter((arg) => !arg.startsWith('--'));
    if (positional.length !== 2 || positional[1] !== 'accepted') throw new UsageError('complaint needs a protocol number and the word accepted: complaint R2026000042 accepted [--refund].');
    return { kind: 'complaint-accepted', protocolNumber: positional[0], refund };
  }
  if (command === 'credit-notes') {
    if (rest.length !== 1) throw new UsageError('credit-notes needs one order number.');
    return { kind: 'credit-notes', orderNumber: rest[0] };
  }
  if (command === 'withdrawals') {
    if (rest.length !== 0) throw new UsageError('withdrawals takes no arguments.');
    return { kind: 'withdrawals' };
  }
  if (command === 'withdrawal') return parseWithdrawalCommand(rest);
  if (command === 'label' || command === 'labels') return parseLabelCommand(command, rest);
  if (command === 'list' || isMoveVerb(command)) return parseLifecycleCommand(command, rest);
  if (command !== 'paid') {
    throw new UsageError(
      `Unknown command "${command}"; the commands are paid, import-payments, payments, complaint, credit-notes, withdrawals, withdrawal, label, labels, list, pack, ship, ready, delivered, picked-up and cancel.`,
    );
  }
  const { positional, named } = options(rest);
  if (positional.length !== 1) throw new UsageError('paid needs one order number.');
  const amountText = named.get('amount');
  const currency = named.get('currency')?.toUpperCase();
  if (amountText === undefined) throw new UsageError('paid needs --amount, what arrived (e.g. 1234.50).');
  const amount = parseAmount(amountText);
  if (Number.isNaN(amount) || amount === 0) throw new UsageError(`--amount must be more than zero with at most two decimals (1234.50), got "${amountText}".`);
  if (currency !== 'CZK' && currency !== 'EUR') throw new UsageError(`--currency must be CZK or EUR, got "${named.get('currency') ?? ''}".`);
  const date = named.get('date');
  if (date !== undefined && parseDay(date) === null) throw new UsageError(`--date must be a day written YYYY-MM-DD, got "${date}".`);
  return { kind: 'paid', orderNumber: positional[0], amount, currency, date, reference: named.get('reference') };
}

const money = (amount: number, currency: Currency) => formatMoney(amount, currency, 'en');
/** A statement's amount: its currency may be one no order has (a USD payment is listed too). */
const anyMoney = (amount: number, currency: string) => (currency === 'CZK' || currency === 'EUR' ? money(amount, currency) : `${currency} ${(amount / 100).toFixed(2)}`);

function parseImportCommand(args: string[]): OrderCommand {
  const files: string[] = [];
  let format: StatementFileFormat | undefined;
  for (let index = 0; index < args.length; index++) {
    const [name, inline] = args[index].split(/=(.*)/s, 2);
    if (name !== '--format') {
      if (args[index].startsWith('--')) throw new UsageError(`Unknown option ${name}; import-payments takes only --format.`);
      files.push(args[index]);
      continue;
    }
    const value = inline ?? args[++index];
    if (!(STATEMENT_FORMATS as readonly string[]).includes(value ?? '')) throw new UsageError(`--format must be ${STATEMENT_FORMATS.join(', ')}, got "${value ?? ''}".`);
    format = value as StatementFileFormat;
  }
  if (files.length !== 1) throw new UsageError('import-payments needs one statement file.');
  return { kind: 'import-payments', file: files[0], format };
}

/** `label <number> [--out file.pdf]` and `labels <n1> <n2> … --out sheet.pdf`. */
function parseLabelCommand(command: 'label' | 'labels', args: string[]): OrderCommand {
  const numbers: string[] = [];
  let out: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const [name, inline] = args[index].startsWith('--') ? args[index].slice(2).split(/=(.*)/s, 2) : [null, undefined];
    if (name === null) {
      numbers.push(args[index]);
      continue;
    }
    if (name !== 'out') throw new UsageError(`Unknown option --${name}; ${command} takes only --out.`);
    out = inline ?? args[++index];
    if (!out) throw new UsageError('--out needs a file name.');
  }
  if (command === 'label') {
    if (numbers.length !== 1) throw new UsageError('label needs one order number.');
    return { kind: 'label', orderNumber: numbers[0], out: out ?? `label-${numbers[0]}.pdf` };
  }
  if (numbers.length === 0) throw new UsageError('labels needs the order numbers.');
  if (!out) throw new UsageError('labels needs --out, the file of the A4 sheet.');
  return { kind: 'labels', orderNumbers: numbers, out };
}

function parseWithdrawalCommand(args: string[]): OrderCommand {
  const { positional, named } = options(args);
  const [idText, step] = positional;
  if (positional.length !== 2 || !/^\d{1,9}$/.test(idText ?? '')) throw new UsageError('withdrawal needs an id (as `withdrawals` lists) and a step: received or refunded.');
  for (const name of named.keys()) if (name !== 'amount') throw new UsageError(`--${name} is not an option of withdrawal.`);
  const id = Number(idText);
  if (step === 'received') {
    if (named.has('amount')) throw new UsageError('received takes no --amount.');
    return { kind: 'withdrawal-received', id };
  }
  if (step !== 'refunded') throw new UsageError(`Unknown step "${step}"; the steps are received and refunded.`);
  // without --amount the refund is the credit note's total; with it, the two must agree (decision 0061)
  const amountText = named.get('amount');
  if (amountText === undefined) return { kind: 'withdrawal-refunded', id, amount: null };
  const amount = parseAmount(amountText);
  if (Number.isNaN(amount) || amount === 0) throw new UsageError(`--amount must be more than zero with at most two decimals (1234.50), got "${amountText}".`);
  return { kind: 'withdrawal-refunded', id, amount };
}

/** One line of `withdrawals`. */
export function describeWithdrawal(withdrawal: OpenWithdrawal): string {
  const items = withdrawal.items.map((item) => `${item.quantity}× ${item.variantCode} ${item.name}`).join('; ');
  const value = withdrawal.items.reduce((sum, item) => sum + item.quantity * item.unitPriceGross, 0);
  const received = withdrawal.receivedAt ? formatDateTime(withdrawal.receivedAt, 'cs') : '-';
  return `#${withdrawal.id}  ${withdrawal.state.padEnd(14)} order ${withdrawal.orderNumber}, received ${received} (Prague): ${items} (goods ${money(value, withdrawal.currency)}); ${withdrawal.name} <${withdrawal.email}>, refund to ${withdrawal.refundAccount}`;
}

async function deliverWithdrawalMails(prisma: Db, config: Config): Promise<void> {
  const { startMailJob } = await import('../bff/src/jobs/mail.ts');
  const mailer = startMailJob(prisma, { ...config, mailIntervalMs: 0 }, { info: console.log, error: console.error });
  await mailer.sendNow({ kinds: ['withdrawalProgress', 'creditNote'] });
  await mailer.close();
}

function paymentText(payment: RecordedPayment): string {
  return `${money(payment.amount, payment.currency)} on ${payment.paidOn}${payment.reference ? `, reference ${payment.reference}` : ''}`;
}

/** What `paid` prints. */
export function describePayment(result: PaymentResult): string {
  if (result.result === 'ALREADY_PAID') {
    const earlier = result.payment ? ` (${paymentText(result.payment)})` : '';
    return `ALREADY PAID: order ${result.orderNumber} was paid before${earlier}; nothing changed.`;
  }
  const overpaid = result.overpaid > 0 ? `\nOVERPAID by ${money(result.overpaid, result.payment.currency)}: return the difference to the customer.` : '';
  return `PAID: order ${result.orderNumber}, ${paymentText(result.payment)}. The customer is told by e-mail.${overpaid}`;
}

/** One line of the import's report. */
export function describeImported(payment: ImportedPayment): string {
  const what = `line ${payment.line}: VS ${payment.variableSymbol || '-'}, ${anyMoney(payment.amount, payment.currency)} on ${payment.paidOn}`;
  switch (payment.outcome) {
    case 'RECORDED_BEFORE':
      return `SKIPPED  ${what}: recorded before (this statement line was imported already).`;
    case 'MARKED':
      return `PAID     ${what}: order ${payment.variableSymbol} marked paid.${payment.overpaid > 0 ? ` OVERPAID by ${anyMoney(payment.overpaid, payment.currency)}: return it.` : ''}`;
    case 'ALREADY_PAID':
      return payment.sameReference
        ? `PAID     ${what}: order ${payment.variableSymbol} was marked paid by this line before; now recorded.`
        : `CHECK    ${what}: order ${payment.variableSymbol} was paid before${payment.earlier ? ` (${paymentText(payment.earlier)})` : ''}; if this is a second payment, return it.`;
    case 'NO_VARIABLE_SYMBOL':
      return `CHECK    ${what}: no variable symbol; match it by hand (npm run order -- paid).`;
    default:
      return `CHECK    ${what}: ${payment.message}`;
  }
}

/** One line of `payments`: the day, the state and reason, the amount, the symbol, the order or what to do. */
export function describeBankTransaction(row: RecordedBankTransaction): string {
  const state = row.reason && row.state !== 'PAIRED' ? `${row.state} ${row.reason}` : row.state;
  const what = row.orderNumber ? `order ${row.orderNumber}` : row.detail;
  return [row.bookedOn, state.padEnd(28), anyMoney(row.amount, row.currency).padStart(14), `VS ${row.variableSymbol || '-'}`, `id ${row.bankId}`, row.message && `"${row.message}"`, what]
    .filter(Boolean)
    .join('  ');
}

/** One credit note in a list: number, day, reason, amount, note. */
export function describeCreditNote(note: CreditNoteSummary): string {
  return `${note.number}  ${note.issuedAt.toISOString().slice(0, 10)}  ${note.reason.padEnd(12)}  ${money(note.totalGross, note.currency).padStart(14)}${note.note ? `  ${note.note}` : ''}`;
}

/** What `complaint … accepted` prints. */
export function describeAcceptance(result: ComplaintAcceptance): string {
  const note = result.creditNote ? ` Credit note ${result.creditNote.number}.` : '';
  if (result.result === 'ALREADY_ACCEPTED') return `ALREADY ACCEPTED: return protocol ${result.protocolNumber} (order ${result.orderNumber}) was accepted before;${note} nothing changed.`;
  return result.creditNote
    ? `ACCEPTED: return protocol ${result.protocolNumber} (order ${result.orderNumber}).${note} The customer gets it by e-mail; refund the amount to the protocol's account.`
    : `ACCEPTED: return protocol ${result.protocolNumber} (order ${result.orderNumber}), no refund.`;
}

async function deliverMails(prisma: Db, config: Config, kinds: MailKind[]): Promise<void> {
  // the outbox's claim keeps a running shop from sending them twice; the rest of the outbox is the shop's
  const { startMailJob } = await import('../bff/src/jobs/mail.ts');
  const mailer = startMailJob(prisma, { ...config, mailIntervalMs: 0 }, { info: console.log, error: console.error });
  await mailer.sendNow({ kinds });
  await mailer.close();
}

async function deliverPaymentMails(prisma: Db, config: Config): Promise<void> {
  await deliverMails(prisma, config, ['paymentReceived']);
}

/** One line of `list`. */
export function describeListedOrder(order: ListedOrder): string {
  return `${order.number}  ${formatDateTime(order.createdAt, 'cs').padEnd(17)}  ${order.customer} <${order.email}>  ${money(order.totalGross, order.currency)}  ${order.deliveryName}${order.paymentName ? ` / ${order.paymentName}` : ''}`;
}

/** What a move command prints. */
export function describeMove(result: MoveResult): string {
  if (result.result === 'ALREADY') return `ALREADY ${result.to}: order ${result.orderNumber} was moved ${result.from} → ${result.to} before; nothing changed.`;
  const refund = result.refundDue > 0 ? ` REFUND ${money(result.refundDue, result.currency)} to the customer${result.creditNoteNumber ? ` (credit note ${result.creditNoteNumber})` : ''}.` : '';
  return `${result.to}: order ${result.orderNumber}, ${result.from} → ${result.to}. The customer is told by e-mail.${refund}`;
}

async function runLifecycle(command: Extract<OrderCommand, { kind: 'list' | 'move' | 'ship-by-carrier' }>, prisma: Db, config: Config): Promise<void> {
  if (command.kind === 'ship-by-carrier') {
    const order = await prisma.order.findUnique({ where: { number: command.orderNumber }, select: { id: true } });
    if (!order) throw new OrderMoveError('ORDER_NOT_FOUND', {});
    const shipped = await shipOrder(
      prisma,
      order.id,
      { carriers: carrierSetup(config, renderDemoLabels), adoptPacketId: command.adoptPacketId, noPacketExists: command.noPacketExists },
      markOrderShipped,
    );
    const { shipment } = shipped;
    if (shipped.result === 'ALREADY_SHIPPED') {
      console.log(`ALREADY SHIPPED: order ${shipped.orderNumber} went with ${shipment.carrier} before (${shipment.trackingNumber ?? shipment.packetId}); nothing changed.`);
      return;
    }
    console.log(
      `SHIPPED: order ${shipped.orderNumber} with ${shipment.carrier}, packet ${shipment.packetId ?? '-'}, tracking ${shipment.trackingNumber ?? '-'}${shipment.trackingUrl ? ` (${shipment.trackingUrl})` : ''}. ` +
        `The label: npm run order -- label ${shipped.orderNumber}. The customer is told by e-mail.`,
    );
    await deliverMails(prisma, config, ['orderProgress']);
    return;
  }
  if (command.kind === 'list') {
    const orders = await listOrdersInState(prisma, command.state);
    for (const order of orders) console.log(describeListedOrder(order));
    console.log(orders.length === 0 ? `No orders are ${command.state}.` : `${orders.length} order${orders.length === 1 ? '' : 's'} ${command.state}.`);
    return;
  }
  const result = await moveOrder(
    prisma,
    { orderNumber: command.orderNumber, to: command.to, actor: { kind: 'shop', detail: `npm run order -- ${command.verb}` }, idempotencyKey: `order-command:${command.orderNumber}:${command.to}`, details: command.details },
    { pickupDays: config.pickupDays },
  );
  console.log(describeMove(result));
  if (result.result === 'MOVED') await deliverMails(prisma, config, ['orderProgress', 'orderCancelled', 'creditNote']);
}

async function run(command: Exclude<OrderCommand, { kind: 'help' }>, prisma: Db, config: Config): Promise<void> {
  if (command.kind === 'list' || command.kind === 'move' || command.kind === 'ship-by-carrier') return runLifecycle(command, prisma, config);
  if (command.kind === 'label' || command.kind === 'labels') {
    const carriers = carrierSetup(config, renderDemoLabels);
    const pdf = command.kind === 'label' ? await labelOf(prisma, command.orderNumber, carriers) : await labelSheet(prisma, command.orderNumbers, carriers);
    await writeFile(command.out, pdf);
    console.log(`${command.kind === 'label' ? `The label of order ${command.orderNumber}` : `The labels of orders ${command.orderNumbers.join(', ')}`} written to ${command.out} (${pdf.byteLength} bytes).`);
    return;
  }
  if (command.kind === 'complaint-accepted') {
    const result = await acceptComplaint(prisma, command.protocolNumber, { refund: command.refund });
    console.log(describeAcceptance(result));
    if (result.result === 'ACCEPTED' && result.creditNote) await deliverMails(prisma, config, ['creditNote']);
    return;
  }
  if (command.kind === 'credit-notes') {
    const found = await creditNotesOfOrderNumber(prisma, command.orderNumber);
    if (!found) throw new CreditNoteError('CREDIT_NOTE_ORDER_NOT_FOUND', `There is no order ${command.orderNumber}.`);
    if (found.notes.length === 0) console.log(`Order ${found.orderNumber} has no credit notes.`);
    for (const note of found.notes) console.log(describeCreditNote(note));
    return;
  }
  if (command.kind === 'withdrawals') {
    const open = await listOpenWithdrawals(prisma);
    for (const withdrawal of open) console.log(describeWithdrawal(withdrawal));
    console.log(open.length === 0 ? 'No open withdrawals.' : `${open.length} open withdrawal${open.length === 1 ? '' : 's'}.`);
    return;
  }
  if (command.kind === 'withdrawal-received') {
    const result = await markWithdrawalReceived(prisma, command.id);
    console.log(
      result.status === 'ALREADY'
        ? `ALREADY RECEIVED: withdrawal #${command.id} (order ${result.withdrawal.orderNumber}) was recorded before; nothing changed.`
        : `RECEIVED: withdrawal #${command.id} (order ${result.withdrawal.orderNumber}); the goods are back in stock and the customer is told by e-mail.`,
    );
    if (result.status === 'DONE') await deliverWithdrawalMails(prisma, config);
    return;
  }
  if (command.kind === 'withdrawal-refunded') {
    // the credit note corrects the order's invoice: issued now if no e-mail or download has issued it yet
    const withdrawn = await prisma.withdrawal.findUnique({ where: { id: command.id }, select: { orderId: true } });
    if (withdrawn) await orderInvoice(prisma, withdrawn.orderId, { eurRate: config.eurRate, render: renderInvoicePdf });
    const result = await markWithdrawalRefunded(prisma, command.id, command.amount);
    const amount = money(result.refundAmount ?? 0, result.withdrawal.currency);
    console.log(
      result.status === 'ALREADY'
        ? `ALREADY REFUNDED: withdrawal #${command.id} (order ${result.withdrawal.orderNumber}) was refunded before (${amount}); nothing changed.`
        : `REFUNDED: withdrawal #${command.id} (order ${result.withdrawal.orderNumber}), ${amount}, credit note ${result.creditNoteNumber}; the customer is told by e-mail and gets the credit note.`,
    );
    if (result.status === 'DONE') await deliverWithdrawalMails(prisma, config);
    return;
  }
  if (command.kind === 'paid') {
    const result = await markOrderPaid(prisma, {
      orderNumber: command.orderNumber,
      amount: command.amount,
      currency: command.currency,
      paidOn: command.date,
      reference: command.reference,
      source: 'command',
    });
    console.log(describePayment(result));
    if (result.result === 'MARKED') await deliverPaymentMails(prisma, config);
    return;
  }
  if (command.kind === 'payments') {
    const rows = await listBankTransactions(prisma, { unpaired: command.unpaired });
    for (const row of rows) console.log(describeBankTransaction(row));
    const what = command.unpaired ? 'statement lines to check by hand' : 'statement lines recorded';
    console.log(rows.length === 0 ? `No ${what}.` : `${rows.length} ${what}.`);
    return;
  }
  const statement = await readStatementFile(command.file, command.format);
  const imported = await importStatement(prisma, statement);
  for (const payment of imported) console.log(describeImported(payment));
  const marked = imported.filter((payment) => payment.outcome === 'MARKED' || (payment.outcome === 'ALREADY_PAID' && payment.sameReference)).length;
  const before = imported.filter((payment) => payment.outcome === 'RECORDED_BEFORE').length;
  const toCheck = imported.length - marked - before;
  console.log(
    `${imported.length} incoming payment${imported.length === 1 ? '' : 's'}: ${marked} marked paid, ${toCheck} to check by hand` +
      `${before > 0 ? `, ${before} imported before` : ''}` +
      `${statement.outgoing > 0 ? `; ${statement.outgoing} outgoing skipped` : ''}.`,
  );
  if (marked > 0) await deliverPaymentMails(prisma, config);
}

export const orderCommand: ShopCommand<OrderCommand> = {
  name: 'order',
  usage: USAGE,
  parse: parseOrderCommand,
  run,
  // a refused payment, an unreadable statement or a file that is not there is the user's input
  isInputError: (error) =>
    error instanceof PaymentRefusedError ||
    error instanceof StatementFormatError ||
    error instanceof CreditNoteError ||
    error instanceof WithdrawalCommandError ||
    error instanceof OrderMoveError ||
    // a parcel missing, or the carrier's refusal (a wrong password, a timeout) said in one line
    error instanceof ShipmentError ||
    error instanceof CarrierError ||
    (error as NodeJS.ErrnoException).code === 'ENOENT',
};

// `npx tsx scripts/order.ts …` in development; the build runs orderCommand from build/bff/order.js (`npm run order`)
if (isCommandLine(import.meta.url)) {
  process.exitCode = await runShopCommand(orderCommand, process.argv.slice(2));
}
