import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents for the web app: every `graphql()` call in web/src is compiled against
// the committed schema into web/src/gql/ (generated, never edited by hand). Unit tests' documents
// (e.g. a toy schema's subscription in streamStatus.spec.ts) are not the app's.
const config: CodegenConfig = {
  schema: './schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*', '!web/src/**/*.spec.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      preset: 'client',
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // Sums of money in cents that may pass Int's 32 bits (api/src/graphql/safe-int.ts).
        scalars: { SafeInt: 'number' },
      },
      presetConfig: {
        fragmentMasking: false,
      },
    },
  },
};

export default config;
