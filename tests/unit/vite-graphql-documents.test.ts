import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphqlDocuments } from '../../scripts/vite-graphql-documents.ts';

// A web app with two documents, as codegen's client preset writes them (web/app/gql/gql.ts, graphql.ts).
function fixture() {
  const appDir = mkdtempSync(path.join(tmpdir(), 'gql-plugin-'));
  const gqlDir = path.join(appDir, 'gql');
  mkdirSync(gqlDir);
  const home = '\n  query Home {\n    categories {\n      id\n    }\n  }\n';
  const price = '\n  fragment PriceFields on Price {\n    withVat\n  }\n';
  writeFileSync(
    path.join(gqlDir, 'gql.ts'),
    `import * as types from './graphql';\ntype Documents = {};\nconst documents: Documents = {\n    ${JSON.stringify(home)}: types.HomeDocument,\n    ${JSON.stringify(price)}: types.PriceFieldsFragmentDoc,\n};\n`,
  );
  const homeDocument = { kind: 'Document', definitions: [{ kind: 'OperationDefinition', operation: 'query', name: { kind: 'Name', value: 'Home' } }] };
  writeFileSync(
    path.join(gqlDir, 'graphql.ts'),
    `export const HomeDocument = ${JSON.stringify(homeDocument)} as unknown as DocumentNode<HomeQuery, HomeQueryVariables>;\n` +
      `export const PriceFieldsFragmentDoc = {"kind":"Document","definitions":[]} as unknown as DocumentNode<PriceFieldsFragment, unknown>;\n`,
  );
  const plugin = graphqlDocuments({ appDir: appDir + path.sep, gqlDir: gqlDir + path.sep });
  const hooks = plugin as unknown as {
    transform: (code: string, id: string) => { code: string } | undefined;
    resolveId: (id: string) => string | undefined;
    load: (id: string) => string | undefined;
  };
  return { appDir, home, price, homeDocument, hooks };
}

describe('the graphql() documents plugin', () => {
  it('turns each graphql() call into an import of that document alone, on the first line', () => {
    const { appDir, home, price, hooks } = fixture();
    const code = `import { graphql } from '~/gql';\nconst Q = graphql(\`${home}\`);\nconst F = graphql(\`${price}\`);\nexport { Q, F };\n`;
    const result = hooks.transform(code, path.join(appDir, 'routes/home.tsx'))!;
    const [first, ...rest] = result.code.split('\n');
    expect(first).toContain("import __graphqlDocument_HomeDocument from 'virtual:graphql-document/HomeDocument';");
    expect(first).toContain("import __graphqlDocument_PriceFieldsFragmentDoc from 'virtual:graphql-document/PriceFieldsFragmentDoc';");
    expect(result.code).not.toContain('graphql(`');
    expect(rest.join('\n')).toMatch(/const Q = __graphqlDocument_HomeDocument\s*;/);
    expect(result.code.split('\n')).toHaveLength(code.split('\n').length);
  });

  it('serves a document as a module whose default export is that document', () => {
    const { homeDocument, hooks } = fixture();
    const id = hooks.resolveId('virtual:graphql-document/HomeDocument')!;
    const module = hooks.load(id)!;
    const value = new Function(`${module.replace('export default', 'return')}`)();
    expect(value).toEqual(homeDocument);
  });

  it('refuses a document codegen has not seen, instead of shipping an empty one', () => {
    const { appDir, hooks } = fixture();
    const code = "const Q = graphql(`\n  query Unknown {\n    me {\n      id\n    }\n  }\n`);\n";
    expect(() => hooks.transform(code, path.join(appDir, 'routes/x.tsx'))).toThrow(/npm run generate/);
    expect(() => hooks.load(hooks.resolveId('virtual:graphql-document/Missing')!)).toThrow(/No generated document Missing/);
  });

  it('leaves files outside the app and the generated folder alone', () => {
    const { appDir, home, hooks } = fixture();
    const code = `const Q = graphql(\`${home}\`);`;
    expect(hooks.transform(code, path.join(appDir, 'gql/gql.ts'))).toBeUndefined();
    expect(hooks.transform(code, '/elsewhere/file.ts')).toBeUndefined();
  });
});
