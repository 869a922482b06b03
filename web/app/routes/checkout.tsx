// Checkout (/pokladna, /en/checkout): delivery, pickup store, payment, invoice and delivery address,
// note, newsletter, terms and "Koupit a zaplatit", beside the order's summary. Its state and what the
// controls do are in features/checkout/useCheckout.ts; the form also works without JavaScript (the
// action below). A refused order shows what changed and lets the shopper accept and buy again.
import { data, Link, redirect } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { getFragmentData, graphql } from '~/gql';
import type { Route } from './+types/checkout';
import { apolloFor } from '../apollo/load.ts';
import { errorOf } from '../apollo/errors.ts';
import { usePageQuery } from '../apollo/page-query.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { FormToken, formTokenFor, useHydrated } from '../forms/FormToken.tsx';
import { backToPage, readPageForm, STALE_FORM_STATUS, translatorFor } from '../forms/page-form.server.ts';
import { Captcha } from '../features/captcha/Captcha.tsx';
import { CHECKOUT_INTENTS, checkoutChoicesInput, checkoutFormErrors, checkoutInput } from '../features/checkout/checkout-form.ts';
import { checkoutFormValues } from '../features/checkout/checkout-form.server.ts';
import {
  CheckoutCartFieldsFragment,
  PlaceOrderMutation,
  RequestOrderConfirmationMutation,
  UpdateCheckoutMutation,
  useCheckout,
  type CheckoutActionData,
  type CheckoutPage as PageData,
} from '../features/checkout/useCheckout.ts';
import { DeliveryChoice, PaymentChoice } from '../features/checkout/DeliveryChoice.tsx';
import { StorePicker } from '../features/checkout/StorePicker.tsx';
import { PICKUP_POINTS_LISTED, PickupPointPicker, PickupPointSearchQuery } from '../features/checkout/PickupPointPicker.tsx';
import { DeliveryAddressSection, InvoiceAddressSection } from '../features/checkout/CheckoutAddresses.tsx';
import { CheckoutOther } from '../features/checkout/CheckoutOther.tsx';
import { afterOrderPath } from '../features/conversions/after-order.ts';
import { CheckoutSummary } from '../features/checkout/CheckoutSummary.tsx';
import { OrderChanges } from '../features/checkout/OrderChanges.tsx';

const CheckoutPageQuery = graphql(`
  query CheckoutPage {
    cart {
      ...CheckoutCartFields
    }
    deliveryMethods {
      id
      isPickup
      needsPickupPoint
      paymentMethods {
        id
      }
      ...DeliveryChoiceFields
    }
    paymentMethods {
      id
      code
      withoutDelivery
      ...PaymentChoiceFields
    }
    stores {
      ...StorePickerFields
    }
    me {
      id
      email
      firstName
      lastName
      phone
      addresses {
        ...SavedAddressFields
      }
    }
  }
`);

/** The cart of the page's answer, when there is anything to buy. */
function cartToBuy(page: { cart?: PageData['cart'] | null } | undefined) {
  const cart = getFragmentData(CheckoutCartFieldsFragment, page?.cart);
  // every line has at least one piece; tickets are lines of their own
  return cart && (cart.itemCount > 0 || cart.tickets.length > 0) ? cart : null;
}

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const language = languageOfRequest(args.request);
  const { data } = await apolloFor(args).query({ query: CheckoutPageQuery, fetchPolicy: 'network-only' });
  // Nothing to buy: the cart page says so and leads back to the goods.
  if (!cartToBuy(data)) throw redirect(href('cart', language));
  return { language, alternates: alternatesFor('checkout'), formToken: formTokenFor(args) };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

/**
 * The checkout form posted without JavaScript. "update" saves the choices (delivery, store, payment,
 * note, consents) so the page shows the price with them; "placeOrder" saves everything as the
 * browser's submit does (a form refused at its fields still saves the choices), then places the order
 * against the revision the page showed; success goes to the order summary (303), a refusal renders
 * the page again with the messages at the fields.
 */
