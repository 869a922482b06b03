// Every background job of the shop, started and stopped here, once (app.ts calls startJobs and closes
// what it returns). A job is a small file of this folder that says *when* its work runs, on
// background-loop.ts (one round at a time, on an interval and when kicked, a failed round logged,
// close() waiting for the round in progress); *what* a round does is its service's. The outboxes
// (mail, webhooks) share one mechanism, outbox.ts. No loop lives outside this folder: the lint's
// architecture rules refuse one (docs/architecture.md, docs/decisions/0057).
//
// Across instances each job keeps its own guarantee, so rounds on several instances at once do no
// harm: the outboxes, the unpaid and the uncollected orders claim rows with FOR UPDATE SKIP LOCKED, the hold sweep
// deletes with one DELETE … RETURNING, the pick-up points are written under a transaction's advisory
// lock, the Fio poll claims its call with a conditional UPDATE (one call per 31 s across all), and the
// clean-ups delete what has expired; the price comparison feeds are written under a lease row (one
// writer, decision 0073).
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../services/tickets.ts';
import type { LineLog } from '../log.ts';
import type { BackgroundLoop } from './background-loop.ts';
import { startCleanUpsJob } from './clean-ups.ts';
import { feedScopeOf, startFeedsJob, type FeedsConfig, type FeedsJob } from './feeds.ts';
import { startFioPaymentsJob } from './fio-payments.ts';
import { startHoldSweepJob } from './hold-sweep.ts';
import { startMailJob, type MailConfig, type Mailer } from './mail.ts';
import { startPickupPointFeedJob } from './pickup-point-feed.ts';
import { startRateLimitPruningJob } from './rate-limit-pruning.ts';
import { startUnpaidOrdersJob } from './unpaid-orders.ts';
import { startPickupRemindersJob } from './pickup-reminders.ts';
import { startUncollectedOrdersJob } from './uncollected-orders.ts';
import { startReviewRequestsJob } from './review-requests.ts';
import { startWebhookJob, type WebhookSender } from './webhooks.ts';
import { startConversionsJob, type ConversionSender } from './conversions.ts';

export type { ConversionSender, FeedsJob, Mailer, WebhookSender };
export { feedScopeOf };

export type JobsConfig = MailConfig &
  FeedsConfig &
  Pick<
    Config,
    | 'webhookAllowHosts'
    | 'webhookIntervalMs'
    | 'unpaidOrdersIntervalMs'
    | 'pickupRemindersIntervalMs'
    | 'uncollectedOrdersIntervalMs'
    | 'reviewRequestsIntervalMs'
    | 'reviewRequestDays'
    | 'holdSweepIntervalMs'
    | 'packetaApiKey'
    | 'packetaFeedUrl'
    | 'packetaFeedTimeoutMs'
    | 'packetaFeedMaxBytes'
    | 'packetaRefreshIntervalMs'
    | 'fioApiToken'
    | 'fioApiUrl'
    | 'fioPollIntervalMs'
    | 'conversions'
    | 'fioCallGapMs'
  >;

export type JobDeps = {
  db: Db;
  /** The database's URL (the embedded one's socket too): the feeds writer's thread connects itself. */
  databaseUrl: string;
  config: JobsConfig;
  log: LineLog;
  /** The clock of seat holds (AppOptions.clock; tests move it). */
  clock: Clock;
};

export type Jobs = {
  /** Sends the mail outbox: on its interval, and at once when kicked (kickMail, or kickMailSender(db) from a service). */
  mail: Mailer;
  /** Delivers the webhook outbox on its interval. */
  webhooks: WebhookSender;
  unpaidOrders: BackgroundLoop;
  /** Reminds customers of orders waiting at a store a day before the pickup deadline. */
  pickupReminders: BackgroundLoop;
  /** Cancels orders still waiting at a store after their pickup deadline. */
  uncollectedOrders: BackgroundLoop;
  /** Asks for reviews some days after delivery, once per order. */
  reviewRequests: BackgroundLoop;
  holdSweep: BackgroundLoop;
  /** Null without PACKETA_API_KEY. */
  pickupPointFeed: BackgroundLoop | null;
  /** Null without FIO_API_TOKEN. */
  fioPayments: BackgroundLoop | null;
  cleanUps: BackgroundLoop;
  rateLimitPruning: BackgroundLoop;
  /** Sends Ověřeno zákazníky and Zboží's backend conversions; null without their keys. */
  conversions: ConversionSender | null;
  /** Writes the price comparison feeds: after catalog changes (`changed`), hourly, soon after the start (decision 0073). */
  feeds: FeedsJob;
  /**
   * After a commit that enqueued e-mail: the mail job sends it at once. The same as a service's
   * kickMailSender(db), for a caller (an after-commit subscriber) that holds the jobs rather than the
   * database client.
   */
  kickMail: () => void;
  /** Stops every job: no more rounds; resolves when the rounds in progress have ended. */
  close: () => Promise<void>;
};

export function startJobs({ db, databaseUrl, config, log, clock }: JobDeps): Jobs {
  const mail = startMailJob(db, config, log);
  // partners' webhooks, written to their outbox by database triggers (docs/decisions/0040)
  const webhooks = startWebhookJob({ db, policy: { allowHosts: config.webhookAllowHosts }, log }, config.webhookIntervalMs);
  const unpaidOrders = startUnpaidOrdersJob(db, config.unpaidOrdersIntervalMs, log);
  const pickupReminders = startPickupRemindersJob(db, config.pickupRemindersIntervalMs, log);
  const uncollectedOrders = startUncollectedOrdersJob(db, config.uncollectedOrdersIntervalMs, log);
  const reviewRequests = startReviewRequestsJob(db, config, log);
  const holdSweep = startHoldSweepJob(db, config.holdSweepIntervalMs, log, clock);
  const pickupPointFeed = startPickupPointFeedJob(db, config, log);
  // the account's movements paired by themselves (docs/decisions/0070)
  const fioPayments = startFioPaymentsJob(db, config, log);
  const cleanUps = startCleanUpsJob(db, log);
  const rateLimitPruning = startRateLimitPruningJob(db, log);
  // the comparison sites' server-side calls of placed orders (docs/decisions/0076)
  const conversions = startConversionsJob({ db, settings: config.conversions, log });
  const feeds = startFeedsJob(db, databaseUrl, config, log, clock);
  return {
    mail,
    webhooks,
    unpaidOrders,
    pickupReminders,
    uncollectedOrders,
    reviewRequests,
    holdSweep,
    pickupPointFeed,
    fioPayments,
    cleanUps,
    rateLimitPruning,
    conversions,
    feeds,
    kickMail: mail.kick,
    async close() {
      await Promise.all(
        [mail, webhooks, unpaidOrders, pickupReminders, uncollectedOrders, reviewRequests, holdSweep, pickupPointFeed, fioPayments, cleanUps, rateLimitPruning, conversions, feeds].map(
          (job) => job?.close(),
        ),
      );
    },
  };
}
