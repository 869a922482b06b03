// Every page's Czech and English path, in one table that web/app/routes.ts, the sitemap,
// links and the language switch all read, so the two languages cannot drift apart.
import type { Locale } from './rules/locale.ts';

export type RouteLanguage = Locale;

type RouteDef = { cs: string; en: string; file: string; guard?: 'customer' | 'guest' };

export const ROUTES = {
  home: { cs: '/', en: '/en', file: 'routes/home.tsx' },
  category: { cs: '/kategorie/:slug', en: '/en/category/:slug', file: 'routes/category.tsx' },
  product: { cs: '/produkt/:slug', en: '/en/product/:slug', file: 'routes/product.tsx' },
  search: { cs: '/hledat', en: '/en/search', file: 'routes/search.tsx' },
  info: { cs: '/info/:id/:slug', en: '/en/info/:id/:slug', file: 'routes/info.tsx' },
  blog: { cs: '/blog', en: '/en/blog', file: 'routes/blog.tsx' },
  article: { cs: '/blog/:slug', en: '/en/blog/:slug', file: 'routes/article.tsx' },
  events: { cs: '/vstupenky', en: '/en/tickets', file: 'routes/events.tsx' },
  event: { cs: '/vstupenky/:slug', en: '/en/tickets/:slug', file: 'routes/event.tsx' },
  stores: { cs: '/prodejny', en: '/en/stores', file: 'routes/stores.tsx' },
  store: { cs: '/prodejny/:id', en: '/en/stores/:id', file: 'routes/store.tsx' },
  cart: { cs: '/kosik', en: '/en/cart', file: 'routes/cart.tsx' },
  checkout: { cs: '/pokladna', en: '/en/checkout', file: 'routes/checkout.tsx' },
  login: { cs: '/prihlaseni', en: '/en/login', file: 'routes/login.tsx', guard: 'guest' },
  // no guard (spec section 6): a signed-in customer may register another account
  registration: { cs: '/registrace', en: '/en/registrace', file: 'routes/registration.tsx' },
  forgottenPassword: { cs: '/zapomenute-heslo', en: '/en/forgotten-password', file: 'routes/forgotten-password.tsx' },
  changePassword: { cs: '/zmena-hesla/:hash', en: '/en/change-password/:hash', file: 'routes/change-password.tsx' },
  // the secret pages at their addresses without the secret, once the session keeps it (KEPT_SECRET_ROUTES)
  changePasswordKept: { cs: '/zmena-hesla', en: '/en/change-password', file: 'routes/change-password.tsx' },
  voucher: { cs: '/voucher', en: '/en/voucher', file: 'routes/voucher.tsx' },
  orderSummary: { cs: '/objednavka/shrnuti/:id/:hash', en: '/en/order/summary/:id/:hash', file: 'routes/order-summary.tsx' },
  orderSummaryKept: { cs: '/objednavka/shrnuti/:id', en: '/en/order/summary/:id', file: 'routes/order-summary.tsx' },
  // the link that confirms an order sent without JavaScript (docs/decisions/0049)
  orderConfirm: { cs: '/objednavka/potvrzeni/:token', en: '/en/order/confirm/:token', file: 'routes/order-confirm.tsx' },
  orderConfirmKept: { cs: '/objednavka/potvrzeni', en: '/en/order/confirm', file: 'routes/order-confirm.tsx' },
  // after "Koupit a zaplatit": the order this session placed, and the conversion scripts (docs/decisions/0076)
  thankYou: { cs: '/objednavka/dekujeme', en: '/en/order/thank-you', file: 'routes/thank-you.tsx' },
  orderDetail: { cs: '/ucet/objednavka/:id', en: '/en/account/order/:id', file: 'routes/account-order.tsx' },
  account: { cs: '/ucet', en: '/en/account', file: 'routes/account.tsx', guard: 'customer' },
  accountAddresses: { cs: '/ucet/dodaci-adresy', en: '/en/account/addresses', file: 'routes/account-addresses.tsx', guard: 'customer' },
  accountOrders: { cs: '/ucet/objednavky', en: '/en/account/orders', file: 'routes/account-orders.tsx', guard: 'customer' },
  accountInvoiceInfo: { cs: '/ucet/fakturacni-udaje', en: '/en/account/invoice-info', file: 'routes/account-invoice-info.tsx', guard: 'customer' },
  accountThankYou: { cs: '/ucet/dekujeme', en: '/en/account/thankyou', file: 'routes/account-thank-you.tsx', guard: 'customer' },
  accountPassword: { cs: '/ucet/zmena-hesla', en: '/en/account/change-password', file: 'routes/account-password.tsx', guard: 'customer' },
  accountPrivacy: { cs: '/ucet/soukromi', en: '/en/account/privacy', file: 'routes/account-privacy.tsx', guard: 'customer' },
  wishlist: { cs: '/oblibene', en: '/en/wishlist', file: 'routes/wishlist.tsx' },
  sharedWishlist: { cs: '/oblibene/sdileny/:token', en: '/en/wishlist/shared/:token', file: 'routes/shared-wishlist.tsx' },
  sharedWishlistKept: { cs: '/oblibene/sdileny', en: '/en/wishlist/shared', file: 'routes/shared-wishlist.tsx' },
  watchUnsubscribe: { cs: '/hlidani-dostupnosti/zrusit/:token', en: '/en/availability-watch/cancel/:token', file: 'routes/watch-unsubscribe.tsx' },
  watchUnsubscribeKept: { cs: '/hlidani-dostupnosti/zrusit', en: '/en/availability-watch/cancel', file: 'routes/watch-unsubscribe.tsx' },
  complaint: { cs: '/reklamace', en: '/en/complaint', file: 'routes/returns.tsx' },
  // withdrawal from the contract (docs/decisions/0061): from the account's order detail, from a guest's
  // summary link (its secret in the address), the guest's confirmation link, and the model form
  withdrawalAccount: { cs: '/ucet/objednavka/:id/odstoupeni', en: '/en/account/order/:id/withdrawal', file: 'routes/withdrawal.tsx' },
  withdrawalGuest: { cs: '/objednavka/odstoupeni/:id/:hash', en: '/en/order/withdrawal/:id/:hash', file: 'routes/withdrawal.tsx' },
  // the customer's own cancellation of a NEW or PAID order (docs/decisions/0067): from the account's order
  // detail, from a guest's summary link
  orderCancelAccount: { cs: '/ucet/objednavka/:id/zruseni', en: '/en/account/order/:id/cancel', file: 'routes/order-cancel.tsx' },
  orderCancelGuest: { cs: '/objednavka/zruseni/:id/:hash', en: '/en/order/cancel/:id/:hash', file: 'routes/order-cancel.tsx' },
  withdrawalConfirm: { cs: '/objednavka/potvrzeni-odstoupeni/:token', en: '/en/order/confirm-withdrawal/:token', file: 'routes/withdrawal-confirm.tsx' },
  withdrawalModelForm: { cs: '/odstoupeni-od-smlouvy', en: '/en/withdrawal-form', file: 'routes/withdrawal-model-form.tsx' },
  // verified reviews (issue 44 §3, decision 0075): the review request e-mail's secret link (a guest order
  // too), and the statement of how the shop verifies reviews, linked beside them
  reviewWrite: { cs: '/ucet/recenze/:slug', en: '/en/account/review/:slug', file: 'routes/review-write.tsx', guard: 'customer' },
  reviewLink: { cs: '/recenze/:token', en: '/en/review/:token', file: 'routes/review-link.tsx' },
  reviewsPolicy: { cs: '/jak-overujeme-recenze', en: '/en/how-we-verify-reviews', file: 'routes/reviews-policy.tsx' },
  // Act 424/2023 Sb. (issue 42 item 5, decision 0064): linked from the footer of every page
  accessibility: { cs: '/prohlaseni-o-pristupnosti', en: '/en/accessibility-statement', file: 'routes/accessibility.tsx' },
  // where the cookie bar's form posts without JavaScript; a GET goes back home
  cookieConsent: { cs: '/souhlas-s-cookies', en: '/en/cookie-consent', file: 'routes/cookie-consent.tsx' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** The model withdrawal form as a PDF (bff/src/http/withdrawal-form.ts), beside its page withdrawalModelForm. */
export const MODEL_FORM_PDF_PATHS = { cs: '/odstoupeni-od-smlouvy.pdf', en: '/en/withdrawal-form.pdf' } as const;

/**
 * The shop's own information pages that the interface links to (the footer, the registration and
 * checkout consents, the cookie bar): their number and slug in each language, as the shop's content
 * has them (prisma/seed/data/pages.ts; tests/unit/seed-data.test.ts keeps the two alike).
 */
export const INFO_PAGES = {
  terms: { id: 1, cs: 'obchodni-podminky', en: 'terms-and-conditions' },
  privacy: { id: 2, cs: 'ochrana-osobnich-udaju', en: 'privacy-policy' },
  shipping: { id: 3, cs: 'doprava-a-platba', en: 'shipping-and-payment' },
  returns: { id: 4, cs: 'reklamace-a-vraceni', en: 'returns-and-complaints' },
  contact: { id: 5, cs: 'kontakt', en: 'contact' },
} as const;

export type InfoPageName = keyof typeof INFO_PAGES;

/** An information page's path, e.g. infoHref('privacy', 'en') -> '/en/info/2/privacy-policy'. */
export function infoHref(name: InfoPageName, language: RouteLanguage): string {
  const page = INFO_PAGES[name];
  return href('info', language, { id: page.id, slug: page[language] });
}

/**
 * Pages whose address carries a secret (an order's hash, a password-reset token, a share or
 * unsubscribe token): no third-party tag runs on them, so no tag can report their URL, and they send
 * no referrer (docs/decisions/0019).
 */
export const SECRET_URL_ROUTES: readonly RouteName[] = [
  'orderSummary',
  'orderConfirm',
  'changePassword',
  'sharedWishlist',
  'watchUnsubscribe',
  'withdrawalGuest',
  'withdrawalConfirm',
  'orderCancelGuest',
  'reviewLink',
];

/**
 * The same pages at an address without the secret, which the session keeps instead once the page has
 * read it (requirements L3: the page replaces its address; bff/src/services/link-secrets.ts). They show
 * what the secret pages show, so no tag runs on them either.
 */
export const KEPT_SECRET_ROUTES = {
  orderSummary: 'orderSummaryKept',
  orderConfirm: 'orderConfirmKept',
  changePassword: 'changePasswordKept',
  sharedWishlist: 'sharedWishlistKept',
  watchUnsubscribe: 'watchUnsubscribeKept',
} as const satisfies Partial<Record<RouteName, RouteName>>;

/** Whether a path is one of the pages whose address carries a secret (or whose session keeps it). */
export function hasSecretUrl(pathname: string): boolean {
  const match = matchRoute(pathname);
  return match !== null && (SECRET_URL_ROUTES.includes(match.name) || (Object.values(KEPT_SECRET_ROUTES) as RouteName[]).includes(match.name));
}

/** Builds a path, e.g. href('product', 'en', { slug: 'home-jersey' }) -> '/en/product/home-jersey'. */
export function href(name: RouteName, language: RouteLanguage, params: Record<string, string | number> = {}): string {
  return ROUTES[name][language].replace(/:(\w+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs the parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** Stands for this site when a path is resolved: only its origin is compared. */
const LOCAL_BASE = 'http://shop.invalid';

/**
 * Only paths on this site, so a `?next=` or `?to=` parameter cannot send the shopper elsewhere. The
 * path is judged as the browser reads it (`new URL` drops tabs and line breaks and reads `\` as `/`,
 * so `/\t/evil.example` is `//evil.example`), and returned as that parse wrote it.
 */
export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, LOCAL_BASE);
  } catch {
    return fallback;
  }
  // dot segments can leave a path that starts with // (`/.//evil.example`), which is another site as a link
  if (url.origin !== LOCAL_BASE || url.pathname.startsWith('//')) return fallback;
  return url.pathname + url.search + url.hash;
}

export function routeLanguageOf(pathname: string): RouteLanguage {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'cs';
}

export type RouteMatch = { name: RouteName; language: RouteLanguage; params: Record<string, string> };

/** A path segment decoded; one whose percent-encoding is broken (`%E0%A4%A`) as it is, as React Router keeps it. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Which route a path belongs to, in which language, with its parameters (null when none). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const [name, def] of Object.entries(ROUTES) as [RouteName, RouteDef][]) {
    for (const language of ['cs', 'en'] as const) {
      const keys: string[] = [];
      const pattern = def[language].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, key: string) => {
        keys.push(key);
        return '([^/]+)';
      });
      const match = new RegExp(`^${pattern}/?$`).exec(pathname);
      if (match) {
        const params = Object.fromEntries(keys.map((key, index) => [key, decodeSegment(match[index + 1])]));
        return { name, language, params };
      }
    }
  }
  return null;
}
