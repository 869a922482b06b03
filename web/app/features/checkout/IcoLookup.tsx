// "Načíst z ARES" beside the IČO (the account's invoice details, and a signed-in customer's company at
// checkout): fills company name, registered address and DIČ from the Czech business register. An IČO
// the register does not know, or one that is not valid, is an error at the field. The register not
// answering is no fault of the IČO: a notice beside the button says to fill the details by hand, and
// nothing stops the shopper from saving or ordering (issue 24, item 6).
import { useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { graphql } from '~/gql';
import { useTranslation } from '../../i18n/index.ts';
import { useLanguage } from '../../language.ts';
import { required, type AddressValues } from '../../../../schema/rules/index.ts';
import { errorOf, fieldErrorMap } from '../../apollo/errors.ts';
import type { UseFormResult } from '../../components/ui/form/index.ts';

const CompanyLookupQuery = graphql(`
  query CompanyLookup($ico: String!) {
    companyLookup(ico: $ico) {
      __typename
      ... on QueryCompanyLookupSuccess {
        data {
          ico
          company
          dic
          street
          city
          postcode
          country
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

const COMPANY_FIELDS = ['ico', 'company', 'dic', 'street', 'city', 'postcode', 'country'] as const;

type Status = { text: string; kind: 'filled' | 'unavailable' };

/** `children`: the IČO's field, shown with the button beside it. */
export function IcoLookup({ form, children }: { form: UseFormResult<AddressValues>; children: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useApolloClient();
  const [lookingUp, setLookingUp] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  const lookUp = async () => {
    const ico = form.values.ico.trim();
    setStatus(null);
    if (ico === '') {
      form.setServerErrors({ ico: required.message(language) });
      return;
    }
    setLookingUp(true);
    try {
      const { data } = await client.query({ query: CompanyLookupQuery, variables: { ico }, fetchPolicy: 'network-only' });
      const outcome = data?.companyLookup;
      if (!outcome) throw new Error('no answer');
      if (outcome.__typename === 'QueryCompanyLookupSuccess') {
        for (const key of COMPANY_FIELDS) form.setValue(key, outcome.data[key]);
        setStatus({ text: t('myAccount.invoice.aresFilled'), kind: 'filled' });
      } else if (outcome.__typename === 'ValidationError' || outcome.__typename === 'NotFoundError') {
        form.setServerErrors({ ico: fieldErrorMap(outcome).ico ?? errorOf(outcome).message });
      } else {
        // the register is down or slow (or asked too often): the IČO itself is fine
        setStatus({ text: errorOf(outcome).message, kind: 'unavailable' });
      }
    } catch {
      setStatus({ text: t('myAccount.invoice.aresFailed'), kind: 'unavailable' });
    } finally {
      setLookingUp(false);
    }
  };

  return (
    <>
      <div className="ico-lookup">
        {children}
        <button type="button" className="button button--secondary" onClick={() => void lookUp()} disabled={lookingUp} aria-busy={lookingUp} data-testid="ares-lookup">
          {lookingUp ? t('myAccount.invoice.aresLoading') : t('myAccount.invoice.aresLoad')}
        </button>
      </div>
      <p role="status" className={status?.kind === 'unavailable' ? 'ico-lookup__notice' : 'muted'} data-testid="ares-status">
        {status?.text}
      </p>
    </>
  );
}
