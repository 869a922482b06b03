// The shared cart fragment: every cart query and mutation selects the whole cart through it, so
// Apollo's normalized cache updates the header, the cart page and the product page at once.
import { graphql } from '~/gql';

export const CartFieldsFragment = graphql(`
  fragment CartFields on Cart {
    id
    itemCount
    total {
      ...PriceFields
    }
    lines {
      id
      quantity
      unitPrice {
        ...PriceFields
      }
      totalPrice {
        ...PriceFields
      }
      variant {
        id
        code
        size
        stock
        colour {
          code
          name
          hex
        }
        product {
          id
          name
          slug
          mainImage {
            id
            url
            width
            height
          }
        }
      }
    }
  }
`);

export const CartQuery = graphql(`
  query Cart {
    cart {
      ...CartFields
    }
  }
`);
