// Rules shared by web/ and bff/: pure functions only, no I/O and no Node-only APIs.
export { type Locale, isLocale, localeTag } from './locale.ts';
export * from './constants.ts';
export * from './validators.ts';
export * from './czech-validators.ts';
export * from './ico.ts';
export * from './dic.ts';
export * from './czech-bank-codes.ts';
export * from './bank-account.ts';
export * from './iban.ts';
export * from './postcode.ts';
export * from './phone.ts';
export * from './spayd.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './plural.ts';
export * from './text.ts';
export * from './supplier.ts';
export * from './checkout.ts';
