// @vitest-environment jsdom
// The global error screen for errors other than 404 (404 is covered in the browser tests).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '../../../web/app/root.tsx';
import { createI18n } from '../../../web/app/i18n/index.ts';

afterEach(cleanup);

function renderFailingPage(path: string, language: 'cs' | 'en', fail: () => never) {
  const Stub = createRoutesStub([{ path, Component: () => null, loader: fail, ErrorBoundary }]);
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

describe('error page', () => {
  it('shows the spec texts, the status code and a way home in the error layout', async () => {
    renderFailingPage('/', 'cs', () => {
      throw data(null, { status: 503 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chyba' })).toBeTruthy();
    expect(screen.getByText('Omlouváme se, ale nastala chyba.')).toBeTruthy();
    expect(screen.getByText('503')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Návrat na úvodní stránku' }).getAttribute('href')).toBe('/');
    // a 503 (the database briefly away) also says to try again and offers it (requirement F3)
    expect(screen.getByText('Obchod je na chvíli nedostupný. Zkuste to prosím za několik sekund znovu.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zkusit znovu' }).getAttribute('href')).toBe('/');
    // the error layout: no shop header or footer around it
    expect(document.querySelector('.site-header')).toBeNull();
    expect(document.querySelector('main.error-layout')).not.toBeNull();
  });

  it("titles the page like every other, with the shop's name, in both languages (issue 24 review)", async () => {
    renderFailingPage('/', 'cs', () => {
      throw data(null, { status: 500 });
    });
    await screen.findByRole('heading', { level: 1, name: 'Chyba' });
    expect(document.title).toBe('Chyba | Tribuna Sport');
    cleanup();
    renderFailingPage('/en', 'en', () => {
      throw data(null, { status: 503 });
    });
    await screen.findByRole('heading', { level: 1, name: 'Error' });
    expect(document.title).toBe('Error | Tribuna Sport');
  });

  it('treats an unexpected exception as status 500 without showing its message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingPage('/', 'cs', () => {
      throw new Error('database password is hunter2');
    });
    expect(await screen.findByText('500')).toBeTruthy();
    expect(document.body.textContent).not.toContain('hunter2');
    log.mockRestore();
  });
});
