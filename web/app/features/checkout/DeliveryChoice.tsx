// The delivery methods as radio buttons with their price ("zdarma" over a method's free-shipping
// limit, which is said under it while the goods are below it) and the day each promises (decision 0069); the payment methods likewise, only
// those that go with the chosen delivery.
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { priceOf, useFormatMoney } from '../../components/ui/Money.tsx';

export const DeliveryChoiceFieldsFragment = graphql(`
  fragment DeliveryChoiceFields on DeliveryMethod {
    id
    name
    description
    freeFrom
    price {
      ...PriceFields
    }
    deliveryPromise {
      kind
      text
    }
  }
`);

export const PaymentChoiceFieldsFragment = graphql(`
  fragment PaymentChoiceFields on PaymentMethod {
    id
    name
    description
    price {
      ...PriceFields
    }
  }
`);

type DeliveryProps = {
  methods: readonly FragmentType<typeof DeliveryChoiceFieldsFragment>[];
  value: string | null;
  /** The goods with VAT, as the server counted them for the free-shipping limits. */
  goodsWithVat: number;
  error?: string;
  onChange: (id: string) => void;
};

export function DeliveryChoice({ value, goodsWithVat, error, onChange, ...props }: DeliveryProps) {
  const methods = getFragmentData(DeliveryChoiceFieldsFragment, props.methods);
  const { t } = useTranslation();
  const format = useFormatMoney();
  return (
    <fieldset className={error ? 'choice-group choice-group--invalid' : 'choice-group'} aria-describedby={error ? 'delivery-error' : undefined}>
      <legend>{t('checkout.delivery')}</legend>
      <ul className="choice-list">
        {methods.map((method) => {
          const price = priceOf(method.price);
          const free = method.freeFrom !== null && goodsWithVat >= method.freeFrom;
          return (
            <li key={method.id} className="choice">
              <label className="choice__label">
                <input type="radio" name="deliveryMethod" value={method.id} checked={value === method.id} onChange={() => onChange(method.id)} />
                <span className="choice__name">{method.name}</span>
                <span className="choice__price">{free || price.withVat === 0 ? t('totals.free') : format(price.withVat, price.currency)}</span>
                <span className="choice__description delivery-promise" data-testid="delivery-method-promise">
                  {method.deliveryPromise.text}
                </span>
                {method.description && <span className="muted choice__description">{method.description}</span>}
                {method.freeFrom !== null && !free && <span className="muted choice__description">{t('checkout.freeFrom', { amount: format(method.freeFrom, price.currency) })}</span>}
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="delivery-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type PaymentProps = {
  /** The methods that go with the chosen delivery (all of them before one is chosen). */
  methods: readonly FragmentType<typeof PaymentChoiceFieldsFragment>[];
  value: string | null;
  deliveryChosen: boolean;
  /** Disabled until a delivery is chosen, once JavaScript runs (without it the server says what is missing). */
  disabled: boolean;
  error?: string;
  onChange: (id: string) => void;
};

export function PaymentChoice({ value, deliveryChosen, disabled, error, onChange, ...props }: PaymentProps) {
  const methods = getFragmentData(PaymentChoiceFieldsFragment, props.methods);
  const { t } = useTranslation();
  const format = useFormatMoney();
  return (
    <fieldset className={error ? 'choice-group choice-group--invalid' : 'choice-group'} aria-describedby={error ? 'payment-error' : undefined}>
      <legend>{t('checkout.payment')}</legend>
      {!deliveryChosen && <p className="muted">{t('checkout.paymentAfterDelivery')}</p>}
      <ul className="choice-list">
        {methods.map((method) => {
          const price = priceOf(method.price);
          return (
            <li key={method.id} className="choice">
              <label className="choice__label">
                <input type="radio" name="paymentMethod" value={method.id} checked={value === method.id} disabled={disabled} onChange={() => onChange(method.id)} />
                <span className="choice__name">{method.name}</span>
                <span className="choice__price">{price.withVat === 0 ? t('totals.free') : format(price.withVat, price.currency)}</span>
                {method.description && <span className="muted choice__description">{method.description}</span>}
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="payment-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
