// Prints the Pothos schema to schema/schema.graphql (committed and reviewed; CI fails when stale).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbstractType, lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../bff/src/graphql/schema/index.ts';

// With --check (CI) a stale committed schema fails instead of being rewritten.
const target = new URL('../schema/schema.graphql', import.meta.url);
const printed = printSchema(lexicographicSortSchema(schema)) + '\n';
if (process.argv.includes('--check')) {
  if (!existsSync(target) || readFileSync(target, 'utf8') !== printed) {
    console.error('schema/schema.graphql is stale: run `npm run generate` and commit it.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date');
} else {
  writeFileSync(target, printed);
  console.log('schema/schema.graphql written');
}

// Apollo needs to know which types implement each interface and union (inline fragments on Error).
const possibleTypes: Record<string, string[]> = {};
for (const type of Object.values(schema.getTypeMap())) {
  if (isAbstractType(type)) possibleTypes[type.name] = schema.getPossibleTypes(type).map((t) => t.name).sort();
}
mkdirSync(new URL('../web/app/gql/', import.meta.url), { recursive: true });
writeFileSync(new URL('../web/app/gql/possible-types.json', import.meta.url), JSON.stringify(possibleTypes, null, 2) + '\n');
console.log('web/app/gql/possible-types.json written');
