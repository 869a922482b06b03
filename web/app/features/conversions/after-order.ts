// Where "Koupit a zaplatit" leads (docs/decisions/0076): with a conversion script configured, the
// thank-you page, whose address carries no secret and where the scripts may run; without one, the
// order's summary at its secret link, as before (no third-party tag runs there).
import { useRouteLoaderData } from 'react-router';
import { href } from '../../language.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';

export function afterOrderPath(conversions: boolean, language: Locale, order: { databaseId: number; hash: string }): string {
  return conversions ? href('thankYou', language) : href('orderSummary', language, { id: order.databaseId, hash: order.hash });
}

/** Whether the shop measures conversions in the browser (the root's data, from the BFF's load context). */
export function useConversionPage(): boolean {
  return useRouteLoaderData<{ tracking?: { conversions?: boolean } }>('root')?.tracking?.conversions ?? false;
}
