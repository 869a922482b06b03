// Demo vouchers: one for each kind and for each rule of spec section 5, so a person trying the shop
// can see every message (the README lists them). Validity windows are relative to the moment the
// demo data is loaded, so an "expired" voucher stays expired and a "future" one stays ahead.
import type { Translated } from './types.ts';

export type SeedVoucher = {
  code: string;
  kind: 'AMOUNT' | 'PERCENT' | 'FREE_SHIPPING';
  /** AMOUNT: minor units of `currency`; PERCENT: whole percent; FREE_SHIPPING: 0. */
  value: number;
  currency?: 'CZK' | 'EUR';
  /** AMOUNT in CZK: its value in euro cents for a cart in euros (without it the voucher is refused there). */
  valueEur?: number;
  /** Days from loading the demo data (negative: in the past). */
  validFromDays?: number;
  validUntilDays?: number;
  capacity?: number;
  usedCount?: number;
  oncePerCustomer?: boolean;
  minimumCartCzk?: number;
  minimumCartEur?: number;
  boundEmail?: string;
  /** Issued for the demo customer's account (prisma/seed/seed.ts DEMO_CUSTOMER). */
  forDemoCustomer?: boolean;
  /** What it shows, for the README. */
  shows: Translated;
};

export const vouchers: SeedVoucher[] = [
  { code: 'SLEVA200', kind: 'AMOUNT', value: 20_000, currency: 'CZK', shows: { cs: '200 Kč z nákupu v korunách', en: '200 CZK off a purchase in crowns' } },
  { code: 'EURO10', kind: 'AMOUNT', value: 1_000, currency: 'EUR', shows: { cs: '10 € z nákupu v eurech (v korunách odmítnut)', en: '10 EUR off a purchase in euros (refused in crowns)' } },
  { code: 'JARO15', kind: 'PERCENT', value: 15, shows: { cs: '15 % ze zboží', en: '15 % off the goods' } },
  { code: 'DOPRAVAZDARMA', kind: 'FREE_SHIPPING', value: 0, shows: { cs: 'doprava zdarma', en: 'free shipping' } },
  {
    code: 'NAD2000',
    kind: 'AMOUNT',
    value: 30_000,
    currency: 'CZK',
    valueEur: 1_200,
    minimumCartCzk: 200_000,
    minimumCartEur: 8_000,
    shows: { cs: '300 Kč při nákupu alespoň za 2 000 Kč (12 € od 80 € v eurech; minimální hodnota košíku)', en: '300 CZK off from 2,000 CZK (12 EUR from 80 EUR in euros; minimum cart value)' },
  },
  {
    code: 'PROJANU',
    kind: 'PERCENT',
    value: 10,
    boundEmail: 'zakaznik@example.cz',
    shows: { cs: '10 % jen pro e-mail zakaznik@example.cz (e-mail je potřeba a musí souhlasit)', en: '10 % only for zakaznik@example.cz (the e-mail is needed and must match)' },
  },
  {
    code: 'VERNOST250',
    kind: 'AMOUNT',
    value: 25_000,
    currency: 'CZK',
    forDemoCustomer: true,
    shows: { cs: '250 Kč jen pro přihlášenou demo zákaznici', en: '250 CZK only for the logged-in demo customer' },
  },
  {
    code: 'JEDNOU100',
    kind: 'AMOUNT',
    value: 10_000,
    currency: 'CZK',
    oncePerCustomer: true,
    shows: { cs: '100 Kč, každý zákazník (e-mail) jen jednou', en: '100 CZK, once per customer (e-mail)' },
  },
  {
    code: 'POSLEDNICH5',
    kind: 'PERCENT',
    value: 5,
    capacity: 5,
    shows: { cs: '5 %, jen pro prvních 5 objednávek (kapacita)', en: '5 %, for the first 5 orders only (capacity)' },
  },
  {
    code: 'VYCERPANO',
    kind: 'AMOUNT',
    value: 50_000,
    currency: 'CZK',
    capacity: 100,
    usedCount: 100,
    shows: { cs: 'kapacita vyčerpána', en: 'capacity exhausted' },
  },
  {
    code: 'LETO2025',
    kind: 'PERCENT',
    value: 20,
    validFromDays: -120,
    validUntilDays: -30,
    shows: { cs: 'platnost skončila', en: 'no longer available' },
  },
  {
    code: 'VANOCE',
    kind: 'PERCENT',
    value: 20,
    validFromDays: 30,
    validUntilDays: 60,
    shows: { cs: 'ještě neplatí (začne za 30 dní)', en: 'not yet available (starts in 30 days)' },
  },
];
