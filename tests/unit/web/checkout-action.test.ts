// The pages' form reader (docs/decisions/0020): bounded size, form types only, whether the session's
// CSRF token is stale, text values cut at their caps, integers in range, intents from a list; and the checkout's
// own checks, as the browser's submit makes them.
import { describe, expect, it } from 'vitest';
import { readPageForm } from '../../../web/app/forms/page-form.server.ts';
import { checkoutFormErrors } from '../../../web/app/features/checkout/checkout-form.ts';
import { checkoutFormValues } from '../../../web/app/features/checkout/checkout-form.server.ts';

const context = (valid = 'token') => ({ verifyFormToken: (value: unknown) => value === valid });

function request(body: string, headers: Record<string, string> = {}) {
  return new Request('http://shop.test/kosik', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), ...headers },
    body,
  });
}

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe('readPageForm', () => {
  it('refuses a form without a length (411), over 64 KiB (413), of another type (415); one without the session token is read as stale (its page answers 419 with a message)', async () => {
    const noLength = new Request('http://shop.test/kosik', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '_csrf=token' });
    noLength.headers.delete('content-length');
    expect(await status(readPageForm({ request: noLength, context: context() }))).toBe(411);
    expect(await status(readPageForm({ request: request('_csrf=token', { 'content-length': String(64 * 1024 + 1) }), context: context() }))).toBe(413);
    expect(await status(readPageForm({ request: request('{"_csrf":"token"}', { 'content-type': 'application/json' }), context: context() }))).toBe(415);
    // issue 24, item 4: a stale token no longer ends on a bare error page; the action answers the form again
    expect((await readPageForm({ request: request('_csrf=other'), context: context() })).staleToken).toBe(true);
    expect((await readPageForm({ request: request('intent=x'), context: context() })).staleToken).toBe(true);
    expect((await readPageForm({ request: request('_csrf=token'), context: context() })).staleToken).toBe(false);
    expect(await status(readPageForm({ request: request('_csrf=token'), context: context() }))).toBe(200);
  });

  it('reads text with a cap, integers in range, intents from a list and checkboxes', async () => {
    const body = new URLSearchParams({ _csrf: 'token', code: 'x'.repeat(500), quantity: '12', big: '1e3', negative: '-1', intent: 'drop table', flag: 'on' }).toString();
    const form = await readPageForm({ request: request(body), context: context() });
    expect(form.text('code', 64)).toHaveLength(65);
    expect(form.text('missing', 10)).toBe('');
    expect(form.int('quantity', 1, 99)).toBe(12);
    expect(form.int('quantity', 1, 10)).toBeNull();
    expect(form.int('big', 1, 99)).toBeNull();
    expect(form.int('negative', 1, 99)).toBeNull();
    expect(form.choice('intent', ['setQuantity', 'remove'] as const)).toBeNull();
    expect(form.flag('flag')).toBe(true);
    expect(form.flag('other')).toBe(false);
  });
});

describe('checkoutFormErrors', () => {
  it('names every missing invoice field, the terms and the payment, in the shopper language, as the browser does', async () => {
    const body = new URLSearchParams({ _csrf: 'token', 'invoice.firstName': 'Jana', 'invoice.email': 'bez-zavinace', deliveryMethod: 'D1' }).toString();
    const values = checkoutFormValues(await readPageForm({ request: request(body), context: context() }));
    expect(values.invoice.firstName).toBe('Jana');
    expect(values.invoice.country).toBe('CZ');
    const errors = checkoutFormErrors(values, { isPickup: false, paymentMethods: [{ id: 'P1' }] }, 'cs');
    const fields = errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['invoiceAddress.lastName', 'invoiceAddress.email', 'invoiceAddress.street', 'paymentMethod', 'terms']));
    expect(fields).not.toContain('invoiceAddress.firstName');
    expect(errors.find((error) => error.field === 'terms')?.message).toBe('Pro odeslání objednávky musíte souhlasit s obchodními podmínkami.');
    expect(checkoutFormErrors(values, null, 'en').find((error) => error.field === 'deliveryMethod')).toBeDefined();
  });

  it('asks a cart of tickets only for no delivery and no delivery address (decision 0047)', async () => {
    const body = new URLSearchParams({ _csrf: 'token', deliverySameAsInvoice: '', 'delivery.firstName': '' }).toString();
    const values = checkoutFormValues(await readPageForm({ request: request(body), context: context() }));
    const fields = checkoutFormErrors({ ...values, deliverySameAsInvoice: false }, null, 'cs', false).map((error) => error.field);
    expect(fields).toContain('paymentMethod');
    expect(fields.filter((field) => field.startsWith('delivery'))).toEqual([]);
  });
});
