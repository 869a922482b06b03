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
    wishlist {
      ...WishlistSummary
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
