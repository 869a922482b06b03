// The API's example operations: one folder of .graphql files (docs/api-examples), each a tab of
// GraphiQL (http/graphiql.ts) with the variables of the .json file beside it, if there is one.
// tests/integration/api-examples.test.ts runs every one of them against the demo catalog.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const API_EXAMPLES_DIR = path.resolve(import.meta.dirname, '../../../docs/api-examples');

export type ApiExample = {
  /** The file's name without .graphql, e.g. "02-product". */
  name: string;
  /** The file's text: comments saying what it shows, then its operations. */
  document: string;
  /** The variables' JSON text (the .json file beside it), or null. */
  variables: string | null;
};

/** The examples in file name order; an empty list when the folder is missing (a build without docs). */
export function loadApiExamples(dir = API_EXAMPLES_DIR): ApiExample[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.graphql'.length);
      const variablesFile = path.join(dir, `${name}.json`);
      return {
        name,
        document: readFileSync(path.join(dir, file), 'utf8'),
        variables: existsSync(variablesFile) ? readFileSync(variablesFile, 'utf8') : null,
      };
    });
}
