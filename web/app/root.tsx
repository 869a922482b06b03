import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches, useRouteLoaderData, Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import { useEffect } from 'react';
import { useTranslation } from './i18n/index.ts';
import type { Route } from './+types/root';
import { apolloFor, type NotFoundSubject } from './apollo/load.ts';
import { Header, LayoutQuery } from './components/layout/Header.tsx';
import { Footer } from './components/layout/Footer.tsx';
import { LoadingBar } from './components/ui/LoadingBar.tsx';
import { ToastProvider } from './components/ui/Toasts.tsx';
import { ConsentProvider } from './features/consent/ConsentProvider.tsx';
import { ConsentBar } from './features/consent/ConsentBar.tsx';
import { WishlistHeartsProvider } from './features/wishlist/hearts.tsx';
import { BuildCheck } from './shell/BuildCheck.tsx';
import { RoutePrefetch } from './shell/RoutePrefetch.tsx';
import { ChunkLoadError, chunkGuardScript } from './shell/chunk-reload.ts';
import { consentChoiceOf, consentFromCookieHeader } from '../../schema/rules/consent.ts';
import { hintScript } from './features/personal/personal-hint.ts';
import { PersonalQuery } from './features/personal/personal-query.ts';
import { currencyOfCookies } from '../../schema/rules/cookies.ts';
import { href, languageOfRequest, routeLanguageOf, useLanguage, type Alternates } from './language.ts';
import { titleWithShop } from './seo.ts';
import { formTokenFor } from './forms/FormToken.tsx';
import stylesheet from './styles.css?url';

export const links: Route.LinksFunction = () => [
  // with a precedence React puts the stylesheet before the modules' preloads in <head>, so the page
  // can paint before all JavaScript has arrived
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader(args: Route.LoaderArgs) {
  // Everything here is the same for every shopper with this language, currency and consent choice:
  // the page may come from the shared response cache (docs/decisions/0043). The shopper's own part
  // comes from the personal query after hydration.
  const context = args.context;
  const client = apolloFor(args);
  // A page that is hers anyway (the cart, the account, the page answered to a form post) shows her
  // header at once, also without JavaScript; the browser's own loads ask the personal query itself.
  const personal = typeof window === 'undefined' && context.personalPage ? client.query({ query: PersonalQuery }) : null;
  await Promise.all([client.query({ query: LayoutQuery }), personal]);
  // read as the BFF and its response cache read it, so a page is stored under the currency it shows
  const currency = currencyOfCookies(args.request.headers.get('cookie'));
  // the consent bar is rendered by the server when there is no valid choice yet (no layout shift
  // later); only the choice, which is part of the cache's key, never the browser's consent id
  const consent = consentChoiceOf(consentFromCookieHeader(args.request.headers.get('cookie')));
  // The cookie bar's form (it works without JavaScript) on pages whose own loader has no token. A
  // shared page (a catalog page viewed) gets none from the BFF; a personal page, or the page answered
  // to a form post, the session's (bff/src/app.ts).
  return { language: languageOfRequest(args.request), currency, nonce: context.nonce, publicUrl: context.publicUrl, consent, tracking: context.tracking, formToken: formTokenFor(args) };
}

/**
 * The root's data (language, currency, consent, nonce) changes with the language in the URL, a form's
 * action or an explicit revalidation, not with an in-app link: the layout's shop data (menu, cart,
 * login) lives in the Apollo cache. Without this, every link the app followed asked the server for
 * the root's data again: a round trip and a layout query before the next page could show.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const followedLink = !formMethod || formMethod.toUpperCase() === 'GET';
  const sameLanguage = routeLanguageOf(currentUrl.pathname) === routeLanguageOf(nextUrl.pathname);
  if (followedLink && sameLanguage && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const language = useLanguage();
  return (
    // the hint script sets data-signed-in and the header's custom properties before hydration
    <html lang={language} data-currency={data?.currency ?? 'CZK'} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a5096" />
        <Meta />
        <Links nonce={data?.nonce} />
        {/* No frame before the page's main content is parsed (Chromium 124+): on a slow network, or when
            the parser pauses, a half-parsed header or card was painted and then moved, a layout shift.
            The footer, not <main>: Chromium lets frames through once the element has begun. */}
        <link rel="expect" href="#site-footer" blocking="render" />
        {/* before any module: a direct load whose code chunks fail reloads once, then says so */}
        <script nonce={data?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CHUNK_GUARD_SCRIPT }} />
        {/* before the header paints: its cart count and total, wishlist count and sign-in link from the hint cookie */}
        <script nonce={data?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HINT_SCRIPT }} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

