// Prints the Pothos schema to schema/schema.graphql (committed and reviewed; CI fails when stale).
import { writeFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { isAbstractType, lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../bff/src/graphql/index.ts';

const target = new URL('../schema/schema.graphql', import.meta.url);
writeFileSync(target, printSchema(lexicographicSortSchema(schema)) + '\n');
console.log('schema/schema.graphql written');

// Apollo needs to know which types implement each interface and union (inline fragments on Error).
const possibleTypes: Record<string, string[]> = {};
for (const type of Object.values(schema.getTypeMap())) {
  if (isAbstractType(type)) possibleTypes[type.name] = schema.getPossibleTypes(type).map((t) => t.name).sort();
}
mkdirSync(new URL('../web/app/gql/', import.meta.url), { recursive: true });
writeFileSync(new URL('../web/app/gql/possible-types.json', import.meta.url), JSON.stringify(possibleTypes, null, 2) + '\n');
console.log('web/app/gql/possible-types.json written');
