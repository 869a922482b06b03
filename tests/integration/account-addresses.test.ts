// The account's delivery addresses and invoice details (issue 7, items 4 and 5): add, edit, delete,
// one default; the spec's save and delete failure messages with the field errors at their fields;
// bad input changes nothing. Run on PGlite and (TEST_DATABASE_URL) on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, DEFAULT_PASSWORD } from '../support/factories.ts';
import { dbId, gid } from '../support/global-id.ts';

const AccountAddresses = graphql(`
  query AccountAddressesTest {
    me {
      id
      addresses {
        id
        kind
        isDefault
        firstName
        lastName
        phone
        street
        city
        postcode
        country
        company
      }
      invoiceDetails {
        id
        kind
        isDefault
        firstName
        email
        phone
        street
        postcode
        company
        ico
        dic
      }
    }
  }
`);

const AddDeliveryAddress = graphql(`
  mutation AccountAddressesAdd($input: DeliveryAddressInput!) {
    addDeliveryAddress(input: $input) {
      __typename
      ... on Customer {
        addresses {
          id
          kind
          isDefault
          firstName
          street
          postcode
          phone
        }
      }
      ... on Error {
        code
        message
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
    }
  }
`);

const UpdateDeliveryAddress = graphql(`
  mutation AccountAddressesUpdate($id: ID!, $input: DeliveryAddressInput!) {
    updateDeliveryAddress(id: $id, input: $input) {
      __typename
      ... on Customer {
        addresses {
          id
          isDefault
          firstName
          street
        }
      }
      ... on Error {
        code
        message
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
    }
  }
`);

const DeleteAddress = graphql(`
  mutation AccountAddressesDelete($id: ID!) {
    deleteAddress(id: $id) {
      __typename
      ... on Customer {
        addresses {
          id
          isDefault
          street
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`);

const SaveInvoiceDetails = graphql(`
  mutation AccountAddressesInvoice($input: InvoiceDetailsInput!) {
    saveInvoiceDetails(input: $input) {
      __typename
      ... on Customer {
        invoiceDetails {
          id
          kind
          isDefault
          firstName
          email
          street
          postcode
          company
          ico
          dic
        }
      }
      ... on Error {
        code
        message
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
    }
  }
`);

const Login = graphql(`
  mutation AccountAddressesLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
    }
  }
`);

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

async function newCustomer(): Promise<{ client: TestClient; id: number }> {
  const customer = await createCustomer(app.prisma);
  const client = app.newClient();
  const login = await client.gql(Login, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
  expect(login.data?.login.__typename).toBe('Customer');
  return { client, id: customer.id };
}

const ADDRESS = { firstName: 'Jana', lastName: 'Nováková', phone: '', street: 'Korunní 12', city: 'Praha', postcode: '12000', country: 'CZ' };

const INVOICE = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'jana@example.cz',
  phone: '+420 601 234 567',
  street: 'Korunní 12',
  city: 'Praha',
  postcode: '120 00',
  country: 'CZ',
};

