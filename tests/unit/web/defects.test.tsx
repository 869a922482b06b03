// @vitest-environment jsdom
// Defects of issue 11 that need no browser: the English error page's home button, the reversed
// price range.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '../../../web/app/root.tsx';
import { createI18n } from '../../../web/app/i18n/index.ts';
import { listingVariables, parseListing } from '../../../web/app/features/catalog/listing-params.ts';

afterEach(cleanup);

describe('error page language', () => {
  it('the English 500 page goes home to /en, the Czech one to /', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [path, language, name, home] of [
      ['/en/cart', 'en', 'Back to the home page', '/en'],
      ['/kosik', 'cs', 'Návrat na úvodní stránku', '/'],
    ] as const) {
      const Stub = createRoutesStub([
        {
          path,
          Component: () => null,
          loader: () => {
            throw data(null, { status: 500 });
          },
          ErrorBoundary,
        },
      ]);
      render(
        <I18nextProvider i18n={createI18n(language)}>
          <Stub initialEntries={[path]} />
        </I18nextProvider>,
      );
      expect((await screen.findByRole('link', { name })).getAttribute('href')).toBe(home);
      cleanup();
    }
  });
});

describe('price range', () => {
  it('"from" above "to" is swapped rather than finding nothing', () => {
    expect(parseListing(new URLSearchParams('priceFrom=2500&priceTo=500'))).toMatchObject({ priceFrom: 500, priceTo: 2500 });
    expect(parseListing(new URLSearchParams('priceFrom=500&priceTo=2500'))).toMatchObject({ priceFrom: 500, priceTo: 2500 });
    expect(parseListing(new URLSearchParams('priceFrom=700'))).toMatchObject({ priceFrom: 700, priceTo: null });
  });
});

describe('sort parameter', () => {
  it('an inherited property name (?sort=__proto__, constructor, toString) is an unknown sort: best-selling', () => {
    for (const sort of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const state = parseListing(new URLSearchParams({ sort }));
      expect(state.sort, sort).toBe('bestselling');
      expect(listingVariables(state).sort, sort).toBe('BEST_SELLING');
    }
    expect(listingVariables(parseListing(new URLSearchParams('sort=price-desc'))).sort).toBe('PRICE_DESC');
  });
});
