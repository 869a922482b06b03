// Imports the domain files and exports the schema; nothing else.
import { builder } from './builder.ts';
import './errors.ts';
import './catalog.ts';
import './wishlist.ts';
import './watch.ts';
import './cart.ts';
import './content.ts';
import './store.ts';
import './store-hours.ts';
import './returns.ts';
import './customer.ts';
import './account-identity.ts';
import './captcha.ts';
import './consent.ts';
import './newsletter.ts';
import './pickup-point.ts';
import './checkout.ts';
import './order.ts';
import './credit-notes.ts';
import './tickets.ts';
import './voucher.ts';
import './address.ts';
import './account.ts';
import './link-secrets.ts';
import './withdrawals.ts';
import './delivery-promise.ts';

export const schema = builder.toSchema({ sortSchema: true });
