// The documents a customer's own app sends with its personal access token (docs/customer-tokens.md).
// The web pages do not use them; they live here so that codegen stores them among the persisted
// documents, which are all that the production server accepts from anyone but a partner
// (bff/src/graphql/server/trusted-documents.ts): the app sends their hashes, like the shop's pages do.
import { graphql } from '~/gql';

export const AppLoginWithTokenMutation = graphql(`
  mutation AppLoginWithToken($input: LoginWithTokenInput!) {
    loginWithToken(input: $input) {
      __typename
      ... on AccessTokenLogin {
        token
        accessToken {
          id
          prefix
          name
          expiresAt
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export const AppMeQuery = graphql(`
  query AppMe {
    me {
      id
      email
      firstName
      lastName
      phone
      newsletter
      accessTokens {
        id
        prefix
        name
        createdAt
        lastUsedAt
        expiresAt
      }
    }
  }
`);

export const AppRevokeAccessTokenMutation = graphql(`
  mutation AppRevokeAccessToken($id: ID!) {
    revokeAccessToken(id: $id) {
      __typename
      ... on AccessToken {
        id
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);
