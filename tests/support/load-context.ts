// A whole load context (schema/load-context.ts) for unit tests of what loaders use: a test names only
// what it looks at, the rest is a harmless default.
import type { ShopLoadContext } from '../../schema/load-context.ts';
import { DEFAULT_WITHDRAWAL_PERIOD_DAYS } from '../../schema/rules/withdrawal.ts';

export function loadContext(overrides: Partial<ShopLoadContext> = {}): ShopLoadContext {
  return {
    executeGraphQL: async () => ({ data: null }),
    nonce: 'test-nonce',
    publicUrl: 'http://localhost',
    formToken: null,
    personalPage: false,
    verifyFormToken: () => false,
    withdrawalPeriodDays: DEFAULT_WITHDRAWAL_PERIOD_DAYS,
    tracking: { gtmId: null, socialPixelId: null, conversions: false },
    allowConversionScripts: null,
    ...overrides,
  };
}
