// The review request job: hourly (config reviewRequestsIntervalMs; 0: never), services/reviews.ts
// sendReviewRequests: an order delivered or picked up REVIEW_REQUEST_DAYS ago, not opted out at checkout,
// gets one e-mail asking for reviews of its goods (decision 0075). Across instances each order is asked
// once: the insert of its ReviewRequest row decides.
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { sendReviewRequests } from '../services/reviews.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export function startReviewRequestsJob(db: Db, config: { reviewRequestsIntervalMs: number; reviewRequestDays: number }, log: Pick<LineLog, 'error'>): BackgroundLoop {
  return startBackgroundLoop({
    round: () => sendReviewRequests(db, config.reviewRequestDays),
    intervalMs: config.reviewRequestsIntervalMs,
    firstRoundAfterMs: Math.min(config.reviewRequestsIntervalMs, 120_000),
    failure: '[reviews] sending review requests failed',
    log,
  });
}
