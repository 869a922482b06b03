// The count line above a product list. Beyond the count's cap (bff/src/services/catalog.ts, decision
// 0060) the API says only that more match: "více než 10 000" / "more than 10,000".
import type { i18n } from 'i18next';

export function listingCount(t: i18n['t'], language: string, list: { from: number; to: number; total: number; capped: boolean }): string {
  if (!list.capped) return t('list.viewed', { from: list.from, to: list.to, count: list.total });
  return t('list.viewedMoreThan', { from: list.from, to: list.to, total: new Intl.NumberFormat(language).format(list.total) });
}
