// `npm run stock` reads the server's configuration from its environment with the server's loadConfig
// (issue 24, item 6): the back-in-stock e-mail it sends links to PUBLIC_URL, the shop's address, and to
// no other host; it sends only the e-mails it caused. The command's main function runs in this process
// against the test app's database.
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { stockCommand } from '../../scripts/stock.ts';

let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  // the shop itself is configured for another address: the command must use its own environment's
  app = await createTestApp({ config: { publicUrl: 'http://localhost:3000' } });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-stock-command-'));
});

afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every address an e-mail links to: the HTML's href and src values and the URLs in its plain text. */
function linksOf(mail: { html?: string | false; text?: string }): string[] {
  const html = typeof mail.html === 'string' ? [...mail.html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1]) : [];
  const text = [...(mail.text ?? '').matchAll(/\b(?:https?|ftp):\/\/[^\s<>"')]+|\bwww\.[^\s<>"')]+/g)].map((match) => match[0]);
  return [...html, ...text];
}

describe(`npm run stock (${databaseKind})`, () => {
  it('with PUBLIC_URL=https://shop.example every link in the back-in-stock e-mails starts with it; the shop’s other e-mails stay queued', async () => {
    const product = await createProduct(app.prisma, { names: { cs: 'Dres Bohemians domácí', en: 'Bohemians home jersey' }, variants: [{ size: 'M', stock: 0 }] });
    const [variant] = product.variants;
    await app.prisma.availabilityWatch.createMany({
      data: [
        { variantId: variant.id, email: 'fanousek@example.cz', language: 'cs', unsubscribeToken: `stock-command-cs-${variant.id}` },
        { variantId: variant.id, email: 'fan@example.com', language: 'en', unsubscribeToken: `stock-command-en-${variant.id}` },
      ],
    });

    // an e-mail of the shop's own, due too: the command leaves it to the shop
    const reset = await app.prisma.mailOutbox.create({
      data: { kind: 'passwordReset', recipient: 'zakaznice@example.cz', language: 'cs', payload: { token: 'stock-command-test', validMinutes: 60 } },
    });

    const env = {
      DATABASE_URL: app.databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://shop.example',
      // the server requires it with an https address; the command reads the same settings
      SESSION_SECRET: 'stock-command-test-session-secret-0123456789',
    };
    expect(await runShopCommand(stockCommand, ['set', variant.code, '3'], env)).toBe(0);

    const files = (await readdir(path.join(dataDir, 'mail'))).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(2);
    for (const file of files) {
      const mail = await simpleParser(await readFile(path.join(dataDir, 'mail', file)));
      const links = linksOf(mail);
      expect(links.length).toBeGreaterThanOrEqual(4);
      for (const link of links) expect(link).toMatch(/^https:\/\/shop\.example\//);
    }
    expect(await app.prisma.mailOutbox.count({ where: { kind: 'availabilityWatch', sentAt: { not: null }, recipient: { in: ['fanousek@example.cz', 'fan@example.com'] } } })).toBe(2);
    expect(await app.prisma.mailOutbox.findUniqueOrThrow({ where: { id: reset.id } })).toMatchObject({ status: 'PENDING', attempts: 0, sentAt: null });
  });

  it('a PUBLIC_URL the server would refuse stops the command with the server’s message (exit code 1), nothing sent', async () => {
    const product = await createProduct(app.prisma, { variants: [{ size: 'L', stock: 0 }] });
    const [variant] = product.variants;
    const env = { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example' };
    expect(await runShopCommand(stockCommand, ['set', variant.code, '3'], env)).toBe(1);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(0);
  });
});
