// The five feed files, each as a head, one piece per variant and a tail (issue 44 §1, czech-market.md
// section 2): Heureka's product feed and its availability feed, Zboží.cz's feed, Google Merchant
// Center's RSS in Czech (CZK) and in English (EUR). Pure: what a variant says comes from catalog.ts,
// when it leaves the warehouse from the delivery date rule (schema/rules/delivery-date.ts).
import { dispatchDay, parseDispatchCutoff, pragueDateTimeText, pragueMoment } from '../../../../schema/rules/delivery-date.ts';
import { pragueClock } from '../../../../schema/rules/opening-hours.ts';
import { rasterPictureUrl, variantUrl } from '../product-pictures.ts';
import type { FeedContext, FeedVariant } from './catalog.ts';
import { amount, element, escapeXml } from './xml.ts';
import { FEED_ITEM_ID, feedItemId } from '../../../../schema/rules/feed-item.ts';

export const FEED_NAMES = ['heureka', 'heureka-dostupnost', 'zbozi', 'google', 'google-en'] as const;
export type FeedName = (typeof FEED_NAMES)[number];

/**
 * What a run writes: 'all' the feeds, or 'stock' only those that show a variant's exact stock (Heureka's
 * availability feed, `stock_quantity`). The others show only in stock or sold out, so a stock change
 * that sells nothing out and restocks nothing sold out leaves them as they are (issue 41).
 */
export type FeedScope = 'all' | 'stock';

/** The feeds a run of `scope` writes. */
export function feedNamesOf(scope: FeedScope): readonly FeedName[] {
  return scope === 'all' ? FEED_NAMES : ['heureka-dostupnost'];
}

export function isFeedName(value: string): value is FeedName {
  return (FEED_NAMES as readonly string[]).includes(value);
}

export type FeedSettings = {
  /** The shop's public origin, e.g. https://shop.example.cz (links and pictures are absolute). */
  publicUrl: string;
  /** The dispatch cut-off (HH:MM, Prague). */
  dispatchCutoff: string;
  /** Heureka's DELIVERY_DATE of a sold-out variant: the days the shop says restocking takes. */
  restockDays: number;
  /** The moment the feed describes. */
  now: Date;
};

/** ITEM_ID / g:id: the variant's code as the conversion measuring names it too (schema/rules/feed-item.ts). */
export function itemId(variant: Pick<FeedVariant, 'code'>): string {
  return feedItemId(variant.code);
}

/** ITEMGROUP_ID / g:item_group_id: the product (its code where it fits the same pattern). */
function groupId(variant: FeedVariant): string {
  return FEED_ITEM_ID.test(variant.productCode) ? variant.productCode : `P${variant.productId}`;
}

/** "Dres Vltavín domácí, červená, M": the product and what tells its variants apart. */
function variantName(variant: FeedVariant, language: 'cs' | 'en'): string {
  return [variant.name[language], variant.colour?.[language], variant.size].filter(Boolean).join(', ');
}

function link(settings: FeedSettings, variant: FeedVariant, language: 'cs' | 'en'): string {
  return settings.publicUrl + variantUrl(variant.slug[language], variant.code, language);
}

function pictures(settings: FeedSettings, variant: FeedVariant): string[] {
  return variant.images.map((image) => settings.publicUrl + rasterPictureUrl(image, 'jpeg'));
}

