// Below the buy box: the description (paragraphs split at blank lines) and the parameters.
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';

export const ProductDescriptionFieldsFragment = graphql(`
  fragment ProductDescriptionFields on Product {
    description
    parameters {
      name
      value
    }
  }
`);

export function ProductDescription(props: { product: FragmentType<typeof ProductDescriptionFieldsFragment> }) {
  const product = getFragmentData(ProductDescriptionFieldsFragment, props.product);
  const { t } = useTranslation();
  return (
    <div className="product-page__details">
      <section aria-labelledby="description">
        <h2 id="description">{t('product.description')}</h2>
        {product.description.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </section>
      {product.parameters.length > 0 && (
        <section aria-labelledby="parameters">
          <h2 id="parameters">{t('product.parameters')}</h2>
          <dl className="parameters">
            {product.parameters.map((parameter) => (
              <div key={parameter.name}>
                <dt>{parameter.name}</dt>
                <dd>{parameter.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
