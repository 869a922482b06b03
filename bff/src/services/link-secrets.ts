// Secrets that came in a link's address (an order's hash, a password-reset token, a wishlist's share
// token, an availability watch's cancel token, a no-JavaScript order's confirmation token) are kept in the shopper's session once her page has
// read them, so the page can take them out of the address bar (requirements L3) and still work when
// reloaded at its address without the secret. Only this session gets them back; another browser
// opening the clean address has none. They are checked where they are used, as if they came in the link.

export type LinkSecretKind = 'orderSummary' | 'orderConfirmation' | 'passwordReset' | 'sharedWishlist' | 'watchCancel';

/** The part of the shop's session (graphql/context.ts ShopSession) that keeps them. */
type ShopSession = { linkSecrets?: Record<string, string> };

/** A session keeps the latest few (a shopper opens one or two such links). */
export const MAX_LINK_SECRETS = 10;
/** The longest secret and key taken (every secret the shop issues is shorter). */
const MAX_SECRET_LENGTH = 128;
const MAX_KEY_LENGTH = 20;

function slot(kind: LinkSecretKind, key: string): string {
  return `${kind}:${key}`;
}

/** Keeps a link's secret for this session; false when the input is no secret the shop could have issued. */
export function keepLinkSecret(session: ShopSession, kind: LinkSecretKind, key: string, secret: string): boolean {
  if (secret === '' || secret.length > MAX_SECRET_LENGTH || key.length > MAX_KEY_LENGTH || !/^[A-Za-z0-9_-]+$/.test(secret)) return false;
  const name = slot(kind, key);
  const kept = Object.entries(session.linkSecrets ?? {}).filter(([existing]) => existing !== name);
  session.linkSecrets = Object.fromEntries([...kept.slice(-(MAX_LINK_SECRETS - 1)), [name, secret]]);
  return true;
}

/** The secret this session kept for the link, or null. */
export function keptLinkSecret(session: ShopSession, kind: LinkSecretKind, key: string): string | null {
  return session.linkSecrets?.[slot(kind, key)] ?? null;
}

/** Forgets a secret that has done its work (a used password-reset token). */
export function forgetLinkSecret(session: ShopSession, kind: LinkSecretKind, key: string): void {
  if (!session.linkSecrets?.[slot(kind, key)]) return;
  const rest = { ...session.linkSecrets };
  delete rest[slot(kind, key)];
  session.linkSecrets = rest;
}
