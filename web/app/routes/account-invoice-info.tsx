// Invoice details (/ucet/fakturacni-udaje, /en/account/invoice-info): the address fields of spec
// section 3 with company, IČO and DIČ ("I am buying for a company"), checked with the shared schemas;
// "Load from ARES" fills company name, registered address and DIČ by the IČO (features/checkout/IcoLookup.tsx:
// the register not answering is a notice beside the button, and the details can be typed and saved by
// hand); a failed save keeps what was typed and puts the server's messages at their fields.
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { getFragmentData, graphql } from '~/gql';
import type { AccountInvoiceInfoQuery } from '~/gql/graphql';
import type { Route } from './+types/account-invoice-info';
import { apolloFor } from '../apollo/load.ts';
import { requireCustomer } from '../apollo/guard.ts';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { Field, useForm } from '../components/ui/form/index.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { AddressFields, addressValues, EMPTY_ADDRESS, SavedAddressFieldsFragment, type AddressValues } from '../features/checkout/AddressFields.tsx';
import { AccountLayout } from '../features/account/AccountLayout.tsx';
import { IcoLookup } from '../features/checkout/IcoLookup.tsx';
import { addressFormSchema, companyFormSchema, isCompanyDetails } from '../../../schema/rules/index.ts';
import { usePageQuery } from '../apollo/page-query.ts';

const InvoiceInfoQuery = graphql(`
  query AccountInvoiceInfo {
    me {
      id
      email
      firstName
      lastName
      phone
      invoiceDetails {
        ...SavedAddressFields
      }
    }
  }
`);

const SaveInvoiceDetailsMutation = graphql(`
  mutation SaveInvoiceDetails($input: InvoiceDetailsInput!) {
    saveInvoiceDetails(input: $input) {
      __typename
      ... on Customer {
        id
        invoiceDetails {
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
  await apolloFor(args).query({ query: InvoiceInfoQuery, fetchPolicy: 'network-only' });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('accountInvoiceInfo') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.myAccount.invoiceInfo, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function AccountInvoiceInfo() {
  const { data } = usePageQuery(InvoiceInfoQuery);
  if (!data?.me) return null;
  return <InvoiceInfoForm me={data.me} />;
}

type Me = NonNullable<AccountInvoiceInfoQuery['me']>;

function InvoiceInfoForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const saved = getFragmentData(SavedAddressFieldsFragment, me.invoiceDetails);
  const [forCompany, setForCompany] = useState(saved ? isCompanyDetails(saved) : false);
  const [save, { loading: saving }] = useMutation(SaveInvoiceDetailsMutation);
  const schema = useMemo(() => (forCompany ? { ...addressFormSchema, ...companyFormSchema } : addressFormSchema), [forCompany]);
  const form = useForm<AddressValues>({
    initialValues: addressValues(saved, { email: me.email, firstName: me.firstName, lastName: me.lastName, phone: me.phone ?? '' }),
    schema,
    locale: language,
  });
  const required = Object.entries(schema)
    .filter(([, rules]) => rules.some((rule) => rule.name === 'required'))
    .map(([name]) => name);
  const label = (key: keyof AddressValues) => (required.includes(key) ? `${t(`address.${key}`)} *` : t(`address.${key}`));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const values = forCompany ? form.values : { ...form.values, company: '', ico: '', dic: '' };
    try {
      const result = await save({ variables: { input: { ...EMPTY_ADDRESS, ...values } } });
      const outcome = result.data?.saveInvoiceDetails;
      if (outcome?.__typename === 'Customer') {
        await navigate(`${href('accountThankYou', language)}?after=invoiceSaved`);
        return;
      }
      if (outcome?.__typename === 'ValidationError') form.setServerErrors(fieldErrorMap(outcome));
      notify('error', outcome ? errorOf(outcome).message : t('myAccount.invoice.saveFailed'));
    } catch {
      notify('error', t('myAccount.invoice.saveFailed'));
    }
  };

  return (
    <AccountLayout current="accountInvoiceInfo">
      <h1>{t('myAccount.invoiceInfo')}</h1>
      <p>{t('myAccount.invoice.intro')}</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={saving} data-testid="invoice-form">
        <label className="switch">
          <input type="checkbox" checked={forCompany} onChange={(event) => setForCompany(event.target.checked)} data-testid="invoice-for-company" />
          {t('myAccount.invoice.forCompany')}
        </label>
        {forCompany && (
          <div className="address-fields__company">
            <IcoLookup form={form}>
              <Field label={label('ico')} inputMode="numeric" autoComplete="off" hint={t('myAccount.invoice.aresHint')} error={form.errors.ico} {...form.fieldProps('ico')} />
            </IcoLookup>
            <Field label={label('company')} autoComplete="section-billing organization" error={form.errors.company} {...form.fieldProps('company')} />
            <Field label={label('dic')} autoComplete="off" hint={t('address.dicHint')} error={form.errors.dic} {...form.fieldProps('dic')} />
          </div>
        )}
        <AddressFields form={form} section="billing" withEmail withCompany={false} requiredFields={required} />
        <button type="submit" className="button button--primary" disabled={saving} data-testid="save-invoice">
          {saving ? t('myAccount.invoice.saving') : t('myAccount.invoice.save')}
        </button>
      </form>
    </AccountLayout>
  );
}