export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const language = languageOfRequest(args.request);
  const t = translatorFor(args.request);
  const client = apolloFor(args);
  // Enter in a field presses the form's first button: without JavaScript that is "update"
  const intent = form.choice('intent', CHECKOUT_INTENTS) ?? 'update';
  const values = checkoutFormValues(form);
  const answer = (fields: Partial<CheckoutActionData>, status: number) =>
    data<CheckoutActionData>({ values, fieldErrors: [], message: null, changed: null, ...fields }, { status });
  const { data: page } = await client.query({ query: CheckoutPageQuery, fetchPolicy: 'network-only' });
  const cart = cartToBuy(page);
  if (!page || !cart) return backToPage(args.request, href('cart', language));
  if (form.staleToken) return answer({ message: t('noJs.staleForm') }, STALE_FORM_STATUS);
  // a cart of match tickets only has nothing to deliver: a delivery posted by an older page is dropped
  const { needsDelivery } = cart.checkout;
  if (!needsDelivery) Object.assign(values, { deliveryMethodId: null, storeId: null, pickupPointId: null });
  const deliveryId = values.deliveryMethodId ?? cart.checkout.deliveryMethod?.id ?? null;
  const delivery = page.deliveryMethods.find((method) => method.id === deliveryId);
  if (intent === 'placeOrder') {
    // as the browser's submit: nothing is sent while the form itself is not right
    const invalid = checkoutFormErrors(values, delivery ?? null, language, needsDelivery);
    if (invalid.length > 0) {
      // the choices are saved all the same (as "update" saves them, and as the browser does on each
      // click): the page then shows the price with them, and the next submit has no change to report
      await client.mutate({ mutation: UpdateCheckoutMutation, variables: { input: checkoutChoicesInput(values) } });
      return answer({ message: t('checkout.cannotSubmit'), fieldErrors: invalid }, 400);
    }
  }
  const input = intent === 'placeOrder' ? checkoutInput(values, delivery !== undefined && !delivery.isPickup && !delivery.needsPickupPoint) : checkoutChoicesInput(values);
  const saved = (await client.mutate({ mutation: UpdateCheckoutMutation, variables: { input } })).data?.updateCheckout;
  if (!saved) return answer({ message: t('error.generic') }, 500);
  if (saved.__typename !== 'Cart') {
    const { message, fieldErrors } = errorOf(saved);
    return answer({ message, fieldErrors }, 400);
  }
  if (intent !== 'placeOrder') {
    // the pick-up points for the search (or the shopper's PSČ), listed with radio buttons
    if (!delivery?.needsPickupPoint) return answer({}, 200);
    const search = values.pickupPointSearch.trim();
    const postcode = values.invoice.postcode.replace(/\s/g, '');
    const found = await client.query({ query: PickupPointSearchQuery, variables: { search: search || null, postcode: postcode || null, first: PICKUP_POINTS_LISTED }, fetchPolicy: 'network-only' });
    return answer({ pickupPoints: { search: search || postcode, hits: found.data?.pickupPoints ?? [] } }, 200);
  }
  const problems = getFragmentData(CheckoutCartFieldsFragment, saved).checkout.problems;
  if (problems.length > 0) return answer({ message: problems[0].message, fieldErrors: problems.map(({ field, message }) => ({ field, message })) }, 400);
  const placed = (await client.mutate({ mutation: PlaceOrderMutation, variables: { input: { revision: values.revision } } })).data?.placeOrder;
  if (!placed) return answer({ message: t('checkout.cannotSubmit') }, 500);
  if (placed.__typename === 'Order') return backToPage(args.request, afterOrderPath(args.context.tracking.conversions, language, placed));
  const refused = errorOf(placed);
  // The page shows the cart's new totals and revision; submitting again accepts them.
  if (placed.__typename === 'OrderChangedError') return answer({ message: refused.message, changed: placed }, 409);
  // a further order from this address needs the captcha, which only the browser can solve: without
  // JavaScript a link sent to the order's e-mail confirms it instead, the goods held meanwhile
  if (refused.fieldErrors.some((entry) => entry.field === 'captcha')) {
    const variables = { input: { revision: values.revision } };
    const sent = (await client.mutate({ mutation: RequestOrderConfirmationMutation, variables })).data?.requestOrderConfirmation;
    if (!sent) return answer({ message: t('checkout.cannotSubmit') }, 500);
    if (sent.__typename === 'OrderConfirmationRequest') return answer({ notice: t('noJs.orderConfirmationSent', { email: sent.email, minutes: sent.validMinutes }) }, 202);
    if (sent.__typename === 'OrderChangedError') return answer({ message: errorOf(sent).message, changed: sent }, 409);
    const notSent = errorOf(sent);
    return answer({ message: notSent.message, fieldErrors: notSent.fieldErrors }, sent.__typename === 'TooManyAttemptsError' ? 429 : 400);
  }
  if (placed.__typename === 'TooManyAttemptsError') return answer({ message: refused.message }, 429);
  return answer({ message: refused.message, fieldErrors: refused.fieldErrors }, 400);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.checkout.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function CheckoutRoute() {
  const { data } = usePageQuery(CheckoutPageQuery);
  if (!data?.cart) return null;
  return <CheckoutPage page={{ ...data, cart: data.cart }} />;
}

