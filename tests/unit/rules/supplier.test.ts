// The supplier printed on invoices and paid by QR code must have numbers a bank and the tax office accept.
import { describe, expect, it } from 'vitest';
import { bankAccountToIban, compactIban, validateCzechBankAccount, validateDic, validateIco, validateIban, buildSpayd } from '../../../schema/rules/index.ts';
import { SUPPLIER, supplierBankAccount } from '../../../schema/rules/supplier.ts';

describe('supplier', () => {
  it('has a valid IČO and a DIČ made of it', () => {
    expect(validateIco(SUPPLIER.ico)).toBe(true);
    expect(validateDic(SUPPLIER.dic)).toBe(true);
    expect(SUPPLIER.dic).toBe(`CZ${SUPPLIER.ico}`);
  });

  it.each(['CZK', 'EUR'] as const)('pays %s to a valid account whose IBAN is the same account', (currency) => {
    const account = supplierBankAccount(currency);
    expect(validateCzechBankAccount(account.accountNumber)).toBe(true);
    expect(validateIban(account.iban)).toBe(true);
    expect(bankAccountToIban(account.accountNumber)).toBe(compactIban(account.iban));
    expect(() => buildSpayd({ iban: account.iban, bic: account.bic, amountMinor: 100, currency })).not.toThrow();
  });

  it('keeps CZK and EUR payments apart', () => {
    expect(supplierBankAccount('CZK').iban).not.toBe(supplierBankAccount('EUR').iban);
  });
});
