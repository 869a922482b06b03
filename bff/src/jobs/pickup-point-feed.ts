// The pick-up point feed job: with PACKETA_API_KEY, Packeta's points are fetched and stored
// (services/pickup-point-feed.ts refreshPacketaPoints) soon after the start and then every
// PACKETA_REFRESH_HOURS; a failed refresh is logged, the points stored before stay, and the next round
// tries again. Closing aborts a download in progress. Several instances: the write takes a
// transaction's advisory lock, so one stores and the others drop theirs.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { refreshPacketaPoints } from '../services/pickup-point-feed.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

type FeedConfig = Pick<Config, 'packetaApiKey' | 'packetaFeedUrl' | 'packetaFeedTimeoutMs' | 'packetaFeedMaxBytes' | 'packetaRefreshIntervalMs'>;

/** Null without PACKETA_API_KEY or with the refresh off (interval 0): the demo points stay as they are. */
export function startPickupPointFeedJob(db: Db, config: FeedConfig, log: Pick<LineLog, 'info' | 'error'>): BackgroundLoop | null {
  const apiKey = config.packetaApiKey;
  if (!apiKey || config.packetaRefreshIntervalMs <= 0) return null;
  const options = { apiKey, url: config.packetaFeedUrl, timeoutMs: config.packetaFeedTimeoutMs, maxBytes: config.packetaFeedMaxBytes };
  return startBackgroundLoop({
    async round(signal) {
      const outcome = await refreshPacketaPoints(db, { ...options, signal });
      if (outcome.stored !== null) log.info(`[pickup points] ${outcome.stored} Packeta points stored, ${outcome.skipped} rows skipped`);
    },
    intervalMs: config.packetaRefreshIntervalMs,
    firstRoundAfterMs: 5_000,
    failure: '[pickup points] refreshing the Packeta feed failed',
    log,
  });
}