/** The leaf route's loader says where this page lives in the other language. */
function useAlternates(): Alternates | null {
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.loaderData as { alternates?: Alternates } | undefined;
  return leaf?.alternates ?? null;
}

const NO_TRACKING = { gtmId: null, socialPixelId: null, conversions: false };

function DefaultLayout({ children }: { children: React.ReactNode }) {
  const alternates = useAlternates();
  // interactive also when an error page (404) renders instead of App: tests and monitoring wait for it
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <ToastProvider>
      <WishlistHeartsProvider>
        <ConsentProvider initial={root?.consent ?? null} tracking={root?.tracking ?? NO_TRACKING}>
          <LoadingBar />
          <Header alternates={alternates} />
          <main id="content" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <Footer />
          <ConsentBar />
          <BuildCheck />
          <RoutePrefetch />
        </ConsentProvider>
      </WishlistHeartsProvider>
    </ToastProvider>
  );
}

export default function App() {
  // Marks the page as interactive (tests and monitoring wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}

export function NotFoundContent({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="error-page__status">404</p>
      <h1 id="error-title">{title}</h1>
      <p>{t('error.notFoundText')}</p>
      <p className="error-page__path" data-testid="not-found-path">
        {t('error.notFoundPath', { path })}
      </p>
      <Link className="button button--primary" to={href('home', language)}>
        {t('error.backHome')}
      </Link>
    </section>
  );
}

const CHUNK_GUARD_SCRIPT = chunkGuardScript();
const HINT_SCRIPT = hintScript();

/** A route's code did not load: a full load of the target is under way, or (past the guard) the error. */
function ChunkErrorContent({ error }: { error: ChunkLoadError }) {
  const { t } = useTranslation();
  return (
    <section className="error-page container" aria-labelledby="error-title" data-testid="chunk-error">
      <h1 id="error-title">{error.reloading ? t('shell.chunkLoading') : t('shell.chunkErrorTitle')}</h1>
      {error.reloading ? null : (
        <>
          <p>{t('shell.chunkErrorText')}</p>
          <a className="button button--primary" href={error.target}>
            {t('shell.retry')}
          </a>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  if (error instanceof ChunkLoadError) {
    return (
      <DefaultLayout>
        <ChunkErrorContent error={error} />
      </DefaultLayout>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // a 404 thrown without a path (apollo/client.ts: an address the API refused) names the page's own
  const path = isRouteErrorResponse(error) ? String((error.data as { path?: string } | null)?.path ?? pathname) : '';
  if (status === 404) {
    // an unknown category or product says so ('Kategorie nebyla nalezena'); any other address the generic title
    const subject = isRouteErrorResponse(error) ? (error.data as { subject?: NotFoundSubject | null } | null)?.subject : null;
    const title = subject === 'category' || subject === 'product' ? t(`${subject}.notFound`) : t('error.notFoundTitle');
    return (
      <DefaultLayout>
        <title>{titleWithShop(title, language)}</title>
        <NotFoundContent path={path} title={title} />
      </DefaultLayout>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  // 503: the shop's database is briefly away (or the page's data came too late); worth a retry in a
  // few seconds (requirement F3). Below the spec's title and message the page says so and offers it,
  // as the server's own 503 page does.
  const unavailable = status === 503;
  const title = t('error.title');
  // The error layout: no header or footer, so nothing else on the page can fail again.
  return (
    <main className="error-layout">
      <title>{titleWithShop(title, language)}</title>
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-page__status">{status}</p>
        <h1 id="error-title">{title}</h1>
        <p>{t('error.text')}</p>
        {unavailable && <p>{t('error.unavailableText')}</p>}
        <p className="visually-hidden">{t('error.status', { status })}</p>
        {unavailable && (
          <a className="button button--primary" href={pathname}>
            {t('error.retry')}
          </a>
        )}
        <a className={unavailable ? 'button' : 'button button--primary'} href={href('home', language)}>
          {t('error.backHome')}
        </a>
      </section>
    </main>
  );
}
