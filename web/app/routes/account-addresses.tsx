// Delivery addresses (/ucet/dodaci-adresy, /en/account/addresses): the list ('no addresses found'
// when empty), add, edit, make default and delete after a confirmation dialog. Every mutation answers
// with the customer's whole address list, so the normalised cache updates the page by itself.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { resources, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { getFragmentData, graphql } from '~/gql';
import type { SavedAddressFieldsFragment as SavedAddress } from '~/gql/graphql';
import type { Route } from './+types/account-addresses';
import { apolloFor } from '../apollo/load.ts';
import { requireCustomer } from '../apollo/guard.ts';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { alternatesFor, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useForm } from '../components/ui/form/index.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { AddressFields, addressValues, EMPTY_ADDRESS, SavedAddressFieldsFragment, type AddressValues } from '../features/checkout/AddressFields.tsx';
import { AccountLayout } from '../features/account/AccountLayout.tsx';
import { ConfirmDialog } from '../features/account/ConfirmDialog.tsx';
import { deliveryAddressSchema, formatPhone } from '../../../schema/rules/index.ts';
import { usePageQuery } from '../apollo/page-query.ts';

const AddressesQuery = graphql(`
  query AccountAddresses {
    me {
      id
      addresses {
        ...SavedAddressFields
      }
    }
  }
`);