/** Whole calendar days from today (Prague) to the day the goods leave: 0 when they leave today. */
function daysToDispatch(settings: FeedSettings): number {
  const today = pragueClock(settings.now).date;
  const dispatch = dispatchDay(settings.now, settings.dispatchCutoff);
  return Math.round((Date.parse(`${dispatch}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** What one run of the feeds computes once: the same for every variant. */
export type FeedRun = { settings: FeedSettings; context: FeedContext; dispatchDays: number; dispatchDate: string; orderDeadline: string; handover: string };

export function feedRun(settings: FeedSettings, context: FeedContext): FeedRun {
  const dispatchDate = dispatchDay(settings.now, settings.dispatchCutoff);
  const cutoff = parseDispatchCutoff(settings.dispatchCutoff)!;
  const deadline = pragueDateTimeText(pragueMoment(dispatchDate, cutoff));
  return { settings, context, dispatchDays: daysToDispatch(settings), dispatchDate, orderDeadline: deadline, handover: deadline };
}

function parameters(variant: FeedVariant, language: 'cs' | 'en'): string {
  const names = language === 'cs' ? { colour: 'Barva', size: 'Velikost' } : { colour: 'Colour', size: 'Size' };
  let out = '';
  if (variant.colour) out += `<PARAM>${element('PARAM_NAME', names.colour)}${element('VAL', variant.colour[language], 255)}</PARAM>`;
  if (variant.size) out += `<PARAM>${element('PARAM_NAME', names.size)}${element('VAL', variant.size, 255)}</PARAM>`;
  return out;
}

function deliveries(run: FeedRun, variant: FeedVariant, withCod: boolean): string {
  return run.context.deliveries
    .map((delivery) => {
      const free = delivery.freeFromCzk !== null && variant.price.CZK >= delivery.freeFromCzk;
      const price = free ? 0 : delivery.priceCzk;
      const cod = delivery.cashOnDeliveryCzk === null ? null : free ? delivery.cashOnDeliveryCzk - delivery.priceCzk : delivery.cashOnDeliveryCzk;
      return `<DELIVERY><DELIVERY_ID>${delivery.heurekaId}</DELIVERY_ID><DELIVERY_PRICE>${amount(price)}</DELIVERY_PRICE>${withCod && cod !== null ? `<DELIVERY_PRICE_COD>${amount(cod)}</DELIVERY_PRICE_COD>` : ''}</DELIVERY>`;
    })
    .join('');
}

// ------------------------------------------------------------------ Heureka

const HEUREKA_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n<SHOP>\n';

function heurekaItem(run: FeedRun, variant: FeedVariant): string {
  const category = run.context.categories.get(variant.categoryId);
  const manufacturer = run.context.manufacturers.get(variant.manufacturerId);
  const [image, ...alternatives] = pictures(run.settings, variant);
  // a picture is required: a variant without one is no offer there
  if (!image) return '';
  const inStock = variant.stock > 0;
  return (
    '<SHOPITEM>' +
    element('ITEM_ID', itemId(variant)) +
    element('PRODUCTNAME', variantName(variant, 'cs'), 200) +
    element('PRODUCT', variantName(variant, 'cs'), 200) +
    element('DESCRIPTION', variant.description.cs) +
    element('URL', link(run.settings, variant, 'cs')) +
    element('IMGURL', image) +
    alternatives.slice(0, 10).map((url) => element('IMGURL_ALTERNATIVE', url)).join('') +
    `<PRICE_VAT>${amount(variant.price.CZK)}</PRICE_VAT>` +
    element('CATEGORYTEXT', category?.heureka ?? category?.path.cs ?? '', 255) +
    (variant.gtin && variant.gtin.length === 13 ? `<EAN>${variant.gtin}</EAN>` : '') +
    element('MANUFACTURER', manufacturer?.name) +
    element('MANUFACTURER_POSTAL_ADDRESS', manufacturer?.postalAddress) +
    element('MANUFACTURER_ELECTRONIC_ADDRESS', manufacturer?.electronicAddress) +
    parameters(variant, 'cs') +
    `<DELIVERY_DATE>${inStock ? run.dispatchDays : run.settings.restockDays}</DELIVERY_DATE>` +
    deliveries(run, variant, true) +
    element('ITEMGROUP_ID', groupId(variant)) +
    '</SHOPITEM>\n'
  );
}

// ------------------------------------------------------------------ Heureka availability

const AVAILABILITY_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n<item_list>\n';

function availabilityItem(run: FeedRun, variant: FeedVariant): string {
  // the same offers as the product feed: none without a picture
  if (variant.images.length === 0) return '';
  const time = variant.stock > 0 ? `<delivery_time orderDeadline="${run.orderDeadline}">${run.handover}</delivery_time>` : '';
  return `<item id="${escapeXml(itemId(variant))}"><stock_quantity>${variant.stock}</stock_quantity>${time}</item>\n`;
}

// ------------------------------------------------------------------ Zboží.cz

const ZBOZI_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n<SHOP xmlns="http://www.zbozi.cz/ns/offer/1.0">\n';

function zboziItem(run: FeedRun, variant: FeedVariant): string {
  const category = run.context.categories.get(variant.categoryId);
  const manufacturer = run.context.manufacturers.get(variant.manufacturerId);
  const [image, ...alternatives] = pictures(run.settings, variant);
  if (!image) return '';
  return (
    '<SHOPITEM>' +
    element('ITEM_ID', itemId(variant)) +
    element('PRODUCTNAME', [manufacturer?.name, variantName(variant, 'cs')].filter(Boolean).join(' '), 255) +
    element('PRODUCT', variantName(variant, 'cs'), 255) +
    element('DESCRIPTION', variant.description.cs) +
    element('URL', link(run.settings, variant, 'cs')) +
    element('IMGURL', image) +
    alternatives.slice(0, 10).map((url) => element('IMGURL_ALTERNATIVE', url)).join('') +
    `<PRICE_VAT>${amount(variant.price.CZK)}</PRICE_VAT>` +
    `<DELIVERY_DATE>${variant.stock > 0 ? run.dispatchDays : -1}</DELIVERY_DATE>` +
    deliveries(run, variant, true) +
    (variant.gtin ? `<EAN>${variant.gtin}</EAN>` : '') +
    element('PRODUCTNO', variant.code) +
    element('ITEMGROUP_ID', groupId(variant)) +
    element('MANUFACTURER', manufacturer?.name) +
    element('CATEGORYTEXT', category?.heureka ?? category?.path.cs ?? '', 255) +
    parameters(variant, 'cs') +
    '</SHOPITEM>\n'
  );
}

// ------------------------------------------------------------------ Google Merchant Center

function googleHead(language: 'cs' | 'en', publicUrl: string): string {
  const title = language === 'cs' ? 'Katalog produktů' : 'Product catalogue';
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
    `<title>${escapeXml(title)}</title><link>${escapeXml(publicUrl + (language === 'cs' ? '/' : '/en'))}</link><description>${escapeXml(title)}</description>\n`
  );
}

const GOOGLE_TAIL = '</channel>\n</rss>\n';

function googlePrice(minor: number, currency: 'CZK' | 'EUR'): string {
  return `${amount(minor)} ${currency}`;
}

function googleItem(run: FeedRun, variant: FeedVariant, language: 'cs' | 'en'): string {
  const currency = language === 'cs' ? 'CZK' : 'EUR';
  const category = run.context.categories.get(variant.categoryId);
  const manufacturer = run.context.manufacturers.get(variant.manufacturerId);
  const [image, ...alternatives] = pictures(run.settings, variant);
  if (!image) return '';
  const reduction = variant.reduction[currency];
  // a reduction is announced against the lowest price of the 30 days before it (decision 0063):
  // g:price is that reference, g:sale_price what the shopper pays now (no end date: the shop sets none)
  const prices = reduction
    ? `<g:price>${googlePrice(reduction.lowestPrice, currency)}</g:price><g:sale_price>${googlePrice(reduction.price, currency)}</g:sale_price>`
    : `<g:price>${googlePrice(variant.price[currency], currency)}</g:price>`;
  return (
    '<item>' +
    element('g:id', itemId(variant), 50) +
    element('title', variantName(variant, language), 150) +
    element('description', variant.description[language] || variant.name[language], 5000) +
    element('link', link(run.settings, variant, language)) +
    element('g:image_link', image) +
    alternatives.slice(0, 10).map((url) => element('g:additional_image_link', url)).join('') +
    `<g:availability>${variant.stock > 0 ? 'in_stock' : 'out_of_stock'}</g:availability>` +
    prices +
    element('g:brand', manufacturer?.name, 70) +
    (variant.gtin ? `<g:gtin>${variant.gtin}</g:gtin>` : '<g:identifier_exists>no</g:identifier_exists>') +
    '<g:condition>new</g:condition>' +
    element('g:google_product_category', category?.google) +
    element('g:product_type', category?.path[language], 750) +
    element('g:color', variant.colour?.[language], 100) +
    element('g:size', variant.size, 100) +
    element('g:item_group_id', groupId(variant), 50) +
    '</item>\n'
  );
}

/** Each feed's head, one piece per variant and tail. */
export const FEED_FORMATS: Record<FeedName, { head: (run: FeedRun) => string; item: (run: FeedRun, variant: FeedVariant) => string; tail: string }> = {
  heureka: { head: () => HEUREKA_HEAD, item: heurekaItem, tail: '</SHOP>\n' },
  'heureka-dostupnost': { head: () => AVAILABILITY_HEAD, item: availabilityItem, tail: '</item_list>\n' },
  zbozi: { head: () => ZBOZI_HEAD, item: zboziItem, tail: '</SHOP>\n' },
  google: { head: (run) => googleHead('cs', run.settings.publicUrl), item: (run, variant) => googleItem(run, variant, 'cs'), tail: GOOGLE_TAIL },
  'google-en': { head: (run) => googleHead('en', run.settings.publicUrl), item: (run, variant) => googleItem(run, variant, 'en'), tail: GOOGLE_TAIL },
};
