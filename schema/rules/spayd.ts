// QR Platba: the Short Payment Descriptor (SPAYD 1.0) string encoded into the payment QR code.
import { compactIban, validateIban } from './iban.ts';
import { decimalAmount, type Currency } from './money.ts';

export interface SpaydPayment {
  iban: string;
  bic?: string;
  /** Amount in minor units (haléře, cents). */
  amountMinor: number;
  currency: Currency | (string & {});
  /** Up to 10 digits; the shop uses the order number. */
  variableSymbol?: string | number;
  /** Message for the recipient, cut to 60 characters. */
  message?: string;
  recipientName?: string;
}

export const SPAYD_MAX_AMOUNT_MINOR = 999_999_999;
export const SPAYD_MAX_MESSAGE_LENGTH = 60;
export const SPAYD_MAX_RECIPIENT_NAME_LENGTH = 35;

const BIC_FORMAT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

// `*` separates the fields, so it can never appear inside a value.
function withoutSeparator(text: string): string {
  return text.replace(/\*/g, '');
}

function cutToCodePoints(text: string, maxLength: number): string {
  return Array.from(text).slice(0, maxLength).join('');
}

/** Throws on values a bank would reject (bad IBAN or BIC, amount, currency or variable symbol). */
export function buildSpayd(payment: SpaydPayment): string {
  const iban = compactIban(payment.iban);
  if (!validateIban(iban)) throw new Error(`SPAYD: invalid IBAN "${payment.iban}"`);

  let account = iban;
  if (payment.bic !== undefined && payment.bic.trim() !== '') {
    const bic = payment.bic.replace(/\s+/g, '').toUpperCase();
    if (!BIC_FORMAT.test(bic)) throw new Error(`SPAYD: invalid BIC "${payment.bic}"`);
    account += `+${bic}`;
  }

  const { amountMinor } = payment;
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0 || amountMinor > SPAYD_MAX_AMOUNT_MINOR) {
    throw new Error(`SPAYD: amount must be a whole number of minor units from 0 to ${SPAYD_MAX_AMOUNT_MINOR}`);
  }

  const currency = payment.currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`SPAYD: invalid currency "${payment.currency}"`);

  const fields = [`ACC:${account}`, `AM:${decimalAmount(amountMinor)}`, `CC:${currency}`];

  if (payment.variableSymbol !== undefined && payment.variableSymbol !== '') {
    const variableSymbol = String(payment.variableSymbol);
    if (!/^[0-9]{1,10}$/.test(variableSymbol)) {
      throw new Error(`SPAYD: variable symbol must be 1 to 10 digits, got "${variableSymbol}"`);
    }
    fields.push(`X-VS:${variableSymbol}`);
  }

  const message = cutToCodePoints(withoutSeparator(payment.message ?? '').trim(), SPAYD_MAX_MESSAGE_LENGTH);
  if (message !== '') fields.push(`MSG:${message}`);

  const recipientName = cutToCodePoints(
    withoutSeparator(payment.recipientName ?? '').trim(),
    SPAYD_MAX_RECIPIENT_NAME_LENGTH,
  );
  if (recipientName !== '') fields.push(`RN:${recipientName}`);

  return ['SPD', '1.0', ...fields].join('*');
}
