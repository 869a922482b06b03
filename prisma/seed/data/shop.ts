// Operator details shared by the info pages and the store list: the supplier of schema/rules/supplier.ts
// (the invoices and e-mails use the same), flattened for the page texts.
import { SUPPLIER } from '../../../schema/rules/supplier.ts';

export const shop = {
  name: SUPPLIER.shopName,
  company: SUPPLIER.company,
  street: SUPPLIER.street,
  city: SUPPLIER.city,
  postcode: SUPPLIER.postcode,
  ico: SUPPLIER.ico,
  dic: SUPPLIER.dic,
  register: SUPPLIER.register,
  email: SUPPLIER.email,
  complaintsEmail: SUPPLIER.complaintsEmail,
  privacyEmail: SUPPLIER.privacyEmail,
  phone: SUPPLIER.phone,
  bankAccount: SUPPLIER.bankAccounts.CZK.accountNumber,
  iban: SUPPLIER.bankAccounts.CZK.iban,
  returnsAddress: `${SUPPLIER.company}, reklamační oddělení, ${SUPPLIER.street}, ${SUPPLIER.postcode} ${SUPPLIER.city}`,
} as const;
