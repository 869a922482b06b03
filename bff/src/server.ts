// Starts the shop: reads the configuration, builds the app and listens. Nothing else.
import { createServer, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { loadConfig, ConfigError } from './config.ts';
import { createApp } from './app.ts';
import { createLogger } from './log.ts';

/** Until the app's log exists: what stops the start is written whatever NODE_ENV and LOG_LEVEL say. */
const startLog = createLogger({ env: 'production', logLevel: 'info' });

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const shop = await createApp(config);
  const { log } = shop;
  let stopping = false;
  // the responses not finished yet: during the drain each one closes its connection when done
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (stopping) res.setHeader('Connection', 'close');
    shop.app(req, res);
  });
  // a port that cannot be had (another process listens there) stops the start with a clear line and
  // exit code 1; unhandled, it would end the process with a bare stack trace
  server.once('error', (error: NodeJS.ErrnoException) => {
    const why = error.code === 'EADDRINUSE' ? 'the port is in use by another process' : error.message;
    const what = server.listening ? 'The server stopped' : `Cannot listen on ${config.host}:${config.port}`;
    log.fatal(`${what}: ${why} (${error.code ?? 'error'})`);
    log.flush();
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const where = config.databaseUrl ? 'PostgreSQL server' : `embedded PostgreSQL in ${config.dataDir}`;
    log.info(`Shop ready at ${config.publicUrl} (${config.env}, ${where}) in ${Date.now() - started} ms`);
  });

  // Graceful shutdown (requirement O4, issue 31): /ready answers 503 at once, so a load balancer stops
  // sending requests; for SHUTDOWN_DRAIN_MS the server still accepts connections (the balancer has not
  // noticed yet) and every answer closes its connection; then it stops listening, waits up to
  // SHUTDOWN_TIMEOUT_MS for the requests in flight, sends the e-mail being sent, closes the database
  // and Redis, and exits 0, or 1 when requests had to be cut. A balancer that does not ask /ready
  // may still open a connection in the instant the listener closes, which is reset: take the
  // instance out of such a balancer before the SIGTERM (decision 0083).
  const shutdown = (signal: string) => {
    if (stopping) return; // a process manager may signal twice
    stopping = true;
    log.info(`${signal}: finishing requests in flight, then stopping`);
    shop.startDrain();
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const finish = (cut: boolean) => {
      // what is left is bounded too: a database that does not answer must not keep the process
      setTimeout(() => process.exit(1), config.shutdownTimeoutMs).unref();
      void shop.close().then(
        () => process.exit(cut ? 1 : 0),
        (error) => {
          log.error({ err: error }, 'Stopping failed');
          log.flush();
          process.exit(1);
        },
      );
    };
    // (setImmediate: connections waiting in the kernel's queue are accepted in the poll phase before it)
    setTimeout(() => setImmediate(() => {
      let cut = false;
      const limit = setTimeout(() => {
        cut = true;
        log.warn(`Requests still in flight after ${config.shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS): cut`);
        server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      // Stop accepting. net's close, not http's: http's also drops at once the connections accepted whose
      // request has not been read yet, which a busy server resets by dozens.
      // then, every 500 ms, the keep-alive connections left idle (busy ones close after their answer:
      // Connection: close); by then every connection accepted before the close has had its request read
      // not a job: part of this one shutdown, cleared when the server has closed
      const idle = setInterval(() => setImmediate(() => server.closeIdleConnections()), 500);
      NetServer.prototype.close.call(server, () => {
        clearTimeout(limit);
        clearInterval(idle);
        finish(cut);
      });
    }), config.shutdownDrainMs);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) startLog.fatal(`Configuration error: ${error.message}`);
  else startLog.fatal({ err: error }, 'The shop could not start');
  startLog.flush();
  process.exit(1);
});