function CheckoutPage({ page }: { page: PageData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const hydrated = useHydrated();
  const checkout = useCheckout(page);
  const { problems, delivery, needsDelivery } = checkout;
  return (
    <div className="container page checkout">
      <h1>{t('checkout.title')}</h1>
      <form className="checkout__grid" method="post" action={href('checkout', language)} onSubmit={(event) => void checkout.onSubmit(event)} noValidate aria-busy={checkout.busy}>
        <FormToken />
        <input type="hidden" name="revision" value={checkout.revision} />
        <div className="checkout__main">
          {needsDelivery ? (
            <DeliveryChoice methods={page.deliveryMethods} value={checkout.deliveryId} goodsWithVat={checkout.goodsWithVat} error={problems.deliveryMethod} onChange={checkout.chooseDelivery} />
          ) : (
            <p className="checkout__tickets-only" data-testid="tickets-by-email">
              {t('checkout.ticketsByEmail')}
            </p>
          )}
          {delivery?.isPickup && <StorePicker stores={page.stores} value={checkout.storeId} onChange={checkout.chooseStore} error={problems.store} />}
          {delivery?.needsPickupPoint && (
            <PickupPointPicker
              chosen={checkout.pickupPoint}
              value={checkout.pickupPointId}
              onChange={checkout.choosePickupPoint}
              initialSearch={checkout.pointSearch?.search ?? ''}
              initialHits={checkout.pointSearch?.hits ?? null}
              postcode={checkout.invoice.form.values.postcode}
              error={problems.pickupPoint}
            />
          )}
          {checkout.bankTransferUnavailable && (
            <p className="checkout__payment-note" role="note" data-testid="bank-transfer-unavailable">
              {checkout.bankTransferUnavailable}
            </p>
          )}
          <PaymentChoice
            methods={checkout.allowedPayments}
            value={checkout.paymentId}
            deliveryChosen={!needsDelivery || delivery !== null}
            disabled={hydrated && needsDelivery && !delivery}
            error={problems.paymentMethod}
            onChange={checkout.choosePayment}
          />
          {!hydrated && (
            // Without JavaScript the choices are saved by a post; then the price includes them.
            <div className="checkout__no-js">
              <button type="submit" name="intent" value="update" className="button button--secondary" data-testid="checkout-update">
                {t('noJs.recalculate')}
              </button>
              <p className="muted">{t('noJs.recalculateHint')}</p>
            </div>
          )}
          <InvoiceAddressSection invoice={checkout.invoice} error={problems.invoiceAddress} />
          {delivery && !delivery.isPickup && !delivery.needsPickupPoint && <DeliveryAddressSection delivered={checkout.delivered} savedAddresses={checkout.invoice.savedAddresses} error={problems.deliveryAddress} />}
          <CheckoutOther
            note={checkout.note}
            noteError={checkout.noteError}
            changeNote={checkout.changeNote}
            newsletter={checkout.newsletter}
            setNewsletter={checkout.setNewsletter}
            surveyOffered={checkout.surveyOffered}
            surveyOptOut={checkout.surveyOptOut}
            setSurveyOptOut={checkout.setSurveyOptOut}
            reviewRequestOptOut={checkout.reviewRequestOptOut}
            setReviewRequestOptOut={checkout.setReviewRequestOptOut}
            terms={checkout.terms}
            changeTerms={checkout.changeTerms}
            termsError={problems.terms}
          />
        </div>

        <aside className="checkout__side" aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading">{t('totals.heading')}</h2>
          <CheckoutSummary cart={checkout.cart} />
          {checkout.changed && <OrderChanges error={checkout.changed} busy={checkout.busy} onAccept={checkout.acceptChanges} />}
          {(checkout.blocked || problems.vouchers) && (
            <div id="checkout-blocked" className="checkout__blocked">
              <p>{t('checkout.stillMissing')}</p>
              <ul>
                {checkout.missingChoices.map((problem) => (
                  <li key={problem.field}>{problem.message}</li>
                ))}
                {checkout.invalidVoucher && (
                  <li>
                    {t('voucher.blocksOrder')} <Link to={href('cart', language)}>{t('checkout.backToCart')}</Link>
                  </li>
                )}
              </ul>
            </div>
          )}
          {checkout.notice && (
            <p className="checkout__notice" role="status" data-testid="checkout-confirmation-sent">
              {checkout.notice}
            </p>
          )}
          {checkout.refusal && !checkout.changed && (
            <p className="field__error" role="alert" data-testid="checkout-refused">
              {checkout.refusal}
            </p>
          )}
          {checkout.captchaNeeded ? <Captcha captcha={checkout.captcha} id="checkout-captcha" /> : null}
          <button
            type="submit"
            name="intent"
            value="placeOrder"
            // the what-changed report's "accept and buy" is the one primary button while it is shown
            className={`button ${checkout.changed ? 'button--secondary' : 'button--primary'} button--large checkout__submit`}
            disabled={hydrated && (checkout.blocked || checkout.busy)}
            aria-describedby={checkout.blocked ? 'checkout-blocked' : undefined}
            data-testid="place-order"
          >
            {checkout.placing ? t('checkout.placing') : t('checkout.submit')}
          </button>
          <p>
            <Link to={href('cart', language)}>{t('checkout.backToCart')}</Link>
          </p>
        </aside>
      </form>
    </div>
  );
}
