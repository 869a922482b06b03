import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider } from 'react-i18next';
import { getBrowserClient } from './apollo/client.ts';
import { createI18n } from './i18n/index.ts';
import { routeLanguageOf } from './language.ts';
import { CHUNK_RELOAD_GUARD_MS } from '../../schema/rules/index.ts';

const language = routeLanguageOf(window.location.pathname);
const client = getBrowserClient(language);
const i18n = createI18n(language);

// A deploy can remove the code chunks an open page still points to: reload once to get the new
// build, but at most once every 10 s per path so a real outage cannot cause a reload loop.
window.addEventListener('vite:preloadError', (event) => {
  const key = `chunk-reload:${window.location.pathname}`;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last > CHUNK_RELOAD_GUARD_MS) {
    sessionStorage.setItem(key, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  }
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ApolloProvider client={client}>
          <HydratedRouter />
        </ApolloProvider>
      </I18nextProvider>
    </StrictMode>,
  );
});
