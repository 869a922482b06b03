// Expected failures come back as typed results implementing `Error` (house rule 1). Every
// mutation selects them through this fragment; forms map field errors with `fieldErrorMap`.
import { graphql } from '~/gql';

export const ErrorFieldsFragment = graphql(`
  fragment ErrorFields on Error {
    code
    message
    ... on ValidationError {
      fieldErrors {
        field
        message
      }
    }
  }
`);

export function fieldErrorMap(error: { fieldErrors?: { field: string; message: string }[] }): Record<string, string> {
  return Object.fromEntries((error.fieldErrors ?? []).map((entry) => [entry.field, entry.message]));
}
