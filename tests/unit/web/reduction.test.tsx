// @vitest-environment jsdom
// Decision 0063: the product card (and every page that shows a reduction) shows the sale badge only with
// the line "Nejnižší cena za posledních 30 dní: …" and the struck-through lowest price, never one without
// the other: both come from web/app/features/catalog/Reduction.tsx with the same props, as ProductCard
// passes them. Checked over the cases a list can answer: no lowest price, a lowest price not above the
// price (or above it by less than a whole percent), a lawful reduction, in CZK and EUR.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../../web/app/i18n/index.ts';
import { DiscountBadge, LowestPrice } from '../../../web/app/features/catalog/Reduction.tsx';
import type { PriceRef } from '../../../web/app/components/ui/Money.tsx';

afterEach(cleanup);

function price(withVat: number, currency: 'CZK' | 'EUR'): PriceRef {
  return { __typename: 'Price', currency, withVat, withoutVat: withVat, vat: 0 } as unknown as PriceRef;
}

function card(current: PriceRef, lowest: PriceRef | null, language: 'cs' | 'en') {
  return render(
    <MemoryRouter initialEntries={[language === 'cs' ? '/' : '/en']}>
      <I18nextProvider i18n={createI18n(language)}>
        <div className="badges">
          <DiscountBadge price={current} lowest={lowest} />
        </div>
        <p className="product-card__price">
          <LowestPrice price={current} lowest={lowest} />
        </p>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('the sale badge and the lowest price of the 30 days', () => {
  const cases: [string, number, number | null, boolean][] = [
    ['no lowest price', 199_900, null, false],
    ['a lowest price equal to the price', 199_900, 199_900, false],
    ['a lowest price below the price', 199_900, 149_900, false],
    ['a lowest price above by less than a whole percent', 199_900, 200_000, false],
    ['a lawful reduction', 199_900, 249_900, true],
  ];
  for (const language of ['cs', 'en'] as const) {
    for (const currency of ['CZK', 'EUR'] as const) {
      it.each(cases)(`%s: the badge shows exactly with the line (${language}, ${currency})`, (_name, current, lowest, shown) => {
        const view = card(price(current, currency), lowest === null ? null : price(lowest, currency), language);
        const badges = view.container.querySelectorAll('[data-testid="discount-badge"], .badge--sale');
        const lines = view.container.querySelectorAll('[data-testid="lowest-price"]');
        const struck = view.container.querySelectorAll('.price--original');
        expect(badges.length > 0).toBe(shown);
        expect(lines.length).toBe(shown ? 1 : 0);
        expect(struck.length).toBe(shown ? 1 : 0);
        if (shown) expect(lines[0].textContent).toMatch(language === 'cs' ? /^Nejnižší cena za posledních 30 dní: / : /^Lowest price in the last 30 days: /);
      });
    }
  }
});
