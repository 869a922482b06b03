import { graphql } from '~/gql';

export const StoreFieldsFragment = graphql(`
  fragment StoreFields on Store {
    id
    databaseId
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
    openingStatus {
      open
      closesAt
      holidayToday
      nextOpening {
        date
        dayOfWeek
        opens
      }
    }
    specialDays {
      date
      dayOfWeek
      opens
      closes
    }
  }
`);
