import { graphql } from '~/gql';

export const ProductCardFieldsFragment = graphql(`
  fragment ProductCardFields on Product {
    id
    name
    slug
    isNew
    isSale
    inStock
    manufacturer {
      id
      name
    }
    mainImage {
      id
      url
      width
      height
    }
    price {
      ...PriceFields
    }
    originalPrice {
      ...PriceFields
    }
  }
`);

export const ProductListFieldsFragment = graphql(`
  fragment ProductListFields on ProductConnection {
    totalCount
    offset
    pageInfo {
      hasNextPage
    }
    edges {
      cursor
      node {
        ...ProductCardFields
      }
    }
  }
`);
