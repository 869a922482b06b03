import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { graphqlDocuments } from './scripts/vite-graphql-documents.ts';

// The browser's first page load: without groups the build makes ~35 small shared chunks, each a
// request before the page is interactive (Lighthouse counts them over HTTP/1.1's 6 connections).
// The packages every page runs (React, the router, Apollo, i18next) and our modules that three or
// more routes share go into two chunks; what only some pages load (Leaflet, a route's own code)
// stays split (issue 10, docs/performance.md).
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|@apollo[\\/]client|graphql|@wry|optimism|rxjs|tslib|i18next|react-i18next|cookie|set-cookie-parser|turbo-stream)[\\/]/;

export default defineConfig({
  plugins: [
    graphqlDocuments({ appDir: fileURLToPath(new URL('./web/app/', import.meta.url)), gqlDir: fileURLToPath(new URL('./web/app/gql/', import.meta.url)) }),
    reactRouter(),
  ],
  publicDir: 'web/public',
  resolve: { alias: { '~': fileURLToPath(new URL('./web/app', import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 20 },
                { name: 'shared', test: /web[\\/]app[\\/]/, minShareCount: 3, priority: 10 },
              ],
            },
          },
        },
      },
    },
  },
});
