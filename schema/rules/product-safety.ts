// Product safety information (GPSR, Regulation (EU) 2023/988 Art. 16 and 19; decision 0064): who must
// be named on a product's offer. The database enforces the same rule (trigger
// "Product_eu_responsible_person", migration 20261129013000_product_safety); the seed and any import
// check it first to say which product and why before they write anything.

/** The member states of the European Union, ISO 3166-1 alpha-2 (the migration's is_eu_member_state). */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

export function isEuMemberState(countryCode: string | null | undefined): boolean {
  return countryCode != null && EU_MEMBER_STATES.includes(countryCode);
}

/**
 * Whether a product of a manufacturer in this country must name an EU responsible person: when the
 * manufacturer is established outside the Union, or its country is not known.
 */
export function needsEuResponsiblePerson(manufacturerCountryCode: string | null | undefined): boolean {
  return !isEuMemberState(manufacturerCountryCode);
}

/** Why a product cannot be written as it is, or null when it can (the database's message, in English). */
export function responsiblePersonProblem(product: {
  code: string;
  manufacturerName: string;
  manufacturerCountryCode: string | null | undefined;
  hasResponsiblePerson: boolean;
}): string | null {
  if (product.hasResponsiblePerson || !needsEuResponsiblePerson(product.manufacturerCountryCode)) return null;
  return (
    `Product ${product.code} needs an EU responsible person: its manufacturer ${product.manufacturerName} is established outside ` +
    `the European Union (country ${product.manufacturerCountryCode ?? 'unknown'}). Set "responsiblePersonId" (GPSR, Regulation (EU) 2023/988, Art. 16 and 19).`
  );
}

/** An electronic address as the page links it: an e-mail address (mailto:) or a contact form's URL. */
export function electronicAddressHref(address: string): string | null {
  if (/^https?:\/\/[^\s]+$/i.test(address)) return address;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return `mailto:${address}`;
  return null;
}
