// GraphQL Codegen: typed documents for the web (client preset) and for the API tests.
import type { CodegenConfig } from '@graphql-codegen/cli';
import { addTypenameSelectionDocumentTransform } from '@graphql-codegen/client-preset';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'web/app/gql/': {
      documents: ['web/app/**/*.{ts,tsx}', '!web/app/gql/**/*'],
      preset: 'client',
      // persisted-documents.json: the only documents the production server accepts from the shop's
      // pages (trusted documents, bff/src/graphql/server/trusted-documents.ts); the browser sends their hashes.
      // Fragment masking (the codegen model, docs/decisions/0028): a component sees only the fields of
      // the fragment it declares, read with getFragmentData (a type cast, not a hook: loaders, actions
      // and event handlers use it too, and Apollo's own useFragment hook is another thing).
      presetConfig: { fragmentMasking: { unmaskFunctionName: 'getFragmentData' }, persistedDocuments: { hashAlgorithm: 'sha256' } },
      // The server executes the stored document, not what Apollo sends, so the stored one must
      // already select the __typename that Apollo's cache needs.
      documentTransforms: [addTypenameSelectionDocumentTransform],
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string' } },
    },
    'tests/gql/': {
      documents: ['tests/**/*.ts', '!tests/gql/**/*'],
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string' } },
    },
  },
};

export default config;
