import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';

export type Language = 'cs' | 'en';
export type CurrencyCode = 'CZK' | 'EUR';

/** What the shop keeps in the cookie session (stored server-side in PostgreSQL). */
export type ShopSession = {
  cartId?: string;
  customerId?: number;
};

export type Context = {
  prisma: Db;
  config: Config;
  language: Language;
  currency: CurrencyCode;
  session: ShopSession;
  /** Replaces the session id (login, logout) to prevent session fixation. */
  regenerateSession: () => Promise<void>;
  customerId: number | null;
  requestId: string;
};