describe('delivery addresses', () => {
  it('adds addresses: the first is the default, the postcode is stored as "123 45"', async () => {
    const { client } = await newCustomer();
    const first = await client.gql(AddDeliveryAddress, { input: ADDRESS });
    expect(first.errors).toBeUndefined();
    expect(first.data?.addDeliveryAddress).toMatchObject({
      __typename: 'Customer',
      addresses: [{ kind: 'DELIVERY', isDefault: true, firstName: 'Jana', street: 'Korunní 12', postcode: '120 00', phone: '' }],
    });
    const second = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, street: 'Chata 1', phone: '601 234 567' } });
    const addresses = second.data?.addDeliveryAddress.__typename === 'Customer' ? second.data.addDeliveryAddress.addresses : [];
    expect(addresses.map((a) => [a.street, a.isDefault])).toEqual([
      ['Korunní 12', true],
      ['Chata 1', false],
    ]);
  });

  it('moves the default to an address marked so, when adding and when editing', async () => {
    const { client } = await newCustomer();
    await client.gql(AddDeliveryAddress, { input: ADDRESS });
    const added = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, street: 'Nová 2', isDefault: true } });
    const list = added.data?.addDeliveryAddress.__typename === 'Customer' ? added.data.addDeliveryAddress.addresses : [];
    expect(list.filter((a) => a.isDefault).map((a) => a.street)).toEqual(['Nová 2']);

    const old = list.find((a) => a.street === 'Korunní 12')!;
    const edited = await client.gql(UpdateDeliveryAddress, { id: old.id, input: { ...ADDRESS, street: 'Korunní 14', isDefault: true } });
    expect(edited.errors).toBeUndefined();
    const after = edited.data?.updateDeliveryAddress.__typename === 'Customer' ? edited.data.updateDeliveryAddress.addresses : [];
    expect(after.filter((a) => a.isDefault).map((a) => a.street)).toEqual(['Korunní 14']);
    expect(after).toHaveLength(2);
  });

  it('refuses a bad address with the messages at the fields and the spec’s save failure; nothing is saved', async () => {
    const { client, id } = await newCustomer();
    const result = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, firstName: '  ', postcode: '1234', phone: '12' } });
    expect(result.data?.addDeliveryAddress).toMatchObject({
      __typename: 'ValidationError',
      message: 'Adresu se nepodařilo uložit. Zkontrolujte prosím zadané údaje.',
    });
    const fields = result.data?.addDeliveryAddress.__typename === 'ValidationError' ? result.data.addDeliveryAddress.fieldErrors : [];
    expect(Object.fromEntries(fields.map((f) => [f.field, f.message]))).toMatchObject({ firstName: 'Toto pole je povinné.' });
    expect(fields.map((f) => f.field).sort()).toEqual(['firstName', 'phone', 'postcode']);
    const country = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, country: 'DE' } });
    expect(country.data?.addDeliveryAddress).toMatchObject({ fieldErrors: [{ field: 'country', message: 'Vyberte zemi ze seznamu.' }] });
    expect(await app.prisma.address.count({ where: { customerId: id } })).toBe(0);

    const english = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, street: '' } }, { 'x-shop-language': 'en' });
    expect(english.data?.addDeliveryAddress).toMatchObject({
      message: 'The address could not be saved. Please check the information you entered.',
      fieldErrors: [{ field: 'street', message: 'This field is required.' }],
    });
  });

  it('refuses hostile and huge strings and wrong types, changing nothing', async () => {
    const { client, id } = await newCustomer();
    const huge = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, street: 'x'.repeat(20_000) } });
    expect(huge.data?.addDeliveryAddress ?? null).toBeNull();
    expect(huge.errors?.length).toBeGreaterThan(0);
    const control = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, city: 'Praha\u0000' } });
    expect(control.data?.addDeliveryAddress ?? null).toBeNull();
    const long = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, city: 'P'.repeat(101) } });
    expect(long.data?.addDeliveryAddress).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'city', message: 'Vyplňte prosím maximálně 100 znaků.' }] });
    const wrongType = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, postcode: 12000 as unknown as string } });
    expect(wrongType.errors?.length).toBeGreaterThan(0);
    const html = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, firstName: '<img src=x onerror=alert(1)>' } });
    // stored as text (React escapes it); only the length rules apply to names
    expect(html.data?.addDeliveryAddress.__typename).toBe('Customer');
    expect(await app.prisma.address.count({ where: { customerId: id } })).toBe(1);
  });

  it('deletes an address; the next one becomes the default; a second delete is the spec’s failure', async () => {
    const { client, id } = await newCustomer();
    await client.gql(AddDeliveryAddress, { input: ADDRESS });
    const both = await client.gql(AddDeliveryAddress, { input: { ...ADDRESS, street: 'Druhá 2' } });
    const [first] = both.data?.addDeliveryAddress.__typename === 'Customer' ? both.data.addDeliveryAddress.addresses : [];
    const deleted = await client.gql(DeleteAddress, { id: first.id });
    expect(deleted.data?.deleteAddress).toEqual({ __typename: 'Customer', addresses: [{ id: expect.any(String), isDefault: true, street: 'Druhá 2' }] });
    const again = await client.gql(DeleteAddress, { id: first.id });
    expect(again.data?.deleteAddress).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND', message: 'Adresu se nepodařilo smazat.' });
    const english = await client.gql(DeleteAddress, { id: gid('SavedAddress', 2_000_000_000) }, { 'x-shop-language': 'en' });
    expect(english.data?.deleteAddress).toMatchObject({ message: 'The address could not be deleted' });
    expect(await app.prisma.address.count({ where: { customerId: id } })).toBe(1);
  });

  it('refuses ids of another type or a malformed id without touching anything', async () => {
    const { client } = await newCustomer();
    const added = await client.gql(AddDeliveryAddress, { input: ADDRESS });
    const [address] = added.data?.addDeliveryAddress.__typename === 'Customer' ? added.data.addDeliveryAddress.addresses : [];
    const asOrder = await client.gql(DeleteAddress, { id: gid('Order', dbId(address.id)) });
    expect(asOrder.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const malformed = await client.gql(DeleteAddress, { id: '%%%' });
    expect(malformed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const numeric = await client.gql(DeleteAddress, { id: '1' });
    expect(numeric.data?.deleteAddress ?? null).toBeNull();
    const list = await client.gql(AccountAddresses);
    expect(list.data?.me?.addresses).toHaveLength(1);
  });

  it('keeps at most 20 addresses, and parallel adds make exactly one default', async () => {
    const { client, id } = await newCustomer();
    const results = await Promise.all(Array.from({ length: 22 }, (_, n) => client.gql(AddDeliveryAddress, { input: { ...ADDRESS, street: `Ulice ${n + 1}` } })));
    const refused = results.filter((r) => r.data?.addDeliveryAddress.__typename === 'AddressLimitError');
    expect(refused).toHaveLength(2);
    expect(refused[0].data?.addDeliveryAddress).toMatchObject({ message: 'Uložit můžete nejvýše 20 adres. Nějakou prosím nejdřív smažte.' });
    expect(await app.prisma.address.count({ where: { customerId: id } })).toBe(20);
    expect(await app.prisma.address.count({ where: { customerId: id, isDefault: true } })).toBe(1);
  });

  it('is for logged-in customers only', async () => {
    const guest = app.newClient();
    const result = await guest.gql(AddDeliveryAddress, { input: ADDRESS });
    expect(result.data?.addDeliveryAddress ?? null).toBeNull();
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await guest.gql(AccountAddresses)).data?.me).toBeNull();
  });
});

