// GraphQL Codegen: typed documents for the web (client preset) and for the API tests.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'web/app/gql/': {
      documents: ['web/app/**/*.{ts,tsx}', '!web/app/gql/**/*'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
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
