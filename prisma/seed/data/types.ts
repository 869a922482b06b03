// Demo data types for the storefront seed. Plain TypeScript, no Prisma imports,
// so the data can be shared by the seed script, the image generator and tests.
import type { CarrierCode, HeurekaDeliveryId } from '../../../schema/rules/carriers.ts';

export type Translated = { cs: string; en: string };

export type SeedCategory = {
  key: string;
  parentKey?: string;
  slug: Translated;
  name: Translated;
  description: Translated;
  position: number;
};

/** A postal address; countryCode is ISO 3166-1 alpha-2. */
export type SeedPostalAddress = { street: string; city: string; postalCode: string; countryCode: string };

export type SeedManufacturer = {
  key: string;
  name: string;
  /** Optional short brand story, not required by the seed. */
  description?: Translated;
  /** the company behind the brand, as GPSR Art. 19 names it on the offer (decision 0064) */
  address: SeedPostalAddress;
  /** an e-mail address or the URL of a contact form */
  electronicAddress: string;
  /** the EU responsible person of its products, required when the address is outside the EU */
  responsiblePersonKey?: string;
};

/** The economic operator in the EU answering for products made outside it (GPSR Art. 16). */
export type SeedResponsiblePerson = {
  key: string;
  name: string;
  address: SeedPostalAddress;
  electronicAddress: string;
};

export type SeedVariant = {
  code: string;
  size: string | null;
  colour: Translated | null;
  colourHex: string | null;
  stock: number;
  /** minor units (haléře), VAT included */
  priceCzk: number;
  /** cents, VAT included; null = use the exchange rate */
  priceEur: number | null;
  /** price before the sale, minor units */
  originalPriceCzk?: number;
};

/** Shapes understood by scripts/product-images.ts. */
export type ProductShape =
  | 'jersey'
  | 'hockey-jersey'
  | 'goalkeeper-jersey'
  | 'tshirt'
  | 'longsleeve'
  | 'polo'
  | 'tank'
  | 'hoodie'
  | 'zip-top'
  | 'sweatshirt'
  | 'jacket'
  | 'vest'
  | 'shorts'
  | 'pants'
  | 'football-boot'
  | 'running-shoe'
  | 'sneaker'
  | 'slide'
  | 'ball'
  | 'handball'
  | 'scarf'
  | 'flag'
  | 'mug'
  | 'cap'
  | 'beanie'
  | 'bag'
  | 'backpack'
  | 'gymsack'
  | 'bottle'
  | 'shinguard'
  | 'gloves'
  | 'socks'
  | 'tub'
  | 'gel';

/** Optional hints for the SVG illustration generator. */
export type SeedIllustration = {
  shape: ProductShape;
  /** trim / secondary colour */
  accentHex?: string;
  pattern?: 'plain' | 'stripes' | 'hoops' | 'sash' | 'halves' | 'chevron' | 'sleeves';
  /** number printed on the back of jerseys */
  number?: number;
  /** main colour for products without colour variants */
  baseHex?: string;
  /** beanies: draw a bobble on top */
  bobble?: boolean;
};

export type SeedProduct = {
  code: string;
  categoryKey: string;
  manufacturerKey: string;
  name: Translated;
  slug: Translated;
  shortDescription: Translated;
  /** a few paragraphs of plain text, paragraphs separated by \n\n */
  description: Translated;
  vatRate: 21 | 12;
  isNew: boolean;
  isSale: boolean;
  /** for best-selling sort */
  soldCount: number;
  createdDaysAgo: number;
  parameters: { name: Translated; value: Translated }[];
  sizeChartKey: string | null;
  /** file relative to /images/products/ */
  images: { file: string; alt: Translated; /** the colour it shows, as its variants name it */ colour?: { name: Translated; hex: string } }[];
  variants: SeedVariant[];
  similarCodes?: string[];
  illustration?: SeedIllustration;
  /** warnings and safety information shown on the product page (GPSR Art. 19); none when absent */
  safetyInformation?: Translated;
};

export type SeedSizeChart = { key: string; name: Translated; columns: Translated[]; rows: string[][] };

export type SeedStore = {
  id: number;
  slug: string;
  name: string;
  street: string;
  city: string;
  /** '110 00' style */
  postcode: string;
  phone: string;
  email: string;
  lat: number;
  lng: number;
  openingHours: { day: 1 | 2 | 3 | 4 | 5 | 6 | 7; opens: string; closes: string }[];
  description: Translated;
  /** optional picture, path under /images/ */
  image?: string;
};

export type SeedInfoPage = {
  id: number;
  slug: Translated;
  title: Translated;
  /** simple markdown-ish: paragraphs separated by \n\n, headings start with '## ' */
  body: Translated;
};

export type SeedArticle = {
  slug: Translated;
  title: Translated;
  perex: Translated;
  body: Translated;
  publishedDaysAgo: number;
  image: string | null;
};

export type SeedTile = {
  title: Translated;
  subtitle: Translated;
  /** path under /images/ */
  image: string;
  width: number;
  height: number;
  link: Translated | null;
  position: number;
};

export type SeedDeliveryMethod = {
  code: string;
  name: Translated;
  description: Translated;
  priceCzk: number;
  priceEur: number;
  isPickup: boolean;
  /** Working days from dispatch to delivery (the delivery date promise, decision 0069). */
  transitDays: number;
  freeFromCzk: number | null;
  position: number;
  /** Who carries its parcels (schema/rules/carriers.ts, decision 0068). */
  carrier: CarrierCode;
  /** Packeta's carrier id for home delivery by Packeta; null: the order's pick-up point. */
  carrierAddressId?: number | null;
  /** The courier's tracking page, {trackingNumber} in it. */
  trackingUrlTemplate?: string | null;
  /** Heureka's DELIVERY_ID (czech-market.md section 2); null: Heureka lists store pickup as depots, not as a delivery. */
  heurekaDeliveryId: HeurekaDeliveryId | null;
};

export type SeedPaymentMethod = {
  code: string;
  name: Translated;
  description: Translated;
  priceCzk: number;
  priceEur: number;
  isCashOnDelivery: boolean;
  /** offered for an order of match tickets only, which has no delivery */
  withoutDelivery: boolean;
  /** which delivery methods it combines with */
  deliveryCodes: string[];
  position: number;
};