const AddMutation = graphql(`
  mutation AddDeliveryAddress($input: DeliveryAddressInput!) {
    addDeliveryAddress(input: $input) {
      __typename
      ... on Customer {
        id
        addresses {
          ...SavedAddressFields
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

const UpdateMutation = graphql(`
  mutation UpdateDeliveryAddress($id: ID!, $input: DeliveryAddressInput!) {
    updateDeliveryAddress(id: $id, input: $input) {
      __typename
      ... on Customer {
        id
        addresses {
          ...SavedAddressFields
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

const DeleteMutation = graphql(`
  mutation DeleteAddress($id: ID!) {
    deleteAddress(id: $id) {
      __typename
      ... on Customer {
        id
        addresses {
          ...SavedAddressFields
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await requireCustomer(args);
  await apolloFor(args).query({ query: AddressesQuery, fetchPolicy: 'network-only' });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('accountAddresses') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.myAccount.addresses, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

const REQUIRED = Object.entries(deliveryAddressSchema)
  .filter(([, rules]) => rules.some((rule) => rule.name === 'required'))
  .map(([name]) => name);

/** One line naming the address, for the list, the buttons' labels and the dialog. */
function oneLine(address: SavedAddress): string {
  return [`${address.firstName} ${address.lastName}`, address.street, `${address.postcode} ${address.city}`].join(', ');
}

function input(values: AddressValues, isDefault: boolean) {
  const { firstName, lastName, phone, street, city, postcode, country } = { ...EMPTY_ADDRESS, ...values };
  return { firstName, lastName, phone, street, city, postcode, country, isDefault };
}

export default function AccountAddresses() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { data } = usePageQuery(AddressesQuery);
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [update] = useMutation(UpdateMutation);
  const [remove, { loading: removing }] = useMutation(DeleteMutation);
  const addresses = getFragmentData(SavedAddressFieldsFragment, data?.me?.addresses ?? []).filter((address) => address.kind === 'DELIVERY');
  const addButton = useRef<HTMLButtonElement>(null);
  // when a form closes, the keyboard goes on from "Přidat adresu" instead of the top of the page;
  // focused after the render that shows the button again (a timer could run before that render)
  const focusAddButton = useRef(false);
  const closeForm = () => {
    focusAddButton.current = true;
    setEditing(null);
  };
  useEffect(() => {
    if (editing !== null || !focusAddButton.current) return;
    focusAddButton.current = false;
    addButton.current?.focus();
  }, [editing]);

  const makeDefault = async (address: SavedAddress) => {
    try {
      const result = await update({ variables: { id: address.id, input: input(addressValues(address), true) } });
      const outcome = result.data?.updateDeliveryAddress;
      if (outcome?.__typename === 'Customer') notify('success', t('myAccount.addressList.saved'));
      else notify('error', outcome ? errorOf(outcome).message : t('myAccount.addressList.saveFailed'));
    } catch {
      notify('error', t('myAccount.addressList.saveFailed'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove({ variables: { id: deleting.id } });
      const outcome = result.data?.deleteAddress;
      if (outcome?.__typename === 'Customer') {
        notify('success', t('myAccount.addressList.deleted'));
        if (editing === deleting.id) setEditing(null);
      } else {
        notify('error', outcome ? errorOf(outcome).message : t('myAccount.addressList.deleteFailed'));
      }
    } catch {
      notify('error', t('myAccount.addressList.deleteFailed'));
    }
    setDeleting(null);
  };

  return (
    <AccountLayout current="accountAddresses">
      <h1>{t('myAccount.addresses')}</h1>
      <p>{t('myAccount.addressList.intro')}</p>
      {addresses.length === 0 && editing !== 'new' && (
        <div className="empty-state" data-testid="addresses-empty">
          <p>
            <strong>{t('myAccount.addressList.empty')}</strong>
          </p>
          <p>{t('myAccount.addressList.emptyHint')}</p>
        </div>
      )}
      {addresses.length > 0 && (
        <ul className="address-list" data-testid="address-list">
          {addresses.map((address) =>
            editing === address.id ? (
              <li key={address.id} className="address-card">
                <AddressForm address={address} onDone={closeForm} />
              </li>
            ) : (
              <li key={address.id} className={address.isDefault ? 'address-card address-card--default' : 'address-card'} data-testid="address-card">
                {address.isDefault && <span className="address-card__badge">{t('myAccount.addressList.default')}</span>}
                <address>
                  {address.firstName} {address.lastName}
                  <br />
                  {address.street}
                  <br />
                  {address.postcode} {address.city}
                  <br />
                  {t(`address.countries.${address.country}`, { defaultValue: address.country })}
                  {address.phone && (
                    <>
                      <br />
                      {formatPhone(address.phone)}
                    </>
                  )}
                </address>
                <div className="address-card__actions">
                  <button type="button" className="button button--secondary" onClick={() => setEditing(address.id)} aria-label={t('myAccount.addressList.editLabel', { address: oneLine(address) })}>
                    {t('myAccount.addressList.edit')}
                  </button>
                  {!address.isDefault && (
                    <button type="button" className="button button--secondary" onClick={() => void makeDefault(address)}>
                      {t('myAccount.addressList.makeDefault')}
                    </button>
                  )}
                  <button type="button" className="button button--secondary" onClick={() => setDeleting(address)} aria-label={t('myAccount.addressList.deleteLabel', { address: oneLine(address) })}>
                    {t('myAccount.addressList.delete')}
                  </button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <section className="address-card" aria-labelledby="new-address-title">
          <h2 id="new-address-title">{t('myAccount.addressList.addTitle')}</h2>
          <AddressForm address={null} onDone={closeForm} />
        </section>
      ) : (
        <p>
          <button type="button" ref={addButton} className="button button--primary" onClick={() => setEditing('new')} data-testid="add-address">
            {t('myAccount.addressList.add')}
          </button>
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('myAccount.addressList.confirmTitle')}
        text={deleting ? t('myAccount.addressList.confirmText', { address: oneLine(deleting) }) : ''}
        confirmLabel={t('myAccount.addressList.confirmDelete')}
        cancelLabel={t('myAccount.addressList.keep')}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </AccountLayout>
  );
}

/** Adds a new address (address null) or edits one; on failure what was typed stays, with the messages at the fields. */
function AddressForm({ address, onDone }: { address: SavedAddress | null; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { notify } = useNotify();
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false);
  const [add, { loading: adding }] = useMutation(AddMutation);
  const [update, { loading: updating }] = useMutation(UpdateMutation);
  const form = useForm<AddressValues>({ initialValues: addressValues(address), schema: deliveryAddressSchema, locale: language });
  const busy = adding || updating;
  const formRef = useRef<HTMLFormElement>(null);
  // an opened form takes the keyboard to its first field
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    try {
      const result = address
        ? (await update({ variables: { id: address.id, input: input(form.values, isDefault) } })).data?.updateDeliveryAddress
        : (await add({ variables: { input: input(form.values, isDefault) } })).data?.addDeliveryAddress;
      if (result?.__typename === 'Customer') {
        notify('success', t('myAccount.addressList.saved'));
        onDone();
        return;
      }
      if (result?.__typename === 'ValidationError') form.setServerErrors(fieldErrorMap(result));
      notify('error', result ? errorOf(result).message : t('myAccount.addressList.saveFailed'));
    } catch {
      notify('error', t('myAccount.addressList.saveFailed'));
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy} data-testid="address-form">
      {address && <h2>{t('myAccount.addressList.editTitle')}</h2>}
      <AddressFields form={form} section="shipping" withEmail={false} withCompany={false} requiredFields={REQUIRED} />
      <label className="checkbox">
        <input type="checkbox" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} disabled={address?.isDefault} />
        {t('myAccount.addressList.isDefault')}
      </label>
      <div className="account-actions">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="save-address">
          {busy ? t('myAccount.addressList.saving') : t('myAccount.addressList.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('myAccount.addressList.cancel')}
        </button>
      </div>
    </form>
  );
}