describe('invoice details', () => {
  it('saves private invoice details once and edits them in place (the default invoice address)', async () => {
    const { client, id } = await newCustomer();
    const first = await client.gql(SaveInvoiceDetails, { input: INVOICE });
    expect(first.errors).toBeUndefined();
    expect(first.data?.saveInvoiceDetails).toMatchObject({
      __typename: 'Customer',
      invoiceDetails: { kind: 'INVOICE', isDefault: true, firstName: 'Jana', email: 'jana@example.cz', company: '', ico: '', dic: '' },
    });
    await client.gql(SaveInvoiceDetails, { input: { ...INVOICE, street: 'Vinohradská 1' } });
    expect(await app.prisma.address.findMany({ where: { customerId: id }, select: { street: true } })).toEqual([{ street: 'Vinohradská 1' }]);
    const read = await client.gql(AccountAddresses);
    expect(read.data?.me?.invoiceDetails).toMatchObject({ street: 'Vinohradská 1' });
  });

  it('needs a company name and a valid IČO once a company field is filled in; stores IČO and DIČ normalised', async () => {
    const { client } = await newCustomer();
    const bad = await client.gql(SaveInvoiceDetails, { input: { ...INVOICE, ico: '25596642', dic: 'XX1' } });
    expect(bad.data?.saveInvoiceDetails).toMatchObject({ __typename: 'ValidationError', message: 'Fakturační údaje se nepodařilo uložit. Zkontrolujte prosím zadané údaje.' });
    const fields = bad.data?.saveInvoiceDetails.__typename === 'ValidationError' ? bad.data.saveInvoiceDetails.fieldErrors.map((f) => f.field).sort() : [];
    expect(fields).toEqual(['company', 'dic', 'ico']);

    const good = await client.gql(SaveInvoiceDetails, { input: { ...INVOICE, company: 'Nováková s.r.o.', ico: '255 966 41', dic: 'cz 25596641' } });
    expect(good.data?.saveInvoiceDetails).toMatchObject({ invoiceDetails: { company: 'Nováková s.r.o.', ico: '25596641', dic: 'CZ25596641' } });

    const privateAgain = await client.gql(SaveInvoiceDetails, { input: INVOICE });
    expect(privateAgain.data?.saveInvoiceDetails).toMatchObject({ invoiceDetails: { company: '', ico: '', dic: '' } });
  });

  it('requires e-mail and phone and checks their form', async () => {
    const { client } = await newCustomer();
    const result = await client.gql(SaveInvoiceDetails, { input: { ...INVOICE, email: 'jana@', phone: '' } });
    const fields = result.data?.saveInvoiceDetails.__typename === 'ValidationError' ? result.data.saveInvoiceDetails.fieldErrors : [];
    expect(Object.fromEntries(fields.map((f) => [f.field, f.message]))).toEqual({ email: 'Pole musí obsahovat platný email.', phone: 'Toto pole je povinné.' });
  });
});
