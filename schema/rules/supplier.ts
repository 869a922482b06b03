// The shop's operator as it appears on invoices, e-mails, the order summary and the info pages: one
// place for the supplier details a Czech tax document needs (name, registered office, IČO, DIČ, the
// commercial register entry) and the bank accounts customers pay to. The company is fictional; the
// numbers pass the checksums (tests/unit/rules/supplier.test.ts), so QR payments built from them are valid.
import type { Currency } from './money.ts';

export const SUPPLIER = {
  /** The shop's brand, e.g. in an e-mail's From. */
  shopName: 'Tribuna Sport',
  company: 'Tribuna Sport s.r.o.',
  street: 'Vinohradská 112',
  city: 'Praha 3',
  postcode: '130 00',
  country: { cs: 'Česká republika', en: 'Czech Republic' },
  ico: '07412355',
  dic: 'CZ07412355',
  register: {
    cs: 'zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 301245',
    en: 'registered in the Commercial Register kept by the Municipal Court in Prague, section C, file 301245',
  },
  email: 'info@tribunasport.cz',
  complaintsEmail: 'reklamace@tribunasport.cz',
  privacyEmail: 'osobni-udaje@tribunasport.cz',
  phone: '+420 222 510 480',
  web: 'www.tribunasport.cz',
  /** Where each currency is paid: the Czech account number (CZK only) and the IBAN + BIC the QR payment uses. */
  bankAccounts: {
    CZK: { accountNumber: '2300154801/2010', iban: 'CZ26 2010 0000 0023 0015 4801', bic: 'FIOBCZPP' },
    EUR: { accountNumber: '2500154806/2010', iban: 'CZ76 2010 0000 0025 0015 4806', bic: 'FIOBCZPP' },
  } satisfies Record<Currency, { accountNumber: string; iban: string; bic: string }>,
} as const;

/**
 * A page's title as the browser's tab and a search result show it: "Naše prodejny | Tribuna Sport".
 * Every page but the home page (which names the shop first), the error pages too: the shop's own
 * (web/app/root.tsx) and the server's last resort (bff/src/http/server-errors.ts).
 */
export function pageTitleWithShop(title: string): string {
  return `${title} | ${SUPPLIER.shopName}`;
}

/** An invoice is due this many days after it is issued (bank transfer). */
export const INVOICE_DUE_DAYS = 14;

/** The account an order in this currency is paid to. */
export function supplierBankAccount(currency: Currency): { accountNumber: string; iban: string; bic: string } {
  return SUPPLIER.bankAccounts[currency];
}
