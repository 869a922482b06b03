// The product's safety information (GPSR, Regulation (EU) 2023/988 Art. 19; decision 0064): the
// manufacturer with its postal and electronic address, the EU responsible person when there is one,
// and the warnings. Folded in a <details> under its own heading, so it opens on the page by keyboard
// and without JavaScript, and a screen reader finds it among the page's headings.
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { electronicAddressHref } from '../../../../schema/rules/product-safety.ts';

export const ProductSafetyFieldsFragment = graphql(`
  fragment ProductSafetyFields on Product {
    name
    code
    safetyInformation
    manufacturer {
      id
      name
      electronicAddress
      postalAddress {
        ...BusinessAddressFields
      }
    }
    responsiblePerson {
      name
      electronicAddress
      postalAddress {
        ...BusinessAddressFields
      }
    }
  }
`);

const BusinessAddressFieldsFragment = graphql(`
  fragment BusinessAddressFields on BusinessAddress {
    street
    postalCode
    city
    countryName
  }
`);

/** A company as the law asks it named: name, postal address, and where to write to it. */
function Company(props: { name: string; address: FragmentType<typeof BusinessAddressFieldsFragment> | null; electronicAddress: string | null }) {
  const { t } = useTranslation();
  const address = getFragmentData(BusinessAddressFieldsFragment, props.address);
  const link = props.electronicAddress ? electronicAddressHref(props.electronicAddress) : null;
  return (
    <address>
      {props.name}
      {address ? (
        <>
          <br />
          {address.street}
          <br />
          {address.postalCode} {address.city}
          <br />
          {address.countryName}
        </>
      ) : (
        <>
          <br />
          {t('safety.noAddress')}
        </>
      )}
      {props.electronicAddress && (
        <>
          <br />
          {link ? <a href={link}>{props.electronicAddress}</a> : props.electronicAddress}
        </>
      )}
    </address>
  );
}

export function ProductSafety(props: { product: FragmentType<typeof ProductSafetyFieldsFragment> }) {
  const product = getFragmentData(ProductSafetyFieldsFragment, props.product);
  const { t } = useTranslation();
  const warnings = product.safetyInformation.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <section className="product-safety" aria-labelledby="product-safety">
      <h2 id="product-safety">{t('safety.title')}</h2>
      <details className="product-safety__details">
        <summary>{t('safety.summary')}</summary>
        <dl className="product-safety__list">
          <div>
            <dt>{t('safety.product')}</dt>
            <dd>{t('safety.productValue', { name: product.name, code: product.code })}</dd>
          </div>
          <div>
            <dt>{t('safety.manufacturer')}</dt>
            <dd>
              <Company name={product.manufacturer.name} address={product.manufacturer.postalAddress ?? null} electronicAddress={product.manufacturer.electronicAddress ?? null} />
            </dd>
          </div>
          {product.responsiblePerson && (
            <div>
              <dt>{t('safety.responsiblePerson')}</dt>
              <dd>
                <p className="product-safety__note">{t('safety.responsiblePersonNote')}</p>
                <Company name={product.responsiblePerson.name} address={product.responsiblePerson.postalAddress} electronicAddress={product.responsiblePerson.electronicAddress} />
              </dd>
            </div>
          )}
        </dl>
        <h3>{t('safety.warnings')}</h3>
        {warnings.length > 0 ? warnings.map((paragraph, index) => <p key={index}>{paragraph}</p>) : <p>{t('safety.noWarnings')}</p>}
      </details>
    </section>
  );
}
