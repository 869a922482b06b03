// Withdrawal from the contract (odstoupení od smlouvy; issue 42, docs/decisions/0061): the period, the
// form's fields with their rules and the messages, run by the web form and again by the BFF. The refund
// account follows the return protocol's rules and messages (return-protocol.ts).
import { isTicketLine } from './seat-plan.ts';
import { pragueDay } from './dates.ts';
import { SUPPLIER } from './supplier.ts';
import { refundAccount, refundBankCodeRules } from './return-protocol.ts';
import type { Locale } from './locale.ts';
import { email, max, multiLine, required, type FormSchema, type Messages } from './validators.ts';

/**
 * The withdrawal period's default: days from the delivery of the goods (Civil Code § 1829(1); the law's
 * minimum). The period itself is the setting WITHDRAWAL_PERIOD_DAYS (bff/src/config.ts,
 * `withdrawalPeriodDays`): every rule below takes it as a parameter, and the seed's terms (section 6),
 * the pages, the API and the e-mails all read that one setting.
 */
export const DEFAULT_WITHDRAWAL_PERIOD_DAYS = 14;
/** The setting's bounds: the law's minimum, and a year (a longer promise is a typo, not a policy). */
export const MIN_WITHDRAWAL_PERIOD_DAYS = 14;
export const MAX_WITHDRAWAL_PERIOD_DAYS = 365;

/**
 * Until an order is marked DELIVERED (the fulfilment issue will), it counts as delivered this many days
 * after it was placed: the period then ends the setting's days after that (30 days from the order with
 * the default 14), never earlier than the law's period after a real delivery could end (decision 0061).
 */
export const WITHDRAWAL_DELIVERY_ALLOWANCE_DAYS = 16;

/** How long a guest's confirmation link works. */
export const WITHDRAWAL_CONFIRMATION_HOURS = 24;
export const WITHDRAWAL_REASON_MAX_LENGTH = 1000;

/** Calendar arithmetic on YYYY-MM-DD. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The last Prague day on which the withdrawal may be declared (YYYY-MM-DD): the period after the
 * delivery day, or, for an order not (yet) marked delivered, after the order day plus the allowance.
 * `periodDays` is the shop's setting (config.withdrawalPeriodDays).
 */
export function withdrawalLastDay(order: { createdAt: Date | string }, deliveredAt: Date | string | null, periodDays: number): string {
  const base = deliveredAt ? pragueDay(deliveredAt) : addDays(pragueDay(order.createdAt), WITHDRAWAL_DELIVERY_ALLOWANCE_DAYS);
  return addDays(base, periodDays);
}

/** Lines the law excludes from withdrawal: match tickets (a leisure event on a fixed date). */
export function isWithdrawalExcluded(line: { productCode: string }): boolean {
  return isTicketLine(line);
}

/** The declaration's own fields (the items are checked against the order by the BFF). */
export const withdrawalFormSchema = {
  name: [required, max(200)],
  email: [required, email, max(254)],
  bankAccount: [required, max(42), refundAccount],
  bankCode: refundBankCodeRules,
  reason: [multiLine, max(WITHDRAWAL_REASON_MAX_LENGTH)],
} as const satisfies FormSchema;

export type WithdrawalField = keyof typeof withdrawalFormSchema;

export const WITHDRAWAL_MESSAGES = {
  noItems: { cs: 'Vyberte alespoň jeden kus zboží, od jehož koupě odstupujete.', en: 'Choose at least one item you are withdrawing from.' },
  tooMany: {
    cs: 'Položka {name}: odstoupit můžete nejvýše od {max} ks.',
    en: '{name}: you can withdraw from at most {max} of this item.',
  },
  alreadyWithdrawn: {
    cs: 'Od položky {name} jste už odstoupili.',
    en: 'You have already withdrawn from {name}.',
  },
  excluded: {
    cs: 'Vstupenky na zápas vrátit nelze: od smlouvy o využití volného času v určeném termínu nelze odstoupit (§ 1837 písm. j) občanského zákoníku).',
    en: 'Match tickets cannot be returned: there is no right of withdrawal from a leisure service on a fixed date (Civil Code § 1837(j)).',
  },
  ticketsOnly: {
    cs: 'Objednávka obsahuje jen vstupenky na zápas. Od smlouvy o využití volného času v určeném termínu nelze odstoupit (§ 1837 písm. j) občanského zákoníku).',
    en: 'This order holds match tickets only. There is no right of withdrawal from a leisure service on a fixed date (Civil Code § 1837(j)).',
  },
  periodOver: {
    cs: 'Lhůta pro odstoupení od této objednávky skončila {date}.',
    en: 'The withdrawal period for this order ended on {date}.',
  },
  cancelled: {
    cs: 'Objednávka byla zrušena, od smlouvy už není třeba odstupovat.',
    en: 'The order was cancelled; there is no contract left to withdraw from.',
  },
  nothingLeft: {
    cs: 'Od všech položek této objednávky jste už odstoupili.',
    en: 'You have already withdrawn from every item of this order.',
  },
  orderNotFound: {
    cs: 'Objednávka nebyla nalezena. Odstoupit můžete ze svého účtu nebo přes odkaz „Zobrazit objednávku“ v e-mailu s jejím potvrzením.',
    en: 'Order not found. You can withdraw from your account or through the “View your order” link in the order confirmation e-mail.',
  },
  linkInvalid: {
    cs: 'Tento odkaz pro potvrzení odstoupení neplatí. Zkontrolujte, že jste ho zkopírovali celý.',
    en: 'This withdrawal confirmation link is not valid. Check that you copied all of it.',
  },
  linkExpired: {
    cs: 'Platnost odkazu vypršela. Odstoupení vyplňte prosím znovu na stránce objednávky.',
    en: 'The link has expired. Please fill in the withdrawal again on the order’s page.',
  },
  noSuchWithdrawal: { cs: 'Takové odstoupení nemáme.', en: 'There is no such withdrawal.' },
} as const satisfies Record<string, Messages>;

