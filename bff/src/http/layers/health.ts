// /health and /ready: a load balancer's checks, answered before files, sessions and GraphQL (app.ts).
import type { Layer } from './layer.ts';

/**
 * Ready means: not shutting down, and the database answering. Redis is not part of it by default
 * (docs/decisions/0008, 0037): without it every instance serves on, counting rate limits in the
 * database, and taking them all out of rotation would stop the shop; the body names it.
 * READY_REQUIRES_REDIS=true makes a configured Redis that does not answer a 503, for a deployment
 * that would rather send shoppers to instances that still reach it. Load is not a reason: with every
 * database connection at work (which shows the database answers) it is ready and says `busy`. A 503
 * for that took the last instance carrying the load out of a balancer that checks (issue 40, item 16).
 */
export const health: Layer = {
  name: 'health',
  mount(app, { config, pool, prisma, rateLimiter, draining }) {
    app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
    app.get('/ready', async (_req, res) => {
      if (draining()) return void res.status(503).json({ status: 'draining' });
      if (pool.totalCount >= (pool.options.max ?? 10) && pool.idleCount === 0) {
        return void res.json({ status: 'ready', busy: true });
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), 2000);
      });
      try {
        await Promise.race([prisma.$queryRaw`SELECT 1`, timeout]);
        const degraded = rateLimiter.degraded();
        if (degraded && config.readyRequiresRedis) return void res.status(503).json({ status: 'unavailable', redis: degraded });
        res.json(degraded ? { status: 'ready', degraded: { redis: degraded } } : { status: 'ready' });
      } catch {
        res.status(503).json({ status: 'unavailable' });
      } finally {
        clearTimeout(timer);
      }
    });
  },
};
