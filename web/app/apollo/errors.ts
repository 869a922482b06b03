// Expected failures come back as typed results implementing `Error` (house rule 1). Every
// mutation selects them through this fragment and reads them with errorOf; forms map field errors
// with `fieldErrorMap`.
import { getFragmentData, graphql, type FragmentType } from '~/gql';

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

/** An expected failure's code, message and (for a ValidationError) field errors. */
export function errorOf(outcome: FragmentType<typeof ErrorFieldsFragment>) {
  const error = getFragmentData(ErrorFieldsFragment, outcome);
  return { code: error.code, message: error.message, fieldErrors: error.__typename === 'ValidationError' ? error.fieldErrors : [] };
}

/** A failure's field errors by field name (empty for any failure but a ValidationError). */
export function fieldErrorMap(outcome: FragmentType<typeof ErrorFieldsFragment>): Record<string, string> {
  return Object.fromEntries(errorOf(outcome).fieldErrors.map((entry) => [entry.field, entry.message]));
}