export function withdrawalMessage(key: keyof typeof WITHDRAWAL_MESSAGES, locale: Locale, values: Record<string, string | number> = {}): string {
  return WITHDRAWAL_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}

/**
 * The declaration's text (Annex I(B) of Directive 2011/83/EU), as the step 2, the acknowledgement e-mail
 * and its PDF show it. `items` are "name, 2 pcs" texts.
 */
export function declarationText(
  declaration: { name: string; orderNumber: string; orderedOn: string; items: string[]; refundAccount: string; reason: string },
  locale: Locale,
): string[] {
  if (locale === 'cs') {
    return [
      'Oznamuji, že tímto odstupuji od smlouvy o nákupu tohoto zboží:',
      ...declaration.items.map((item) => `– ${item}`),
      `Číslo objednávky: ${declaration.orderNumber}, objednáno dne ${declaration.orderedOn}.`,
      `Jméno spotřebitele: ${declaration.name}.`,
      `Peníze vraťte prosím na účet ${declaration.refundAccount}.`,
      ...(declaration.reason ? [`Důvod (nepovinný): ${declaration.reason}`] : []),
    ];
  }
  return [
    'I hereby give notice that I withdraw from my contract of sale of the following goods:',
    ...declaration.items.map((item) => `– ${item}`),
    `Order number: ${declaration.orderNumber}, ordered on ${declaration.orderedOn}.`,
    `Name of consumer: ${declaration.name}.`,
    `Please refund the money to the account ${declaration.refundAccount}.`,
    ...(declaration.reason ? [`Reason (optional): ${declaration.reason}`] : []),
  ];
}

/**
 * The model withdrawal form (Annex I(B) of Directive 2011/83/EU, Civil Code § 1820), as the page and its
 * PDF show it; `periodDays` is the shop's setting (config.withdrawalPeriodDays).
 */
export function modelFormText(locale: Locale, periodDays: number): { title: string; lines: string[] } {
  const seller = { company: SUPPLIER.company, address: `${SUPPLIER.street}, ${SUPPLIER.postcode} ${SUPPLIER.city}`, email: SUPPLIER.email };
  if (locale === 'cs') {
    return {
      title: 'Vzorový formulář pro odstoupení od smlouvy',
      lines: [
        '(vyplňte tento formulář a pošlete jej zpět pouze v případě, že chcete odstoupit od smlouvy)',
        `Oznámení o odstoupení od smlouvy – adresát: ${seller.company}, ${seller.address}, e-mail: ${seller.email}`,
        'Oznamuji/oznamujeme (*), že tímto odstupuji/odstupujeme (*) od smlouvy o nákupu tohoto zboží (*)/o poskytnutí těchto služeb (*):',
        '………………………………………………………………………',
        'Datum objednání (*)/datum obdržení (*): ……………………',
        'Číslo objednávky: ……………………',
        'Jméno a příjmení spotřebitele/spotřebitelů: ……………………',
        'Adresa spotřebitele/spotřebitelů: ……………………',
        'Číslo bankovního účtu pro vrácení peněz: ……………………',
        'Podpis spotřebitele/spotřebitelů (pouze pokud je tento formulář zasílán v listinné podobě): ……………………',
        'Datum: ……………………',
        '(*) Nehodící se škrtněte nebo údaje doplňte.',
        `Lhůta pro odstoupení je ${periodDays} dnů od převzetí zboží. Od smlouvy nelze odstoupit u vstupenek na zápas (využití volného času v určeném termínu).`,
      ],
    };
  }
  return {
    title: 'Model withdrawal form',
    lines: [
      '(complete and return this form only if you wish to withdraw from the contract)',
      `To: ${seller.company}, ${seller.address}, e-mail: ${seller.email}`,
      'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*):',
      '………………………………………………………………………',
      'Ordered on (*)/received on (*): ……………………',
      'Order number: ……………………',
      'Name of consumer(s): ……………………',
      'Address of consumer(s): ……………………',
      'Bank account for the refund: ……………………',
      'Signature of consumer(s) (only if this form is notified on paper): ……………………',
      'Date: ……………………',
      '(*) Delete as appropriate.',
      `The withdrawal period is ${periodDays} days from receiving the goods. Match tickets are excluded (a leisure event on a fixed date).`,
    ],
  };
}
