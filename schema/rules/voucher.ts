// The voucher field (the cart's and the /voucher page's): one schema, run by the browser and by the
// pages' actions without JavaScript; the BFF refuses a longer code with the same limit.
import { EMAIL_MAX_LENGTH } from './identity.ts';
import { email, max, required, type FormSchema } from './validators.ts';

export const VOUCHER_CODE_MAX_LENGTH = 64;

/**
 * Whether the e-mail is required now: only while the code typed is the one that asked for it (an
 * e-mail-bound voucher answered EMAIL_REQUIRED), never for another code typed after it.
 */
export function voucherNeedsEmail(code: string, emailFor: string | null | undefined): boolean {
  return !!emailFor && code.trim().toUpperCase() === emailFor.trim().toUpperCase();
}

/** The code, and the e-mail that an e-mail-bound voucher asks for (optional until it does). */
export function voucherFormSchema(needsEmail: boolean) {
  return {
    code: [required, max(VOUCHER_CODE_MAX_LENGTH)],
    email: needsEmail ? [required, email, max(EMAIL_MAX_LENGTH)] : [email, max(EMAIL_MAX_LENGTH)],
  } as const satisfies FormSchema;
}
