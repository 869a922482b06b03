// What every way of signing in does once the customer is known (login, and registration, which signs
// the new customer in): the guest cart and the guest wishlist of this session join the customer's,
// then the session id is replaced (A2: no session fixation) and the session remembers the customer.
// The merges run first, while the session's key still names the guest's rows. The secrets of links this
// browser opened (services/link-secrets.ts) stay with it, so a page it opened still works.
import type { Db } from '../db/client.ts';
import { cartAfterLogin } from './cart.ts';
import { wishlistAfterLogin } from './wishlist.ts';

export type AfterLoginContext = {
  prisma: Db;
  session: { cartId?: string; customerId?: number; linkSecrets?: Record<string, string> };
  /** SHA-256 (hex) of the (guest) session id: the key of the guest's cart and wishlist. */
  sessionKey: string;
  regenerateSession: () => Promise<void>;
  customerId: number | null;
};

export async function afterLogin(ctx: AfterLoginContext, customerId: number): Promise<void> {
  const cartId = await cartAfterLogin(ctx.prisma, ctx.session.cartId, customerId);
  await wishlistAfterLogin(ctx.prisma, ctx.sessionKey, customerId);
  const linkSecrets = ctx.session.linkSecrets;
  await ctx.regenerateSession();
  ctx.session.customerId = customerId;
  if (linkSecrets) ctx.session.linkSecrets = linkSecrets;
  if (cartId) ctx.session.cartId = cartId;
  ctx.customerId = customerId;
}
