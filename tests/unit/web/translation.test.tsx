// @vitest-environment jsdom
// The shop's useTranslation (web/app/i18n/index.ts): one remembering `t` per language instead of
// react-i18next's hook; texts with options (plurals, values) still go through i18next each time.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, useTranslation } from '../../../web/app/i18n/index.ts';

afterEach(cleanup);

const seen: unknown[] = [];

function Texts({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  seen.push(t);
  return (
    <p>
      <span data-testid="plain">{t('cart.title')}</span>
      <span data-testid="plural">{t('cart.items', { count })}</span>
      <span data-testid="language">{i18n.language}</span>
    </p>
  );
}

function renderIn(language: 'cs' | 'en', count: number) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <Texts count={count} />
    </I18nextProvider>,
  );
}

describe('useTranslation', () => {
  it('answers in the provider’s language, with plurals and values from the options on every call', () => {
    seen.length = 0;
    const view = renderIn('cs', 1);
    expect(screen.getByTestId('plain').textContent).toBe('Košík');
    expect(screen.getByTestId('plural').textContent).toBe('1 kus');
    expect(screen.getByTestId('language').textContent).toBe('cs');
    view.rerender(
      <I18nextProvider i18n={createI18n('cs')}>
        <Texts count={3} />
      </I18nextProvider>,
    );
    // a remembered plain text does not freeze a text with options
    expect(screen.getByTestId('plural').textContent).toBe('3 kusy');
    cleanup();
    renderIn('en', 5);
    expect(screen.getByTestId('plain').textContent).toBe('Cart');
    expect(screen.getByTestId('plural').textContent).toBe('5 items');
    expect(screen.getByTestId('language').textContent).toBe('en');
    // one t per language, the same on every render; another language has its own
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
  });
});
