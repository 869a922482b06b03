// A customer signs in on the login page, as a shopper would: the e-mail, the password, the form's
// button, and she lands where the login leads (`next`, else her account). The browser tests sign in
// with these steps rather than copying them.
import type { Page } from 'playwright-core';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';
import { href } from '../../schema/routes.ts';

const LOGIN_FORM = {
  cs: { password: 'Heslo', submit: 'Přihlásit se' },
  en: { password: 'Password', submit: 'Log in' },
} as const;

export type SignIn = {
  email: string;
  password: string;
  /** The login page's language (default English). */
  language?: 'cs' | 'en';
  /** Where the login leads afterwards (its `?next=`); without it, her account. */
  next?: string;
};

export async function signIn(page: Page, shopUrl: string, { email, password, language = 'en', next }: SignIn): Promise<void> {
  const texts = LOGIN_FORM[language];
  await page.goto(`${shopUrl}${href('login', language)}${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.waitForSelector('html[data-hydrated]');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel(texts.password).fill(password);
  // the form's button: the header names the login page alike
  await page.locator('main form').getByRole('button', { name: texts.submit }).click();
  const target = next ?? href('account', language);
  await page.waitForURL((url) => url.pathname + url.search === target);
}

/** The demo customer signs in on the English login page and lands on her account. */
export async function signInAsDemoCustomer(page: Page, shopUrl: string): Promise<void> {
  await signIn(page, shopUrl, { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
}
