import { graphql } from '~/gql';

/**
 * What the header and the hearts show of the shopper's wishlist; every heart's answer carries it.
 * The hearts read productIds from here, so catalog queries ask nothing of the shopper and their
 * answers can be shared by the response cache (docs/decisions/0016).
 */
export const WishlistSummaryFragment = graphql(`
  fragment WishlistSummary on Wishlist {
    id
    itemCount
    productIds
  }
`);

/** A product on the wishlist pages: price, availability, and its variants for add-to-cart. */
export const WishlistProductFragment = graphql(`
  fragment WishlistProduct on Product {
    id
    name
    slug
    code
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
    variants {
      id
      size
      stock
      inStock
    }
  }
`);

/** The wishlist summary the hearts read (hearts.tsx: from the cache the layout's query filled; sent only when a login dropped it). */
export const WishlistSummaryQuery = graphql(`
  query WishlistSummary {
    wishlist {
      ...WishlistSummary
    }
  }
`);

export const SetProductInWishlistMutation = graphql(`
  mutation SetProductInWishlist($productId: ID!, $inWishlist: Boolean!) {
    setProductInWishlist(productId: $productId, inWishlist: $inWishlist) {
      __typename
      ... on WishlistChange {
        product {
          id
        }
        query {
          wishlist {
            ...WishlistSummary
          }
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export const WishlistPageQuery = graphql(`
  query WishlistPage {
    wishlist {
      ...WishlistSummary
      shareToken
      items {
        id
        product {
          ...WishlistProduct
        }
      }
    }
  }
`);

export const ResetWishlistShareLinkMutation = graphql(`
  mutation ResetWishlistShareLink {
    resetWishlistShareLink {
      __typename
      ... on Wishlist {
        id
        shareToken
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export const SharedWishlistQuery = graphql(`
  query SharedWishlist($token: String!) {
    sharedWishlist(token: $token) {
      ownerFirstName
      itemCount
      items {
        id
        product {
          ...WishlistProduct
        }
      }
    }
  }
`);

export const WatchAvailabilityMutation = graphql(`
  mutation WatchAvailability($variantId: ID!, $email: String!, $captcha: String) {
    watchAvailability(variantId: $variantId, email: $email, captcha: $captcha) {
      __typename
      ... on AvailabilityWatchConfirmation {
        email
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export const CancelAvailabilityWatchesMutation = graphql(`
  mutation CancelAvailabilityWatches($token: String!) {
    cancelAvailabilityWatches(token: $token) {
      __typename
      ... on AvailabilityWatchCancellation {
        cancelled
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);
