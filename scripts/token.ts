// Partner API tokens from the command line (docs/partners.md):
//   npm run token -- create --name "Partner X" --scopes catalog:read,cart [--rate 120]
//   npm run token -- list
//   npm run token -- revoke <prefix>
//   npm run token -- webhook add <prefix> <https-url> --topics stock.changed,order.paid
//   npm run token -- webhook list [<prefix>] | remove <id> | enable <id> | test <id> | log <id>
// Uses the server's database settings: DATABASE_URL, or the embedded database under DATA_DIR
// (through the running shop's socket when the shop is up, since only one process may open it).
import { parseArgs } from 'node:util';
import type { Config } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';
import {
  ApiTokenInputError,
  createApiToken,
  DEFAULT_RATE_PER_MINUTE,
  listApiTokens,
  parseScopes,
  PARTNER_SCOPES,
  revokeApiToken,
  type ApiTokenSummary,
} from '../bff/src/services/api-tokens.ts';
import { WebhookInputError } from '../bff/src/services/webhooks.ts';
import { parseWebhookCommand, runWebhookCommand, WEBHOOK_USAGE, type WebhookCommand } from './token-webhooks.ts';
import { isCommandLine, runShopCommand, UsageError, type ShopCommand } from './shop-command.ts';

const USAGE = `Usage:
  npm run token -- create --name "Partner X" --scopes ${PARTNER_SCOPES.slice(0, 2).join(',')} [--rate ${DEFAULT_RATE_PER_MINUTE}]
  npm run token -- list
  npm run token -- revoke <prefix>
${WEBHOOK_USAGE}

Scopes: ${PARTNER_SCOPES.join(', ')}. --rate: requests per minute (default ${DEFAULT_RATE_PER_MINUTE}).`;

export type Command =
  | { kind: 'create'; name: string; scopes: string; rate: number | undefined }
  | { kind: 'list' }
  | { kind: 'revoke'; prefix: string }
  | WebhookCommand
  | { kind: 'help' };

export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        scopes: { type: 'string' },
        rate: { type: 'string' },
        topics: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') return { kind: 'help' };
  if (command === undefined) throw new UsageError('Name a command: create, list, revoke or webhook.');
  const onlyFor = (allowed: string[]) => {
    for (const option of ['name', 'scopes', 'rate'] as const) {
      if (values[option] !== undefined && !allowed.includes(option)) throw new UsageError(`--${option} belongs to create only.`);
    }
    if (values.topics !== undefined && command !== 'webhook') throw new UsageError('--topics belongs to webhook add only.');
  };
  switch (command) {
    case 'create': {
      if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}" (quote a name with spaces).`);
      if (!values.name) throw new UsageError('create needs --name "Partner name".');
      if (!values.scopes) throw new UsageError(`create needs --scopes, e.g. --scopes ${PARTNER_SCOPES[0]}.`);
      let rate: number | undefined;
      if (values.rate !== undefined) {
        if (!/^\d+$/.test(values.rate)) throw new UsageError(`--rate must be a whole number of requests per minute, got "${values.rate}".`);
        rate = Number(values.rate);
      }
      try {
        parseScopes(values.scopes); // checked before the database is opened
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      return { kind: 'create', name: values.name, scopes: values.scopes, rate };
    }
    case 'list':
      onlyFor([]);
      if (rest.length > 0) throw new UsageError('list takes no arguments.');
      return { kind: 'list' };
    case 'revoke':
      onlyFor([]);
      if (rest.length !== 1) throw new UsageError('revoke needs exactly one token prefix (see `list`).');
      return { kind: 'revoke', prefix: rest[0] };
    case 'webhook':
      onlyFor([]);
      return parseWebhookCommand(rest, values.topics);
    default:
      throw new UsageError(`Unknown command "${command}"; the commands are create, list, revoke and webhook.`);
  }
}

function date(value: Date | null): string {
  return value ? value.toISOString().slice(0, 16).replace('T', ' ') : '–';
}

function table(tokens: ApiTokenSummary[]): string {
  const rows = [
    ['PREFIX', 'NAME', 'SCOPES', 'RATE/MIN', 'CREATED', 'LAST USED', 'REVOKED'],
    ...tokens.map((t) => [t.prefix, t.name, t.scopes.join(','), String(t.ratePerMinute), date(t.createdAt), date(t.lastUsedAt), date(t.revokedAt)]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

async function run(command: Exclude<Command, { kind: 'help' }>, prisma: Db, config: Config): Promise<void> {
  if (command.kind.startsWith('webhook-')) {
    await runWebhookCommand(command as WebhookCommand, prisma, config);
  } else if (command.kind === 'create') {
    const { token, summary } = await createApiToken(prisma, {
      name: command.name,
      scopes: parseScopes(command.scopes),
      ratePerMinute: command.rate,
    });
    console.log(`Created token ${summary.prefix} for "${summary.name}" (${summary.scopes.join(', ')}; ${summary.ratePerMinute} requests/minute):\n`);
    console.log(`  ${token}\n`);
    console.log('Copy it now and hand it over securely: it is not stored and will not be shown again.');
  } else if (command.kind === 'list') {
    const tokens = await listApiTokens(prisma);
    console.log(tokens.length === 0 ? 'No tokens yet; create one with `npm run token -- create`.' : table(tokens));
  } else if (command.kind === 'revoke') {
    const { status, summary } = await revokeApiToken(prisma, command.prefix);
    console.log(
      status === 'revoked'
        ? `Revoked token ${summary.prefix} ("${summary.name}"); requests with it are refused from now on.`
        : `Token ${summary.prefix} ("${summary.name}") was already revoked on ${date(summary.revokedAt)}.`,
    );
  }
}

export const tokenCommand: ShopCommand<Command> = {
  name: 'token',
  usage: USAGE,
  parse: parseCommand,
  run,
  isInputError: (error) => error instanceof ApiTokenInputError || error instanceof WebhookInputError,
};

// `npx tsx scripts/token.ts …` in development; the build runs tokenCommand from build/bff/token.js (`npm run token`)
if (isCommandLine(import.meta.url)) {
  process.exitCode = await runShopCommand(tokenCommand, process.argv.slice(2));
}
