// Prints the Pothos schema to schema/schema.graphql (committed and reviewed; CI fails when stale).
import { writeFileSync } from 'node:fs';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../bff/src/graphql/index.ts';

const target = new URL('../schema/schema.graphql', import.meta.url);
writeFileSync(target, printSchema(lexicographicSortSchema(schema)) + '\n');
console.log('schema/schema.graphql written');
