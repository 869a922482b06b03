// Czech payment-system bank codes ("kódy platebního styku v ČR") with the institutions' names.
// Source: Czech National Bank, list "Kódy platebního styku v ČR" (kody_bank_CR.csv at
// https://www.cnb.cz/cs/platebni-styk/ucty-kody-bank/), state as of 2024. Written out by hand from that
// list, not downloaded at build time: compare with the current CSV when a customer reports a rejected code.

export const CZECH_BANK_CODES: Readonly<Record<string, string>> = {
  '0100': 'Komerční banka, a.s.',
  '0300': 'Československá obchodní banka, a. s.',
  '0600': 'MONETA Money Bank, a.s.',
  '0710': 'Česká národní banka',
  '0800': 'Česká spořitelna, a.s.',
  '2010': 'Fio banka, a.s.',
  '2060': 'Citfin, spořitelní družstvo',
  '2070': 'TRINITY BANK a.s.',
  '2100': 'ČSOB Hypoteční banka, a.s.',
  '2200': 'Peněžní dům, spořitelní družstvo',
  '2220': 'Artesa, spořitelní družstvo',
  '2250': 'Banka CREDITAS a.s.',
  '2260': 'NEY spořitelní družstvo',
  '2275': 'Podnikatelská družstevní záložna',
  '2600': 'Citibank Europe plc, organizační složka',
  '2700': 'UniCredit Bank Czech Republic and Slovakia, a.s.',
  '3030': 'Air Bank a.s.',
  '3050': 'BNP Paribas Personal Finance SA, odštěpný závod',
  '3060': 'PKO BP S.A., Czech Branch',
  '3500': 'ING Bank N.V.',
  '4000': 'Max banka a.s.',
  '4300': 'Národní rozvojová banka, a.s.',
  '5500': 'Raiffeisenbank a.s.',
  '5800': 'J&T BANKA, a.s.',
  '6000': 'PPF banka a.s.',
  '6100': 'Raiffeisenbank a.s. (formerly Equa bank a.s.)',
  '6200': 'COMMERZBANK Aktiengesellschaft, pobočka Praha',
  '6210': 'mBank S.A., organizační složka',
  '6300': 'BNP Paribas S.A., pobočka Česká republika',
  '6363': 'Partners Banka, a.s.',
  '6700': 'Všeobecná úverová banka a.s., pobočka Praha',
  '6800': 'Sberbank CZ, a.s. v likvidaci',
  '7910': 'Deutsche Bank Aktiengesellschaft Filiale Prag, organizační složka',
  '7950': 'Raiffeisen stavební spořitelna a.s.',
  '7960': 'ČSOB Stavební spořitelna, a.s.',
  '7970': 'MONETA Stavební Spořitelna, a.s.',
  '7990': 'Modrá pyramida stavební spořitelna, a.s.',
  '8030': 'Volksbank Raiffeisenbank Nordoberpfalz eG pobočka Cheb',
  '8040': 'Oberbank AG pobočka Česká republika',
  '8060': 'Stavební spořitelna České spořitelny, a.s.',
  '8090': 'Česká exportní banka, a.s.',
  '8150': 'HSBC Continental Europe, Czech Republic',
  '8190': 'Sparkasse Oberlausitz-Niederschlesien',
  '8198': 'FAS finance company s.r.o.',
  '8220': 'Payment execution s.r.o.',
  '8250': 'Bank of China (CEE) Ltd. Prague Branch',
  '8255': 'Bank of Communications Co., Ltd., Prague Branch odštěpný závod',
  '8265': 'Industrial and Commercial Bank of China Limited, Prague Branch, odštěpný závod',
  '8280': 'B-Efekt a.s.',
  '8500': 'Multitude Bank p.l.c.',
};

export function isKnownCzechBankCode(code: string): boolean {
  return Object.hasOwn(CZECH_BANK_CODES, code);
}

export function czechBankName(code: string): string | null {
  return isKnownCzechBankCode(code) ? CZECH_BANK_CODES[code] : null;
}
