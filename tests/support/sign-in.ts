// The demo customer signs in on the English login page, as a shopper would, and lands on her account.
import type { Page } from 'playwright-core';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';

export async function signInAsDemoCustomer(page: Page, shopUrl: string): Promise<void> {
  await page.goto(`${shopUrl}/en/login`);
  await page.waitForSelector('html[data-hydrated]');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Password').fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/en\/account$/);
}
