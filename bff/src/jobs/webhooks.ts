// The webhook job: delivers the webhook outbox (webhook-deliveries.ts) every WEBHOOK_INTERVAL_MS (the
// triggers of migration 20261127020000_webhooks write it, so nothing kicks it after a commit; 0: only
// when kicked, as tests want), one round at a time in this process. A round the database cut short
// leaves the rows, and the next round picks them up.
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';
import { deliverWebhooks, type DeliverOptions, type DeliverReport, type WebhookSenderDeps } from './webhook-deliveries.ts';

/** The loop's kick (send what is due), idle and close, and a round that reports what it did. */
export type WebhookSender = BackgroundLoop & {
  /** Sends what is due now and resolves when done (tests, commands). */
  deliverNow: (options?: DeliverOptions) => Promise<DeliverReport>;
};

export function startWebhookJob(deps: WebhookSenderDeps, intervalMs: number): WebhookSender {
  const loop = startBackgroundLoop({ round: () => deliverWebhooks(deps), intervalMs, failure: '[webhooks] sending failed', log: deps.log });
  return { ...loop, deliverNow: (options) => deliverWebhooks(deps, options) };
}
