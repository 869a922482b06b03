// After logout: which pages a signed-out shopper must leave, and what the cache forgets.
import { describe, expect, it } from 'vitest';
import { InMemoryCache, gql } from '@apollo/client';
import { forgetSignedInShopper, isCustomerOnlyPath } from '../../../web/app/features/identity/sign-out.ts';

describe('isCustomerOnlyPath', () => {
  it('is true for the account pages and an order detail, in both languages', () => {
    for (const path of ['/ucet', '/ucet/objednavky', '/ucet/soukromi', '/en/account/privacy', '/ucet/objednavka/12', '/en/account/order/12', '/ucet/zmena-hesla']) {
      expect(isCustomerOnlyPath(path), path).toBe(true);
    }
  });

  it('is false for the shop and for the pages a guest uses', () => {
    for (const path of ['/', '/en', '/kosik', '/registrace', '/zapomenute-heslo', '/zmena-hesla/abc', '/nikde']) {
      expect(isCustomerOnlyPath(path), path).toBe(false);
    }
  });
});

describe('forgetSignedInShopper', () => {
  it('leaves no identity and no cart in the cache, whatever the cart policy would fall back to', () => {
    const cache = new InMemoryCache({ typePolicies: { Cart: { keyFields: [] } } });
    const query = gql`
      query Shell {
        me {
          id
          firstName
        }
        cart {
          itemCount
        }
      }
    `;
    cache.writeQuery({ query, data: { me: { __typename: 'Customer', id: 'Q3VzdG9tZXI6MQ==', firstName: 'Jana' }, cart: { __typename: 'Cart', itemCount: 3 } } });
    forgetSignedInShopper(cache);
    expect(cache.readQuery({ query })).toEqual({ me: null, cart: null });
    expect(cache.extract()).not.toHaveProperty(['Cart:{}']);
  });
});
