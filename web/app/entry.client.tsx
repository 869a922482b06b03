import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider } from 'react-i18next';
import { getBrowserClient } from './apollo/client.ts';
import { createI18n } from './i18n/index.ts';
import { routeLanguageOf } from './language.ts';
import { installChunkFailureHandling } from './shell/chunk-reload.ts';

const language = routeLanguageOf(window.location.pathname);
const client = getBrowserClient(language);
const i18n = createI18n(language);

// A deploy can remove the code chunks an open page still points to: go to the page asked for with a
// full load, at most once every 10 s per path, then show an error (shell/chunk-reload.ts).
installChunkFailureHandling();

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
