// The what-changed report of a refused order (OrderChangedError): what changed, line by line, the
// new totals (shown by the page from the cart in the answer) and a button to accept and buy again.
import { useTranslation } from '../../i18n/index.ts';
import { useEffect, useRef } from 'react';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { useHydrated } from '../../forms/FormToken.tsx';

export const OrderChangesFieldsFragment = graphql(`
  fragment OrderChangesFields on OrderChangedError {
    message
    changes {
      kind
      subject
      message
      previous
      current
    }
  }
`);

type Props = { error: FragmentType<typeof OrderChangesFieldsFragment>; onAccept: () => void; busy: boolean };

export function OrderChanges({ onAccept, busy, ...props }: Props) {
  const error = getFragmentData(OrderChangesFieldsFragment, props.error);
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Without JavaScript the button posts the checkout form again, now with the cart's new revision.
  const hydrated = useHydrated();
  // Screen readers and keyboards land on the report, not somewhere above it.
  useEffect(() => heading.current?.focus(), [error]);
  return (
    <section className="order-changes" role="region" aria-labelledby="order-changes-heading" data-testid="order-changes">
      <h2 id="order-changes-heading" tabIndex={-1} ref={heading}>
        {t('checkout.changedTitle')}
      </h2>
      <p>{error.message}</p>
      <ul>
        {error.changes.map((change, index) => (
          // the message names its item (or is about the whole order): the subject is not repeated
          <li key={`${change.kind}-${change.subject}-${index}`}>{change.message}</li>
        ))}
      </ul>
      <p className="muted">{t('checkout.changedHint')}</p>
      <button type={hydrated ? 'button' : 'submit'} name="intent" value="placeOrder" className="button button--primary" onClick={onAccept} disabled={busy} data-testid="accept-changes">
        {t('checkout.acceptAndBuy')}
      </button>
    </section>
  );
}
