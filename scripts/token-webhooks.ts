// `npm run token -- webhook …`: a partner token's webhook endpoints (docs/partners.md, chapter 13;
// docs/decisions/0040). The verbs parse here and run against the services; `test` sends its ping
// from this process, through the same sender and the same address checks as the shop.
import type { Config } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';
import { deliverWebhooks } from '../bff/src/jobs/webhook-deliveries.ts';
import {
  addWebhookEndpoint,
  enableWebhookEndpoint,
  enqueueWebhookPing,
  listWebhookEndpoints,
  parseTopics,
  removeWebhookEndpoint,
  WEBHOOK_TOPICS,
  webhookDeliveryLog,
  WebhookInputError,
  type WebhookEndpointSummary,
  type WebhookTopic,
} from '../bff/src/services/webhooks.ts';
import { UsageError } from './shop-command.ts';

export const WEBHOOK_USAGE = `  npm run token -- webhook add <prefix> <https-url> --topics ${Object.keys(WEBHOOK_TOPICS).join(',')}
  npm run token -- webhook list [<prefix>]
  npm run token -- webhook remove <id>
  npm run token -- webhook enable <id>     (switch on an endpoint switched off after 24 hours of failures)
  npm run token -- webhook test <id>       (sends a webhook.ping and shows the answer)
  npm run token -- webhook log <id>        (the latest deliveries: status, attempts, last error)`;

export type WebhookCommand =
  | { kind: 'webhook-add'; prefix: string; url: string; topics: WebhookTopic[] }
  | { kind: 'webhook-list'; prefix: string | undefined }
  | { kind: 'webhook-remove' | 'webhook-enable' | 'webhook-test' | 'webhook-log'; id: string };

export function parseWebhookCommand(args: string[], topics: string | undefined): WebhookCommand {
  const [verb, ...rest] = args;
  if (topics !== undefined && verb !== 'add') throw new UsageError('--topics belongs to webhook add only.');
  switch (verb) {
    case 'add': {
      if (rest.length !== 2) throw new UsageError('webhook add needs a token prefix and a URL: webhook add <prefix> <https-url> --topics ….');
      if (topics === undefined) throw new UsageError(`webhook add needs --topics, e.g. --topics ${Object.keys(WEBHOOK_TOPICS).join(',')}.`);
      try {
        return { kind: 'webhook-add', prefix: rest[0], url: rest[1], topics: parseTopics(topics) };
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    }
    case 'list':
      if (rest.length > 1) throw new UsageError('webhook list takes at most a token prefix.');
      return { kind: 'webhook-list', prefix: rest[0] };
    case 'remove':
    case 'enable':
    case 'test':
    case 'log':
      if (rest.length !== 1) throw new UsageError(`webhook ${verb} needs exactly one endpoint id (see \`webhook list\`).`);
      return { kind: `webhook-${verb}`, id: rest[0] };
    case undefined:
      throw new UsageError('Name a webhook command: add, list, remove, enable, test or log.');
    default:
      throw new UsageError(`Unknown webhook command "${verb}"; the commands are add, list, remove, enable, test and log.`);
  }
}

function date(value: Date | null): string {
  return value ? value.toISOString().slice(0, 16).replace('T', ' ') : '–';
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

function state(endpoint: WebhookEndpointSummary): string {
  if (endpoint.disabledAt) return `switched off ${date(endpoint.disabledAt)}`;
  if (endpoint.failingSince) return `failing since ${date(endpoint.failingSince)}`;
  return 'on';
}

export async function runWebhookCommand(command: WebhookCommand, prisma: Db, config: Config): Promise<void> {
  const policy = { allowHosts: config.webhookAllowHosts };
  switch (command.kind) {
    case 'webhook-add': {
      const { secret, endpoint } = await addWebhookEndpoint(prisma, { tokenPrefix: command.prefix, url: command.url, topics: command.topics }, policy);
      console.log(`Added webhook endpoint ${endpoint.id} for token ${endpoint.tokenPrefix} ("${endpoint.tokenName}"): ${endpoint.url}`);
      console.log(`Topics: ${endpoint.topics.join(', ')}. Its signing secret:\n`);
      console.log(`  ${secret}\n`);
      console.log('Hand it to the partner securely: it verifies the webhook-signature header, and it is not shown again.');
      return;
    }
    case 'webhook-list': {
      const endpoints = await listWebhookEndpoints(prisma, command.prefix);
      if (endpoints.length === 0) {
        console.log('No webhook endpoints yet; add one with `npm run token -- webhook add`.');
        return;
      }
      console.log(
        table([
          ['ID', 'TOKEN', 'URL', 'TOPICS', 'CREATED', 'STATE'],
          ...endpoints.map((e) => [String(e.id), e.tokenPrefix, e.url, e.topics.join(','), date(e.createdAt), state(e)]),
        ]),
      );
      return;
    }
    case 'webhook-remove': {
      const endpoint = await removeWebhookEndpoint(prisma, command.id);
      console.log(`Removed webhook endpoint ${endpoint.id} (${endpoint.url}) with its delivery log.`);
      return;
    }
    case 'webhook-enable': {
      const { status, endpoint } = await enableWebhookEndpoint(prisma, command.id);
      console.log(status === 'enabled' ? `Switched webhook endpoint ${endpoint.id} (${endpoint.url}) on again.` : `Webhook endpoint ${endpoint.id} is on already.`);
      return;
    }
    case 'webhook-test': {
      const { deliveryId, endpoint } = await enqueueWebhookPing(prisma, command.id);
      await deliverWebhooks({ db: prisma, policy, log: { info: () => undefined, error: () => undefined } }, { ids: [deliveryId] });
      const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, select: { status: true, lastStatus: true, lastError: true } });
      if (row.status === 'DELIVERED') {
        console.log(`Ping ${deliveryId} delivered to ${endpoint.url}: HTTP ${row.lastStatus}.`);
      } else {
        // exit code 2, like any other refusal of the command
        throw new WebhookInputError(`Ping ${deliveryId} to ${endpoint.url} failed: ${row.lastError ?? 'not sent'}.`);
      }
      return;
    }
    case 'webhook-log': {
      const { endpoint, deliveries } = await webhookDeliveryLog(prisma, command.id);
      console.log(`Webhook endpoint ${endpoint.id} (${endpoint.url}), ${state(endpoint)}; the latest ${deliveries.length} deliveries:`);
      if (deliveries.length === 0) return;
      console.log(
        table([
          ['CREATED', 'ID', 'TOPIC', 'STATUS', 'ATTEMPTS', 'HTTP', 'NEXT ATTEMPT', 'LAST ERROR'],
          ...deliveries.map((d) => [
            date(d.createdAt),
            d.id,
            d.topic,
            d.status,
            String(d.attempts),
            d.lastStatus === null ? '–' : String(d.lastStatus),
            d.status === 'PENDING' ? date(d.nextAttemptAt) : '–',
            d.lastError ?? '',
          ]),
        ]),
      );
      return;
    }
  }
}
