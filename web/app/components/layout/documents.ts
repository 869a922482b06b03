import { graphql } from '~/gql';

export const LayoutQuery = graphql(`
  query Layout {
    categories {
      id
      name
      slug
      children {
        id
        name
        slug
      }
    }
    cart {
      ...CartFields
    }
    me {
      id
      firstName
    }
  }
`);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);
