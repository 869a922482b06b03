import { graphql } from '~/gql';

export const StoreFieldsFragment = graphql(`
  fragment StoreFields on Store {
    id
    name
    street
    city
    postcode
    phone
    email
    latitude
    longitude
    description
    openingHours {
      dayOfWeek
      opens
      closes
    }
  }
`);
