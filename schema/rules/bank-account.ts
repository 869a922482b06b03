// Czech bank account numbers written as [prefix-]number/bank, and their IBAN form.
import { isKnownCzechBankCode } from './czech-bank-codes.ts';
import { compactIban, ibanCheckDigits, validateIban } from './iban.ts';

export interface CzechBankAccount {
  /** Up to 6 digits, '' when the account has no prefix. */
  prefix: string;
  /** 2–10 digits. */
  number: string;
  /** 4 digits. */
  bankCode: string;
}

const ACCOUNT_FORMAT = /^(?:([0-9]{1,6})-)?([0-9]{2,10})\/([0-9]{4})$/;
const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1];
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/** Splits the written form into its parts (format only: no checksum or bank-code check). Spaces are ignored. */
export function parseCzechBankAccount(value: string): CzechBankAccount | null {
  if (typeof value !== 'string') return null;
  const match = ACCOUNT_FORMAT.exec(value.replace(/\s+/g, ''));
  if (!match) return null;
  return { prefix: match[1] ?? '', number: match[2], bankCode: match[3] };
}

function weightedSum(digits: string, weights: readonly number[]): number {
  const padded = digits.padStart(weights.length, '0');
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(padded[i]) * weights[i];
  return sum;
}

export function hasValidCzechAccountChecksums(account: CzechBankAccount): boolean {
  return (
    weightedSum(account.prefix, PREFIX_WEIGHTS) % 11 === 0 &&
    weightedSum(account.number, NUMBER_WEIGHTS) % 11 === 0
  );
}

function countNonZeroDigits(digits: string): number {
  return digits.replace(/0/g, '').length;
}

export function isValidCzechBankAccount(account: CzechBankAccount): boolean {
  return (
    countNonZeroDigits(account.number) >= 2 &&
    hasValidCzechAccountChecksums(account) &&
    isKnownCzechBankCode(account.bankCode)
  );
}

const NUMBER_FORMAT = /^(?:([0-9]{1,6})-)?([0-9]{2,10})$/;

/** A Czech account typed without its bank code (`[prefix-]number`, spaces ignored): format only. */
export function isCzechAccountNumberFormat(value: string): boolean {
  return typeof value === 'string' && NUMBER_FORMAT.test(value.replace(/\s+/g, ''));
}

/** `[prefix-]number` without the bank code: its checksums and at least two non-zero digits. */
export function validateCzechAccountNumber(value: string): boolean {
  const match = typeof value === 'string' ? NUMBER_FORMAT.exec(value.replace(/\s+/g, '')) : null;
  if (!match) return false;
  const account = { prefix: match[1] ?? '', number: match[2], bankCode: '' };
  return countNonZeroDigits(account.number) >= 2 && hasValidCzechAccountChecksums(account);
}

export function validateCzechBankAccount(value: string): boolean {
  const account = parseCzechBankAccount(value);
  return account !== null && isValidCzechBankAccount(account);
}

/** Written form, e.g. 19-2000145399/0800 (no prefix part when the prefix is zero). */
export function formatCzechBankAccount(account: CzechBankAccount): string {
  const prefix = account.prefix.replace(/^0+/, '');
  const number = account.number.replace(/^0+(?=[0-9]{2})/, '');
  return `${prefix ? `${prefix}-` : ''}${number}/${account.bankCode}`;
}

/** Electronic IBAN (no spaces) of a valid Czech account, e.g. CZ6508000000192000145399; null when not valid. */
export function bankAccountToIban(value: string): string | null {
  const account = parseCzechBankAccount(value);
  if (account === null || !isValidCzechBankAccount(account)) return null;
  const bban = account.bankCode + account.prefix.padStart(6, '0') + account.number.padStart(10, '0');
  return `CZ${ibanCheckDigits('CZ', bban)}${bban}`;
}

/** The account inside a valid Czech IBAN (prefix and number without their zero padding); null otherwise. */
export function czechIbanToBankAccount(iban: string): CzechBankAccount | null {
  const compact = compactIban(iban);
  if (!compact.startsWith('CZ') || !validateIban(compact)) return null;
  return {
    prefix: compact.slice(8, 14).replace(/^0+/, ''),
    number: compact.slice(14).replace(/^0+(?=[0-9]{2})/, ''),
    bankCode: compact.slice(4, 8),
  };
}
